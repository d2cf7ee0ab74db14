/**
 * The game session (web/game) against the real in-process mock cloud, the
 * cloud scripted inline (SPEC §4, §8, §9): the app's own HTTP client and
 * endpoints, the mock SDK on the real stream socket and core's socket for
 * the duration socket, one manual clock shared by the server and the
 * session (session-helpers.ts). The shipped scenarios applied by name are
 * in game-session-scenarios.test.ts.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { HANGUP_MINUTE_MS, SEAT_EXPIRY_MS } from '../../web/api/contract.ts';
import { NO_OPERATION_MS } from '../../web/core/constants.ts';
import { STREAM_PROGRESS_STEP_MS } from '../../mock-server/limits.ts';
import type { GameScript } from '../../mock-server/game/script.ts';
import { DEFAULT_SESSION } from '../../mock-server/sessions/registry.ts';
import { login, type Started, useApp } from './helpers.ts';
import { MEMBER, NO_TIME, useScript } from './game-helpers.ts';
import { GAME, sessionRig, type SessionRig } from './session-helpers.ts';

let s: Started;
let rig: SessionRig;
useApp((started) => {
  s = started;
  rig = sessionRig(s);
});
afterEach(() => rig.disposeAll());

const script = (game: GameScript): void => useScript(s, game);

describe('game session × mock cloud (SPEC §4)', () => {
  it('SPEC §4 play now: token, SDK, play_game 200, progress 30/50/80/100 on the stream socket, duration socket, then quit', async () => {
    const c = await rig.client(await login(s.port, MEMBER));
    c.session.start(GAME);
    await rig.until(() => c.session.phase.value === 'loading', 'loading');
    await rig.net.quiet();
    const seen: number[] = [];
    for (let i = 0; i < 4; i++) {
      await rig.pass(STREAM_PROGRESS_STEP_MS, STREAM_PROGRESS_STEP_MS);
      await rig.until(() => c.session.progress.value > (seen.at(-1) ?? 0), `progress step ${i + 1}`);
      seen.push(c.session.progress.value);
    }
    expect(seen).toEqual([30, 50, 80, 100]);
    expect(c.session.flags.value).toMatchObject({ playing: true, hasStream: true, sdkReady: true });
    expect(c.events).toContain('playing');
    // A member's default clarity (definition_default_conf: ultra) is what the cloud started with.
    expect(c.session.clarity.value).toBe(2);
    expect(c.session.levelConfig.value?.display_grade).toBe(9);
    await rig.pass(2000);
    await rig.until(() => c.sdk.lastReport !== null, 'a status frame');
    c.session.quit();
    await rig.until(() => c.toasts.length > 0 || c.session.phase.value === 'ended', 'ended');
    expect(c.session.end.value?.reason).toBe('user-quit');
    await rig.net.quiet();
    expect(c.toasts).toEqual([]);
  });

  it('SPEC §4 §9 queue: polled every 10 s, positions count down, the seat is taken and the game plays', async () => {
    script({ queue: { positions: [3, 2, 1] } });
    const c = await rig.client(await login(s.port, MEMBER));
    c.session.start(GAME);
    await rig.until(() => c.session.phase.value === 'queued', 'queued');
    const positions = [c.session.queue.value?.position ?? -1, ...(await rig.pollQueue(c, 6))];
    expect(c.session.phase.value).toBe('seat-ready');
    // play_game answers at the first scripted position; each poll then reads the next one.
    expect(positions).toEqual([3, 3, 2, 1]);
    expect(c.session.seatSecondsLeft.value).toBe(SEAT_EXPIRY_MS / 1000);
    c.session.acceptSeat();
    await rig.until(() => c.session.phase.value === 'loading', 'loading after the seat');
    await rig.streamUp(c);
    expect(c.session.phase.value).toBe('playing');
  });

  it('SPEC §4 §9 a seat not taken within 40 s leaves the queue', async () => {
    script({ queue: { positions: [1] } });
    const c = await rig.client(await login(s.port, MEMBER));
    c.session.start(GAME);
    await rig.until(() => c.session.phase.value === 'queued', 'queued');
    await rig.pollQueue(c, 4);
    expect(c.session.phase.value).toBe('seat-ready');
    await rig.pass(SEAT_EXPIRY_MS, 5000);
    await rig.until(() => c.session.phase.value === 'ended', 'ended');
    expect(c.session.end.value?.reason).toBe('seat-expired');
  });

  it('SPEC §4 leave and return within the hang-up time: the cloud session lives on and streams again', async () => {
    const c = await rig.client(await login(s.port, MEMBER));
    await rig.playNow(c);
    c.session.leave();
    expect(c.session.phase.value).toBe('hung-up');
    await rig.net.quiet();
    await rig.pass(2 * HANGUP_MINUTE_MS, 10_000);
    expect(c.session.hangupSecondsLeft.value).toBe(60);
    c.session.returnToGame();
    await rig.streamUp(c);
    await rig.pass(5 * HANGUP_MINUTE_MS, 30_000);
    expect(c.session.phase.value).toBe('playing');
  });

  it('SPEC §4 the hang-up running out stops the session and fires hangup-over', async () => {
    const c = await rig.client(await login(s.port, MEMBER));
    await rig.playNow(c);
    c.session.leave();
    await rig.pass(3 * HANGUP_MINUTE_MS, 15_000);
    await rig.until(() => c.session.phase.value === 'ended', 'ended');
    expect(c.session.end.value?.reason).toBe('hangup-over');
    expect(c.events).toContain('hangup-over');
  });

  it('SPEC §4 after an app restart, user_sc_list finds the able_recon session; it resumes its countdown and reconnects', async () => {
    const info = await login(s.port, MEMBER);
    const first = await rig.client(info);
    await rig.playNow(first);
    const scId = first.session.state.value.scId;
    first.session.leave();
    await rig.net.quiet();
    await rig.pass(HANGUP_MINUTE_MS, 10_000);
    first.dispose();

    const second = await rig.client(info);
    await second.session.checkSessions();
    expect(second.session.phase.value).toBe('hung-up');
    expect(second.session.flags.value.reconnectReady).toBe(true);
    expect(second.session.state.value.scId).toBe(scId);
    expect(second.session.hangupSecondsLeft.value).toBe(120);
    second.session.reconnect();
    await rig.until(() => second.session.phase.value === 'reconnecting' && second.session.state.value.stream !== null, 'reconnect answered');
    await rig.streamUp(second);
    expect(second.session.phase.value).toBe('playing');
    await rig.pass(3 * HANGUP_MINUTE_MS, 30_000);
    expect(second.session.phase.value).toBe('playing');
  });

  it('SPEC §4 stream event 43000 (scripted) quits', async () => {
    script({ stream: [{ atMs: 3000, code: 43000 }] });
    const c = await rig.client(await login(s.port, MEMBER));
    await rig.playNow(c);
    await rig.pass(3000);
    await rig.until(() => c.session.phase.value === 'ended', 'ended');
    expect(c.session.end.value?.reason).toBe('stream-quit');
  });

  it('SPEC §4 §9 stream event 45001 starts the 60 s no-operation countdown; input cancels it and play goes on', async () => {
    script({ stream: [{ atMs: 1000, code: 45001 }] });
    const c = await rig.client(await login(s.port, MEMBER));
    await rig.playNow(c);
    await rig.pass(1000);
    await rig.until(() => c.session.idleSecondsLeft.value !== null, 'the no-operation countdown');
    await rig.pass(30_000, 5000);
    c.session.sendKey('Space', true);
    expect(c.session.idleSecondsLeft.value).toBeNull();
    await rig.pass(NO_OPERATION_MS, 10_000);
    expect(c.session.phase.value).toBe('playing');
  });

  it('SPEC §4 duration socket 202 shows the timeout dialog and 408 (event 0) quits', async () => {
    // The timeline starts with the duration socket (at play 200), before the stream's progress.
    script({ duration: { messages: [{ atMs: 10_000, code: 202 }, { atMs: 20_000, code: 408, event: 0 }] } });
    const c = await rig.client(await login(s.port, MEMBER));
    await rig.playNow(c);
    await rig.pass(10_000);
    await rig.until(() => c.session.timeoutDialog.value, 'the timeout dialog');
    expect(c.session.phase.value).toBe('playing');
    await rig.pass(10_000);
    await rig.until(() => c.session.phase.value === 'ended', 'ended');
    expect(c.session.end.value?.reason).toBe('kicked');
  });

  it('SPEC §4 out of play time: play_game refuses with its sub message', async () => {
    const c = await rig.client(await login(s.port, NO_TIME));
    c.session.start(GAME);
    await rig.until(() => c.session.phase.value === 'ended', 'ended');
    expect(c.session.end.value?.reason).toBe('play-failed');
    expect(c.session.end.value?.message).toBe('Out of play time');
  });

  it('SPEC §4 the per-minute charge reaches 0 on the duration socket and the session quits', async () => {
    script({ user: { duration_coin: 120 }, duration: { chargePerMinute: 60 } });
    const c = await rig.client(await login(s.port, MEMBER));
    await rig.playNow(c);
    await rig.pass(2 * 60_000, 5000);
    await rig.until(() => c.session.phase.value === 'ended', 'ended');
    expect(c.session.end.value?.reason).toBe('out-of-time');
    expect(c.balances.at(-1)?.duration_coin).toBe(0);
  });

  it('SPEC §8 token expiry: the app is told (30001) and tokenExpired() ends the session without more calls', async () => {
    const c = await rig.client(await login(s.port, MEMBER));
    await rig.playNow(c);
    // The login expires mid-game (the script changes, the session's state stays).
    s.app.sessions.get(DEFAULT_SESSION).apply({ name: 'inline', description: 'token expired', game: { tokenExpired: true }, faults: [], virtualClock: false }, { keepState: true });
    await c.session.setHangupDuration(5);
    await rig.until(() => c.tokenExpired > 0, 'the 30001 callback');
    c.session.tokenExpired();
    expect(c.session.end.value?.reason).toBe('token-expired');
    expect(c.events).toContain('token-expired');
  });
});

