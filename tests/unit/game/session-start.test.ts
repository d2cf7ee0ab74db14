import { describe, expect, it } from 'vitest';
import { SDK_INIT_WAIT_MS } from '../../../web/core/constants.ts';
import { ApiError } from '../../../web/core/http/errors.ts';
import { GAME, flush, harness, member, playAnswer, queued, userInfo } from './fakes.ts';

describe('SPEC §4 Start: get_token → SDK init → play_game', () => {
  it('SPEC §4 runs get_token, SDK init and play_game with model_name, queue_grade, able_queue, enable_restart, local_stream', async () => {
    const h = harness();
    expect(h.session.start(GAME)).toBe(true);
    expect(h.session.phase.value).toBe('starting');
    await flush();
    expect(h.api.names().slice(0, 3)).toEqual(['playgame', 'getToken', 'playGame']);
    expect(h.api.last('getToken')?.req).toEqual({ manufacturer: 'mock', client_sid: 'client-1' });
    expect(h.sdk.log[0]).toBe('init');
    expect(h.api.last('playGame')?.req).toEqual({
      game_key: 'space-race',
      token: 'play-token',
      model_name: 'Pixel 8',
      queue_grade: 1,
      able_queue: 1,
      enable_restart: 1,
      local_stream: 0,
    });
  });

  it('SPEC §4 play options map to able_queue / enable_restart / local_stream flags', async () => {
    const h = harness();
    h.session.start(GAME, { ableQueue: false, enableRestart: false, localStream: true });
    await flush();
    expect(h.api.last('playGame')?.req).toMatchObject({ able_queue: 0, enable_restart: 0, local_stream: 1 });
  });

  it('SPEC §6 queue_grade comes from rules.queueGrade: member 7, member quick 8, quick 5, new user 3', async () => {
    for (const [user, grade] of [
      [member(), 7],
      [member({ quick_status: 1 }), 8],
      [userInfo({ quick_status: 1 }), 5],
      [userInfo({ is_new_user: 1 }), 3],
    ] as const) {
      const h = harness({ user });
      h.session.start(GAME);
      await flush();
      expect(h.api.last('playGame')?.req['queue_grade']).toBe(grade);
    }
  });

  it('SPEC §4 200 plays: loading with the progress 30/50/80/100, then playing with the stream', async () => {
    const h = harness();
    h.session.start(GAME);
    await flush();
    expect(h.session.phase.value).toBe('loading');
    expect(h.sdk.log).toContain('start sc-1');
    expect(h.session.flags.value).toMatchObject({ sdkReady: true, playing: false, hasStream: false, loadingPercent: 0 });
    h.sdk.progress(30);
    expect(h.session.progress.value).toBe(30);
    expect(h.session.stage.value).toBe('server_connect');
    h.sdk.progress(50);
    expect(h.session.stage.value).toBe('exchange');
    h.sdk.progress(80);
    expect(h.session.stage.value).toBe('game_start');
    h.sdk.progress(100);
    expect(h.session.phase.value).toBe('playing');
    expect(h.session.flags.value).toMatchObject({ playing: true, hasStream: true, loadingPercent: 100, queueScreen: false });
    expect(h.session.stage.value).toBe('stream_received');
    expect(h.events).toContain('playing');
  });

  it('SPEC §4 progress never goes backwards while loading', async () => {
    const h = harness();
    h.session.start(GAME);
    await flush();
    h.sdk.progress(80);
    h.sdk.progress(50);
    expect(h.session.progress.value).toBe(80);
  });

  it('SPEC §4 progress stage before the stream: sdk then sdk_ready', async () => {
    const h = harness();
    h.sdk.initResult = 'never';
    h.session.start(GAME);
    await flush();
    expect(h.session.stage.value).toBe('sdk');
    expect(h.session.flags.value.sdkReady).toBe(false);
  });

  it('SPEC §4 §9 SDK init waits up to 60 s, then the session ends with sdk-timeout', async () => {
    const h = harness();
    h.sdk.initResult = 'never';
    h.session.start(GAME);
    await flush();
    await h.advance(SDK_INIT_WAIT_MS - 1);
    expect(h.session.phase.value).toBe('starting');
    await h.advance(1);
    expect(h.session.phase.value).toBe('ended');
    expect(h.session.end.value?.reason).toBe('sdk-timeout');
    expect(h.api.named('playGame')).toHaveLength(0);
    expect(h.events).toContain('ended:sdk-timeout');
  });

  it('SPEC §4 an SDK that fails to init ends the session with its message', async () => {
    const h = harness();
    h.sdk.initResult = new Error('no webrtc');
    h.session.start(GAME);
    await flush();
    expect(h.session.end.value).toEqual({ reason: 'error', message: 'no webrtc' });
  });

  it('SPEC §4 a ready SDK is not initialised again for the next game', async () => {
    const h = harness();
    await h.play();
    h.session.quit();
    h.session.start(GAME);
    await flush();
    expect(h.sdk.log.filter((l) => l === 'init')).toHaveLength(1);
    expect(h.api.named('playGame')).toHaveLength(2);
  });

  it('SPEC §4 other play codes end the session and show the sub message', async () => {
    const h = harness();
    h.api.on('playGame', () => ({ code: 4003, sub_msg: 'Out of play time' }));
    h.session.start(GAME);
    await flush();
    expect(h.session.phase.value).toBe('ended');
    expect(h.session.end.value).toEqual({ reason: 'play-failed', message: 'Out of play time' });
    expect(h.sdk.log).not.toContain('stop');
    expect(h.api.named('stopGame')).toHaveLength(0);
  });

  it('SPEC §4 §8 a rejected get_token ends the session with the message', async () => {
    const h = harness();
    h.api.on('getToken', () => {
      throw new ApiError({ code: 0, msg: 'manufacturer down' });
    });
    h.session.start(GAME);
    await flush();
    expect(h.session.end.value).toEqual({ reason: 'error', message: 'manufacturer down' });
  });

  it('SPEC §4 201 enters the queue with its position', async () => {
    const h = harness();
    h.api.on('playGame', () => queued(4));
    h.session.start(GAME);
    await flush();
    expect(h.session.phase.value).toBe('queued');
    expect(h.session.queue.value).toMatchObject({ queueId: 'q-1', position: 4, waitSeconds: 120 });
    expect(h.session.flags.value.queueScreen).toBe(true);
  });

  it('start is refused while a session is under way, allowed again once it ended', async () => {
    const h = harness();
    await h.play();
    expect(h.session.start(GAME)).toBe(false);
    h.session.quit();
    expect(h.session.start(GAME)).toBe(true);
  });

  it('an answer from an earlier attempt is ignored after quitting and starting again', async () => {
    const h = harness();
    let release: (v: ReturnType<typeof playAnswer>) => void = () => undefined;
    h.api.on('playGame', () => new Promise((r) => (release = r)));
    h.session.start(GAME);
    await flush();
    const first = release;
    h.session.quit();
    h.api.on('playGame', () => playAnswer({ sc_id: 'sc-2', stream_url: 'stream?sc_id=sc-2' }));
    h.session.start(GAME);
    await flush();
    first(playAnswer({ sc_id: 'sc-old' }));
    await flush();
    expect(h.session.state.value.scId).toBe('sc-2');
    expect(h.sdk.log).not.toContain('start sc-old');
    // The cloud session that answer opened is stopped, not left running.
    expect(h.api.last('stopGame')).toMatchObject({ req: { sc_id: 'sc-old', body: 'abandoned' }, silent: true });
  });

  it('SPEC §4 quitting while starting ends the session without a stop_game (no sc_id yet)', async () => {
    const h = harness();
    h.sdk.initResult = 'never';
    h.session.start(GAME);
    await flush();
    h.session.quit();
    expect(h.session.end.value?.reason).toBe('user-quit');
    expect(h.api.named('stopGame')).toHaveLength(0);
    expect(h.clock.pending()).toBe(0);
  });
});
