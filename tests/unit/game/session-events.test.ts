import { describe, expect, it } from 'vitest';
import { CLOUD_END_REASON_WAIT_MS, NO_OPERATION_MS } from '../../../web/core/constants.ts';
import { GAME, flush, harness, member, userInfo } from './fakes.ts';

describe('SPEC §4 Stream events', () => {
  it('SPEC §4 43000 quits (and stops the session)', async () => {
    const h = harness();
    await h.play();
    h.sdk.event(43000);
    expect(h.session.end.value?.reason).toBe('stream-quit');
    expect(h.sdk.log.at(-1)).toBe('stop');
    expect(h.api.last('stopGame')).toMatchObject({ req: { sc_id: 'sc-1' }, silent: true });
  });

  it('SPEC §4 54001 quits; the cloud already ended the session so no stop_game', async () => {
    const h = harness();
    await h.play();
    h.sdk.event(54001);
    // A moment for the duration socket to say why (CLOUD_END_REASON_WAIT_MS), then ended by the cloud.
    expect(h.session.phase.value).toBe('playing');
    await h.advance(CLOUD_END_REASON_WAIT_MS);
    expect(h.session.end.value?.reason).toBe('session-ended');
    expect(h.api.named('stopGame')).toHaveLength(0);
    expect(h.sockets[0]?.closed).toBe(true);
  });

  it('a stream the cloud closed because the session is gone ends it like 54001', async () => {
    const h = harness();
    await h.play();
    h.sdk.disconnect('ended');
    await h.advance(CLOUD_END_REASON_WAIT_MS);
    expect(h.session.end.value?.reason).toBe('session-ended');
  });

  it('SPEC §4 out of play time: duration_coin 0 arriving just after the cloud ended the stream is the reason given', async () => {
    for (const end of [(h: ReturnType<typeof harness>) => h.sdk.event(54001), (h: ReturnType<typeof harness>) => h.sdk.disconnect('ended')]) {
      const h = harness();
      await h.play();
      end(h);
      await h.advance(CLOUD_END_REASON_WAIT_MS - 1);
      h.sockets[0]?.server({ code: 200, msg: 'out of play time', data: userInfo({ duration_coin: 0 }) });
      expect(h.session.end.value).toEqual({ reason: 'out-of-time', message: 'out of play time' });
      await h.advance(CLOUD_END_REASON_WAIT_MS);
      expect(h.events.filter((x) => x.startsWith('ended'))).toEqual(['ended:out-of-time']);
    }
  });

  it('SPEC §4 408 event 0 just after the cloud ended the stream is the reason given', async () => {
    const h = harness();
    await h.play();
    h.sdk.event(54001);
    h.sockets[0]?.server({ code: 408, msg: 'quit', event: 0 });
    expect(h.session.end.value?.reason).toBe('kicked');
  });

  it('while waiting for the reason, the stream\'s other events change nothing and a quit ends it without stop_game', async () => {
    const h = harness();
    await h.play();
    h.sdk.event(54001);
    h.sdk.event(43001);
    h.sdk.disconnect('lost');
    h.sockets[0]?.server({ code: 200, msg: 'success', data: userInfo({ duration_coin: 1200 }) });
    expect(h.session.phase.value).toBe('playing');
    h.session.quit();
    expect(h.session.end.value?.reason).toBe('session-ended');
    expect(h.api.named('stopGame')).toHaveLength(0);
    expect(h.api.named('reconPlayGame')).toHaveLength(0);
  });

  it('SPEC §4 §9 45001 starts the 60 s no-operation timer, then quits', async () => {
    const h = harness();
    await h.play();
    h.sdk.event(45001);
    expect(h.session.idleSecondsLeft.value).toBe(60);
    await h.advance(NO_OPERATION_MS - 1000);
    expect(h.session.idleSecondsLeft.value).toBe(1);
    expect(h.session.phase.value).toBe('playing');
    await h.advance(1000);
    expect(h.session.end.value?.reason).toBe('idle');
    expect(h.api.named('stopGame')).toHaveLength(1);
  });

  it('SPEC §4 any input cancels the no-operation timer (gamepad, key, mouse, touch)', async () => {
    for (const send of [
      (h: ReturnType<typeof harness>) => h.session.sendGamepad({ buttons: [1], axes: [] }),
      (h: ReturnType<typeof harness>) => h.session.sendKey('KeyW', true),
      (h: ReturnType<typeof harness>) => h.session.sendMouse({ action: 'move', dx: 3, dy: 1 }),
      (h: ReturnType<typeof harness>) => h.session.sendTouch({ action: 'down', x: 0.5, y: 0.5 }),
    ]) {
      const h = harness();
      await h.play();
      h.sdk.event(45001);
      await h.advance(30_000);
      send(h);
      expect(h.session.idleSecondsLeft.value).toBeNull();
      await h.advance(NO_OPERATION_MS);
      expect(h.session.phase.value).toBe('playing');
      expect(h.sdk.inputs).toHaveLength(1);
    }
  });

  it('input is not sent to the SDK unless playing', async () => {
    const h = harness();
    h.session.sendKey('KeyW', true);
    h.session.start(GAME);
    await flush();
    h.session.sendKey('KeyW', true);
    expect(h.sdk.inputs).toHaveLength(0);
  });

  it('stream events outside a live session change nothing', () => {
    const h = harness();
    for (const code of [43000, 43001, 45001, 54001] as const) h.sdk.event(code);
    h.sdk.disconnect('ended');
    expect(h.session.phase.value).toBe('idle');
    expect(h.session.end.value).toBeNull();
    expect(h.session.idleSecondsLeft.value).toBeNull();
    expect(h.api.calls).toEqual([]);
    expect(h.events).toEqual([]);
    expect(h.sdk.log).toEqual([]);
  });
});

describe('SPEC §8 token expiry and SPEC §4 membership loss', () => {
  it('SPEC §8 tokenExpired() ends the session with a token-expired event and no further calls', async () => {
    const h = harness();
    await h.play();
    const before = h.api.calls.length;
    h.session.tokenExpired();
    expect(h.session.end.value?.reason).toBe('token-expired');
    expect(h.events).toContain('token-expired');
    expect(h.api.calls.length).toBe(before);
    expect(h.sdk.log.at(-1)).toBe('stop');
    expect(h.clock.pending()).toBe(0);
  });

  it('SPEC §8 token expiry while queued ends without cancel_queue', async () => {
    const h = harness();
    h.api.on('playGame', () => ({ code: 201, queue_id: 'q', queue_pos2: 2, play_queue_id: 1, wait_seconds: 10 }));
    h.session.start(GAME);
    await flush();
    h.session.tokenExpired();
    expect(h.session.end.value?.reason).toBe('token-expired');
    expect(h.api.named('cancelQueue')).toHaveLength(0);
  });

  it('SPEC §8 tokenExpired() outside a game still emits the event', () => {
    const h = harness();
    h.session.tokenExpired();
    expect(h.events).toEqual(['token-expired']);
    expect(h.session.phase.value).toBe('idle');
  });

  it('SPEC §4 a balance with member_status 0 for a member (duration socket) falls back', async () => {
    const h = harness({ user: member() });
    await h.play();
    await flush();
    expect(h.session.clarity.value).toBe(2);
    h.sockets[0]?.server({ code: 200, msg: 'success', data: userInfo({ member_status: 0 }) });
    await flush();
    expect(h.session.clarity.value).toBe(1);
    expect(h.api.last('displayGrade')?.req['display_grade']).toBe(8);
  });
});

describe('SPEC §2 back gesture and the quit dialog', () => {
  it('SPEC §2 during play the back gesture opens the quit dialog; closing keeps playing; confirming quits', async () => {
    const h = harness();
    await h.play();
    expect(h.session.back()).toBe('quit-dialog');
    expect(h.session.quitDialog.value).toBe(true);
    h.session.closeQuitDialog();
    expect(h.session.quitDialog.value).toBe(false);
    expect(h.session.phase.value).toBe('playing');
    h.session.openQuitDialog();
    h.session.quit();
    expect(h.session.end.value?.reason).toBe('user-quit');
    expect(h.session.quitDialog.value).toBe(false);
  });

  it('SPEC §2 while starting or loading the back gesture opens the quit dialog as well', async () => {
    const starting = harness();
    starting.sdk.initResult = 'never';
    starting.session.start(GAME);
    await flush();
    expect(starting.session.phase.value).toBe('starting');
    expect(starting.session.back()).toBe('quit-dialog');
    expect(starting.session.quitDialog.value).toBe(true);

    const loading = harness();
    loading.session.start(GAME);
    await flush();
    expect(loading.session.phase.value).toBe('loading');
    expect(loading.session.back()).toBe('quit-dialog');
    expect(loading.session.quitDialog.value).toBe(true);
    expect(loading.api.named('stopGame')).toHaveLength(0);
  });

  it('SPEC §2 with no session (idle, ended) back is none: the shell closes the webview', async () => {
    const h = harness();
    expect(h.session.back()).toBe('none');
    await h.play();
    h.session.quit();
    expect(h.session.back()).toBe('none');
    expect(h.session.quitDialog.value).toBe(false);
  });
});

describe('listeners', () => {
  it('a listener that throws is logged and the others still hear the event; the session goes on', async () => {
    const h = harness();
    const heard: string[] = [];
    h.session.on('playing', () => {
      throw new Error('screen broke');
    });
    h.session.on('playing', () => heard.push('second'));
    await h.play();
    expect(heard).toEqual(['second']);
    expect(h.events).toEqual(['playing']);
    expect(h.logs).toContain('game session: playing listener failed: screen broke');
    expect(h.session.phase.value).toBe('playing');
  });

  it('on returns an unsubscribe', async () => {
    const h = harness();
    const heard: string[] = [];
    const off = h.session.on('ended', (end) => heard.push(end.reason));
    off();
    await h.play();
    h.session.quit();
    expect(heard).toEqual([]);
    expect(h.events).toEqual(['playing', 'ended:user-quit']);
  });
});

describe('dispose', () => {
  it('releases timers, the socket and SDK listeners without stopping the cloud session', async () => {
    const h = harness();
    await h.play();
    h.sdk.event(45001);
    h.session.dispose();
    expect(h.clock.pending()).toBe(0);
    expect(h.sockets[0]?.closed).toBe(true);
    h.sdk.event(43000);
    expect(h.session.phase.value).toBe('playing');
    expect(h.api.named('stopGame')).toHaveLength(0);
  });
});
