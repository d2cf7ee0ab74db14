/**
 * The session's side of the real stream (decision 0005): a stream that cannot be
 * set up ends with a message for the player; a stalled one is lost and goes
 * through the SPEC §4 reconnect path; the stream's figures are measured
 * once a second while it plays.
 */
import { describe, expect, it } from 'vitest';
import { RECONNECT_WAIT_MS } from '../../../web/core/constants.ts';
import { flush, GAME, harness } from './fakes.ts';
import { streamStats } from './fixtures.ts';


describe('the stream under the session (decision 0005)', () => {
  it('a stream that could not connect ends the game with the SDK’s reason, not a spinner', async () => {
    const h = harness();
    h.session.start(GAME);
    await flush();
    expect(h.session.phase.value).toBe('loading');
    h.sdk.disconnect('failed', 'The video stream did not connect within 60 s.');
    expect(h.session.phase.value).toBe('ended');
    expect(h.session.end.value).toMatchObject({ reason: 'stream-failed', message: 'The video stream did not connect within 60 s.' });
  });

  it('SPEC §4 Reconnect: a stalled stream (lost) reconnects and plays on within the 60 s wait', async () => {
    const h = harness();
    await h.play();
    h.sdk.disconnect('lost', 'no video for 10 s');
    expect(h.session.phase.value).toBe('reconnecting');
    await flush();
    expect(h.api.named('reconPlayGame')).toHaveLength(1);
    h.sdk.stream();
    expect(h.session.phase.value).toBe('playing');
    await h.advance(RECONNECT_WAIT_MS);
    expect(h.session.phase.value).toBe('playing');
  });

  it('realtime info: the figures every second while playing, whether the overlay shows them or not', async () => {
    const h = harness();
    await h.play();
    h.sdk.nextStats = streamStats();
    await h.advance(1000);
    await flush();
    // The network advice reads them too (network-advice.ts): they are measured with the overlay off.
    expect(h.sdk.statsCalls).toBe(1);
    expect(h.session.stats.value?.fps).toBe(60);
    await h.session.updateSettings({ realtime_info: 1 });
    h.sdk.nextStats = streamStats({ fps: 41, inputLatencyMs: 55 });
    await h.advance(1000);
    await flush();
    expect(h.sdk.statsCalls).toBe(2);
    expect(h.session.stats.value).toMatchObject({ fps: 41, inputLatencyMs: 55 });
  });

  it('realtime info stops with the stream: a hang-up clears the figures and stops asking', async () => {
    const h = harness();
    await h.play();
    await h.session.updateSettings({ realtime_info: 1 });
    h.sdk.nextStats = streamStats();
    await h.advance(1000);
    await flush();
    expect(h.session.stats.value).not.toBeNull();
    h.session.leave();
    expect(h.session.stats.value).toBeNull();
    const calls = h.sdk.statsCalls;
    await h.advance(5000);
    expect(h.sdk.statsCalls).toBe(calls);
  });
});
