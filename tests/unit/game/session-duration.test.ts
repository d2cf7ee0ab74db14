/** SPEC §4 "Duration socket messages", §7 generate_token and the socket, §9 heartbeat and reconnects, through the whole session. */
import { describe, expect, it } from 'vitest';
import { SOCKET_HEARTBEAT_MS } from '../../../web/api/contract.ts';
import { GAME, flush, harness, userInfo } from './fakes.ts';

describe('SPEC §4 §7 §9 Duration socket', () => {
  it('SPEC §7 generate_token gives the jtoken; the socket is socketBase + duration?jtoken=…&version_code=103 with a 25 s heartbeat', async () => {
    const h = harness({ socketQuery: () => ({ mock_session: 'qa1' }) });
    h.session.start(GAME);
    await flush();
    expect(h.api.last('generateToken')).toMatchObject({ req: { uid: 42, game_id: 7, token: 'gly' }, silent: true });
    expect(h.sockets).toHaveLength(1);
    expect(h.sockets[0]?.url).toBe('/socket/duration?jtoken=jt-1&version_code=103&mock_session=qa1');
    expect(h.sockets[0]?.connected).toBe(true);
    expect(JSON.parse(h.sockets[0]?.heartbeat() ?? '')).toEqual({ type: 'heartbeat' });
    expect(SOCKET_HEARTBEAT_MS).toBe(25_000);
  });

  it('SPEC §4 200 updates the user info (the auth store callback) and keeps playing', async () => {
    const h = harness();
    await h.play();
    const next = userInfo({ duration_coin: 1200 });
    h.sockets[0]?.server({ code: 200, msg: 'success', data: next });
    expect(h.userUpdates).toEqual([next]);
    expect(h.session.user.value).toEqual(next);
    expect(h.session.phase.value).toBe('playing');
  });

  it('SPEC §4 200 with duration_coin 0 quits', async () => {
    const h = harness();
    await h.play();
    h.sockets[0]?.server({ code: 200, msg: 'success', data: userInfo({ duration_coin: 0 }) });
    expect(h.session.end.value?.reason).toBe('out-of-time');
    expect(h.sockets[0]?.closed).toBe(true);
  });

  it('SPEC §4 202 shows the timeout dialog (a signal), which the user dismisses', async () => {
    const h = harness();
    await h.play();
    h.sockets[0]?.server({ code: 202, msg: 'timeout' });
    expect(h.session.timeoutDialog.value).toBe(true);
    expect(h.session.phase.value).toBe('playing');
    h.session.dismissTimeoutDialog();
    expect(h.session.timeoutDialog.value).toBe(false);
  });

  it('SPEC §4 408 event 0 quits', async () => {
    const h = harness();
    await h.play();
    h.sockets[0]?.server({ code: 408, msg: 'quit', event: 0 });
    expect(h.session.end.value?.reason).toBe('kicked');
    expect(h.session.reloginRequired.value).toBe(false);
  });

  it('SPEC §4 408 with another event forces relogin (signal and event), without stop_game', async () => {
    const h = harness();
    await h.play();
    h.sockets[0]?.server({ code: 408, msg: 'logged in elsewhere', event: 1 });
    expect(h.session.end.value).toEqual({ reason: 'relogin', message: 'logged in elsewhere' });
    expect(h.session.reloginRequired.value).toBe(true);
    expect(h.events).toContain('relogin');
    expect(h.api.named('stopGame')).toHaveLength(0);
  });

  it('SPEC §4 500 and 5001 quit', async () => {
    for (const code of [500, 5001]) {
      const h = harness();
      await h.play();
      h.sockets[0]?.server({ code, msg: 'bye' });
      expect(h.session.end.value).toEqual({ reason: 'server-quit', message: 'bye' });
    }
  });

  it('SPEC §8 §9 the socket giving up after its 10 reconnects quits', async () => {
    const h = harness();
    await h.play();
    h.sockets[0]?.giveup();
    expect(h.session.end.value?.reason).toBe('duration-lost');
  });

  it('messages while hung up still count (the cloud charges hang-up time)', async () => {
    const h = harness();
    await h.play();
    h.session.leave();
    h.sockets[0]?.server({ code: 200, msg: 'success', data: userInfo({ duration_coin: 0 }) });
    expect(h.session.end.value?.reason).toBe('out-of-time');
  });

  it('heartbeat replies and unknown messages are ignored', async () => {
    const h = harness();
    await h.play();
    h.sockets[0]?.server({ type: 'heartbeat', time: 1 });
    h.sockets[0]?.server({ code: 999 });
    // A 200 without its user info is not a balance.
    h.sockets[0]?.server({ code: 200, msg: 'success' });
    expect(h.session.phase.value).toBe('playing');
    expect(h.userUpdates).toEqual([]);
    expect(h.session.timeoutDialog.value).toBe(false);
    expect(h.events).toEqual(['playing']);
  });

  it('the socket opens once per session, even after a reconnect', async () => {
    const h = harness();
    await h.play();
    h.sdk.event(43001);
    await flush();
    h.sdk.stream();
    await flush();
    expect(h.sockets).toHaveLength(1);
  });

  it('a duration message after the end changes nothing', async () => {
    const h = harness();
    await h.play();
    const sock = h.sockets[0];
    h.session.quit();
    sock?.server({ code: 500, msg: 'late' });
    expect(h.session.end.value?.reason).toBe('user-quit');
  });
});
