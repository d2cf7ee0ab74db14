import { describe, expect, it } from 'vitest';
import { HANGUP_MINUTE_MS } from '../../../web/api/contract.ts';
import { RECONNECT_WAIT_MS, SDK_INIT_WAIT_MS, SOCKET_RECONNECT_DELAY_MS } from '../../../web/core/constants.ts';
import { ApiError } from '../../../web/core/http/errors.ts';
import { flush, harness, member, playAnswer } from './fakes.ts';

describe('SPEC §4 Reconnect by session id', () => {
  it('SPEC §4 43001 reconnects: recon_play_game with the sc_id, the SDK reconnects, 100 plays again', async () => {
    const h = harness();
    await h.play();
    h.sdk.event(43001);
    expect(h.session.phase.value).toBe('reconnecting');
    expect(h.session.flags.value).toMatchObject({ reconnecting: true, playing: false, hasStream: false, loadingPercent: 0 });
    await flush();
    expect(h.api.last('reconPlayGame')?.req).toEqual({ sc_id: 'sc-1', game_key: 'space-race' });
    expect(h.sdk.log.at(-1)).toBe('reconnect sc-1');
    expect(h.session.reconnectSecondsLeft.value).toBe(60);
    h.sdk.progress(50);
    expect(h.session.progress.value).toBe(50);
    h.sdk.progress(100);
    expect(h.session.phase.value).toBe('playing');
    expect(h.session.reconnectSecondsLeft.value).toBeNull();
    await h.advance(RECONNECT_WAIT_MS * 2);
    expect(h.session.phase.value).toBe('playing');
  });

  it('SPEC §4 43100 reconnects too', async () => {
    const h = harness();
    await h.play();
    h.sdk.event(43100);
    expect(h.session.phase.value).toBe('reconnecting');
  });

  it('SPEC §4 §9 the reconnect waits up to 60 s for 100, then ends (and stops the session)', async () => {
    const h = harness();
    await h.play();
    h.session.reconnect();
    await flush();
    h.sdk.progress(80);
    await h.advance(RECONNECT_WAIT_MS - 1);
    expect(h.session.phase.value).toBe('reconnecting');
    await h.advance(1);
    expect(h.session.end.value?.reason).toBe('reconnect-timeout');
    expect(h.api.last('stopGame')?.req['sc_id']).toBe('sc-1');
  });

  it('SPEC §4 a refused reconnect shows its sub message and does not stop a session that is gone', async () => {
    const h = harness();
    await h.play();
    h.api.on('reconPlayGame', () => ({ code: 4004, sub_msg: 'Game session sc-1 not found' }));
    h.session.reconnect();
    await flush();
    expect(h.session.end.value).toEqual({ reason: 'reconnect-failed', message: 'Game session sc-1 not found' });
    expect(h.api.named('stopGame')).toHaveLength(0);
  });

  it('SPEC §4 a dropped stream (lost) reconnects; a drop during the reconnect retries after 5 s', async () => {
    const h = harness();
    await h.play();
    h.sdk.disconnect('lost');
    expect(h.session.phase.value).toBe('reconnecting');
    await flush();
    expect(h.sdk.log.filter((l) => l.startsWith('reconnect'))).toHaveLength(1);
    h.sdk.disconnect('lost');
    await h.advance(SOCKET_RECONNECT_DELAY_MS);
    expect(h.sdk.log.filter((l) => l.startsWith('reconnect'))).toHaveLength(2);
    h.sdk.stream();
    expect(h.session.phase.value).toBe('playing');
  });

  it('SPEC §2 the back gesture while reconnecting opens the quit dialog', async () => {
    const h = harness();
    await h.play();
    h.session.reconnect();
    expect(h.session.back()).toBe('quit-dialog');
    expect(h.session.quitDialog.value).toBe(true);
  });
});

describe('SPEC §4 After login or app start: user_sc_list', () => {
  it('SPEC §4 an able_recon session resumes its hang-up countdown (reconnect-ready), others are stopped', async () => {
    const h = harness();
    const now = h.clock.now();
    h.api.on('userScList', () => ({
      list: [
        { sc_id: 'old-1', game_key: 'chess', game_id: 3, type: 'stop' },
        { sc_id: 'sc-9', game_key: 'space-race', game_id: 7, type: 'able_recon', hang_up_end_time: Math.floor((now + 120_000) / 1000) },
      ],
    }));
    await h.session.checkSessions();
    expect(h.api.last('userScList')).toMatchObject({ req: { manufacturer: 'mock', client_sid: 'client-1' }, silent: true });
    expect(typeof h.api.last('userScList')?.req['sn']).toBe('string');
    expect(h.api.named('stopGame').map((c) => c.req)).toEqual([{ sc_id: 'old-1', body: 'not reconnectable', game_key: 'chess' }]);
    expect(h.session.phase.value).toBe('hung-up');
    expect(h.session.flags.value.reconnectReady).toBe(true);
    expect(h.session.state.value.scId).toBe('sc-9');
    expect(h.session.hangupSecondsLeft.value).toBe(120);
    // The cloud already counts down: no sc_hang_up.
    expect(h.api.named('scHangUp')).toHaveLength(0);
  });

  it('SPEC §4 the resumed countdown running out stops the session and fires hangup-over', async () => {
    const h = harness();
    h.api.on('userScList', () => ({
      list: [{ sc_id: 'sc-9', game_key: 'space-race', game_id: 7, type: 'able_recon', hang_up_end_time: Math.floor(h.clock.now() / 1000) + 90 }],
    }));
    await h.session.checkSessions();
    await h.advanceSteps(90_000, 10_000);
    expect(h.session.end.value?.reason).toBe('hangup-over');
    expect(h.events).toContain('hangup-over');
    expect(h.api.last('stopGame')?.req).toMatchObject({ sc_id: 'sc-9', game_key: 'space-race' });
  });

  it('SPEC §4 a running able_recon session without an end time counts the hang-up setting and starts the cloud countdown', async () => {
    const h = harness({ user: member() });
    await h.storage.saveSettings('alice', 'space-race', { hangup_duration: 10 });
    h.api.on('userScList', () => ({ list: [{ sc_id: 'sc-9', game_key: 'space-race', game_id: 7, type: 'able_recon' }] }));
    await h.session.checkSessions({ manufacturer: 'vendor-x' });
    expect(h.api.last('userScList')?.req['manufacturer']).toBe('vendor-x');
    expect(h.session.hangupSecondsLeft.value).toBe(10 * 60);
    expect(h.api.last('scHangUp')?.req).toEqual({ game_key: 'space-race', sc_id: 'sc-9', hang_up_timer: 10 });
    await h.advance(10 * HANGUP_MINUTE_MS);
    expect(h.session.end.value?.reason).toBe('hangup-over');
  });

  it('SPEC §4 reconnecting a reconnect-ready session after app start initialises the SDK, reconnects and opens the duration socket', async () => {
    const h = harness();
    h.api.on('userScList', () => ({ list: [{ sc_id: 'sc-9', game_key: 'space-race', game_id: 7, type: 'able_recon', hang_up_end_time: Math.floor(h.clock.now() / 1000) + 60 }] }));
    h.api.on('reconPlayGame', (req) => playAnswer({ sc_id: req.sc_id, stream_url: `stream?sc_id=${req.sc_id}` }));
    await h.session.checkSessions();
    h.session.reconnect();
    expect(h.session.phase.value).toBe('reconnecting');
    expect(h.session.flags.value.reconnectReady).toBe(false);
    await flush();
    expect(h.sdk.log).toEqual(['init', 'reconnect sc-9']);
    h.sdk.stream();
    expect(h.session.phase.value).toBe('playing');
    await flush();
    expect(h.sockets).toHaveLength(1);
    // The old hang-up countdown is gone.
    await h.advance(HANGUP_MINUTE_MS * 2);
    expect(h.session.phase.value).toBe('playing');
  });

  it('SPEC §4 returning to the game of a reconnect-ready session reconnects it', async () => {
    const h = harness();
    h.api.on('userScList', () => ({ list: [{ sc_id: 'sc-9', game_key: 'space-race', game_id: 7, type: 'able_recon' }] }));
    await h.session.checkSessions();
    h.session.returnToGame();
    expect(h.session.phase.value).toBe('reconnecting');
    await flush();
    expect(h.api.last('reconPlayGame')?.req).toEqual({ sc_id: 'sc-9', game_key: 'space-race' });
    expect(h.sdk.log).toEqual(['init', 'reconnect sc-1']);
  });

  it('SPEC §4 §9 the SDK init of a cold reconnect waits up to 60 s', async () => {
    const h = harness();
    h.sdk.initResult = 'never';
    h.api.on('userScList', () => ({ list: [{ sc_id: 'sc-9', game_key: 'space-race', game_id: 7, type: 'able_recon' }] }));
    await h.session.checkSessions();
    h.session.reconnect();
    await h.advance(SDK_INIT_WAIT_MS - 1);
    expect(h.session.phase.value).toBe('reconnecting');
    expect(h.api.named('reconPlayGame')).toHaveLength(0);
    await h.advance(1);
    expect(h.session.end.value?.reason).toBe('sdk-timeout');
  });

  it('SPEC §4 dismissing a reconnect-ready session stops it', async () => {
    const h = harness();
    h.api.on('userScList', () => ({ list: [{ sc_id: 'sc-9', game_key: 'space-race', game_id: 7, type: 'able_recon' }] }));
    await h.session.checkSessions();
    h.session.quit();
    expect(h.session.end.value?.reason).toBe('user-quit');
    expect(h.api.last('stopGame')?.req['sc_id']).toBe('sc-9');
    expect(h.clock.pending()).toBe(0);
  });

  it('starting another game over a reconnect-ready session drops its countdown', async () => {
    const h = harness();
    h.api.on('userScList', () => ({ list: [{ sc_id: 'sc-9', game_key: 'chess', game_id: 3, type: 'able_recon' }] }));
    await h.session.checkSessions();
    expect(h.session.start({ game_key: 'space-race', game_id: 7, manufacturer: 'mock' })).toBe(true);
    await flush();
    h.sdk.stream();
    await h.advance(HANGUP_MINUTE_MS * 5);
    expect(h.session.phase.value).toBe('playing');
    expect(h.session.state.value.scId).toBe('sc-1');
  });

  it('SPEC §4 no sessions: nothing happens; a failed list is only logged', async () => {
    const h = harness();
    await h.session.checkSessions();
    expect(h.session.phase.value).toBe('idle');
    h.api.on('userScList', () => {
      throw new ApiError({ code: -1, msg: 'offline' });
    });
    await h.session.checkSessions();
    expect(h.session.phase.value).toBe('idle');
    expect(h.logs.some((l) => l.includes('user_sc_list failed'))).toBe(true);
  });

  it('checkSessions is ignored while a game runs', async () => {
    const h = harness();
    await h.play();
    await h.session.checkSessions();
    expect(h.api.named('userScList')).toHaveLength(0);
  });
});
