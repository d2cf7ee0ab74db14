/**
 * The game session (web/game) against the real in-process mock cloud with
 * each shipped scenario of fixtures/scenarios applied by name over the
 * control API, as QA does (SPEC §4, §8); the set-up is session-helpers.ts.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { SEAT_EXPIRY_MS } from '../../web/api/contract.ts';
import { CLOUD_END_REASON_WAIT_MS, NO_OPERATION_MS } from '../../web/core/constants.ts';
import { json } from './control-helpers.ts';
import { login, type Started, useApp } from './helpers.ts';
import { MEMBER } from './game-helpers.ts';
import { GAME, sessionRig, type SessionRig } from './session-helpers.ts';

let s: Started;
let rig: SessionRig;
useApp((started) => {
  s = started;
  rig = sessionRig(s);
});
afterEach(() => rig.disposeAll());

/** Applies a shipped scenario as QA does (POST /__mock/scenario {name}); it resets the session, so log in afterwards. */
async function named(name: string): Promise<void> {
  const r = await json<{ scenario: string }>(s.port, 'POST', '/__mock/scenario', { name });
  expect(r.status, r.text).toBe(200);
  expect(r.body.scenario).toBe(name);
}

describe('game session × the shipped scenarios, applied by name (SPEC §4, §8)', () => {
  it('play-now: 200, progress to 100, playing', async () => {
    await named('play-now');
    const c = await rig.client(await login(s.port, MEMBER));
    await rig.playNow(c);
    expect(c.session.phase.value).toBe('playing');
    expect(c.events).toContain('playing');
  });

  it('queue: positions 5…1 count down at every 10 s poll, then the seat is ready and taken', async () => {
    await named('queue');
    const c = await rig.client(await login(s.port, MEMBER));
    c.session.start(GAME);
    await rig.until(() => c.session.phase.value === 'queued', 'queued');
    const positions = [c.session.queue.value?.position ?? -1, ...(await rig.pollQueue(c, 8))];
    expect(c.session.phase.value).toBe('seat-ready');
    expect(positions).toEqual([...positions].sort((a, b) => b - a));
    expect(positions[0]).toBe(5);
    c.session.acceptSeat();
    await rig.until(() => c.session.phase.value === 'loading', 'loading after the seat');
    await rig.streamUp(c);
    expect(c.session.phase.value).toBe('playing');
  });

  it('queue-error: the second poll fails, the queue is cancelled with the server message', async () => {
    await named('queue-error');
    const c = await rig.client(await login(s.port, MEMBER));
    c.session.start(GAME);
    await rig.until(() => c.session.phase.value === 'queued', 'queued');
    await rig.pollQueue(c, 4);
    const end = await rig.ended(c);
    expect(end?.reason).toBe('queue-error');
    expect(end?.message).toMatch(/Queue error/);
  });

  it('queue-seat-expires (virtual clock): the seat not taken within 40 s goes, on both clocks', async () => {
    await named('queue-seat-expires');
    const c = await rig.client(await login(s.port, MEMBER));
    c.session.start(GAME);
    await rig.until(() => c.session.phase.value === 'queued', 'queued');
    await rig.pollQueue(c, 4, rig.passVirtual);
    expect(c.session.phase.value).toBe('seat-ready');
    await rig.passVirtual(SEAT_EXPIRY_MS, 5000);
    expect((await rig.ended(c))?.reason).toBe('seat-expired');
  });

  it.each([
    ['stream-quit-43000', 'stream-quit'],
    ['stream-quit-54001', 'session-ended'],
  ])('%s: the stream event 5 s in ends the game (%s)', async (name, reason) => {
    await named(name);
    const c = await rig.client(await login(s.port, MEMBER));
    await rig.playNow(c);
    // 54001 ends the game once the duration socket has had CLOUD_END_REASON_WAIT_MS to say why (machine.ts cloudEnd).
    await rig.pass(5000 + CLOUD_END_REASON_WAIT_MS);
    expect((await rig.ended(c))?.reason).toBe(reason);
  });

  it.each(['stream-reconnect-43001', 'stream-reconnect-43100'])('%s: the stream event 5 s in reconnects, and play goes on', async (name) => {
    await named(name);
    const c = await rig.client(await login(s.port, MEMBER));
    await rig.playNow(c);
    const phases = new Set<string>();
    const stop = c.session.phase.subscribe((p) => phases.add(p));
    await rig.pass(5000, 500);
    await rig.until(() => phases.has('reconnecting'), 'reconnecting');
    await rig.streamUp(c);
    stop();
    expect(c.session.phase.value).toBe('playing');
  });

  it('idle-45001: 5 s in, the no-operation countdown starts; 60 s without input quits', async () => {
    await named('idle-45001');
    const c = await rig.client(await login(s.port, MEMBER));
    await rig.playNow(c);
    await rig.pass(5000);
    await rig.until(() => c.session.idleSecondsLeft.value !== null, 'the no-operation countdown');
    await rig.pass(NO_OPERATION_MS, 10_000);
    expect((await rig.ended(c))?.reason).toBe('idle');
  });

  it('duration-timeout-202: 10 s after the duration socket opens, the timeout dialog; play goes on', async () => {
    await named('duration-timeout-202');
    const c = await rig.client(await login(s.port, MEMBER));
    await rig.playNow(c);
    await rig.pass(10_000);
    await rig.until(() => c.session.timeoutDialog.value, 'the timeout dialog');
    expect(c.session.phase.value).toBe('playing');
  });

  it.each([
    ['quit-408', 'kicked'],
    ['relogin-408', 'relogin'],
    ['duration-error-500', 'server-quit'],
    ['duration-error-5001', 'server-quit'],
  ])('%s: the duration message 10 s in ends the game (%s)', async (name, reason) => {
    await named(name);
    const c = await rig.client(await login(s.port, MEMBER));
    await rig.playNow(c);
    await rig.pass(10_000);
    expect((await rig.ended(c))?.reason).toBe(reason);
    if (reason === 'relogin') expect(c.events).toContain('relogin');
  });

  it('out-of-play-time: every user has 0 play time, play_game refuses with its sub message', async () => {
    await named('out-of-play-time');
    const c = await rig.client(await login(s.port, MEMBER));
    c.session.start(GAME);
    const end = await rig.ended(c);
    expect(end).toEqual({ reason: 'play-failed', message: 'Out of play time' });
  });

  it('reconnect-able-session: after login user_sc_list finds sc-recon-1, its countdown resumes, and it reconnects', async () => {
    await named('reconnect-able-session');
    const c = await rig.client(await login(s.port, MEMBER));
    await c.session.checkSessions();
    expect(c.session.phase.value).toBe('hung-up');
    expect(c.session.flags.value.reconnectReady).toBe(true);
    expect(c.session.state.value.scId).toBe('sc-recon-1');
    expect(c.session.hangupSecondsLeft.value).toBeGreaterThan(0);
    c.session.reconnect();
    await rig.until(() => c.session.phase.value === 'reconnecting' && c.session.state.value.stream !== null, 'reconnect answered');
    await rig.streamUp(c);
    expect(c.session.phase.value).toBe('playing');
  });

  it('token-expired-30001: 30 s after login the next game call answers 30001 and the app is told', async () => {
    await named('token-expired-30001');
    const c = await rig.client(await login(s.port, MEMBER));
    await rig.playNow(c);
    await c.session.setHangupDuration(5);
    expect(c.tokenExpired).toBe(0);
    await rig.pass(30_000, 5000);
    await c.session.setHangupDuration(10);
    await rig.until(() => c.tokenExpired > 0, 'the 30001 callback');
    c.session.tokenExpired();
    expect(c.session.end.value?.reason).toBe('token-expired');
  });
});
