/**
 * A page shown again looks at the true state at once (decision 0012, "Hidden and back"). A hidden page's timers run
 * late (or not at all), so `wake()` polls the queue now and ends a seat or hang-up whose time passed while hidden.
 */
import { describe, expect, it } from 'vitest';
import { QUEUE_POLL_MS, SEAT_EXPIRY_MS } from '../../../web/api/contract.ts';
import { createManualClock, type Clock } from '../../../web/core/clock.ts';
import { flush, GAME, harness, playAnswer, queued, seatReady } from './fakes.ts';

/** A clock whose time can jump without firing its timers, as a hidden page's does. */
function heldClock() {
  const base = createManualClock(1_700_000_000_000);
  let skew = 0;
  const clock: Clock = {
    now: () => base.now() + skew,
    setTimeout: (fn, ms) => base.setTimeout(fn, ms),
    clearTimeout: (id) => base.clearTimeout(id),
    setInterval: (fn, ms) => base.setInterval(fn, ms),
    clearInterval: (id) => base.clearInterval(id),
  };
  return { clock, base, hide: (ms: number) => (skew += ms) };
}

describe('wake (SPEC §4 Queue, Hang-up)', () => {
  it('queued: game_queue is asked at once, and the next poll comes 10 s after that answer', async () => {
    const h = harness();
    h.api.on('playGame', () => queued(5));
    h.session.start(GAME);
    await flush();
    h.api.sequence('gameQueue', [queued(2), queued(1)]);
    await h.advance(3_000);
    h.session.wake();
    await flush();
    expect(h.api.named('gameQueue')).toHaveLength(1);
    expect(h.session.queue.value?.position).toBe(2);
    await h.advance(QUEUE_POLL_MS - 1);
    expect(h.api.named('gameQueue')).toHaveLength(1);
    await h.advance(1);
    expect(h.api.named('gameQueue')).toHaveLength(2);
  });

  it('seat ready: a seat whose 40 s passed while hidden expires at once and the queue is left', async () => {
    const held = heldClock();
    const h = harness({ clock: held.clock });
    h.api.on('playGame', () => queued(1));
    h.session.start(GAME);
    await flush();
    h.api.on('gameQueue', () => seatReady());
    held.base.advance(QUEUE_POLL_MS);
    await flush();
    expect(h.session.phase.value).toBe('seat-ready');
    held.hide(SEAT_EXPIRY_MS - 1);
    h.session.wake();
    expect(h.session.phase.value).toBe('seat-ready');
    expect(h.session.seatSecondsLeft.value).toBe(1);
    held.hide(1);
    h.session.wake();
    await flush();
    expect(h.session.end.value?.reason).toBe('seat-expired');
    expect(h.api.named('cancelQueue')).toHaveLength(1);
  });

  it('hung up: a countdown that ran out while hidden ends the session with hangup-over', async () => {
    const held = heldClock();
    const h = harness({ clock: held.clock });
    h.api.on('playGame', () => playAnswer());
    await h.play();
    h.session.leave();
    expect(h.session.phase.value).toBe('hung-up');
    const left = (h.session.hangup.value?.endsAt ?? 0) - held.clock.now();
    held.hide(left);
    h.session.wake();
    await flush();
    expect(h.session.end.value?.reason).toBe('hangup-over');
    expect(h.events).toContain('hangup-over');
  });

  it('changes nothing while playing or idle', async () => {
    const h = harness();
    h.session.wake();
    expect(h.session.phase.value).toBe('idle');
    await h.play();
    h.session.wake();
    await flush();
    expect(h.session.phase.value).toBe('playing');
    expect(h.api.named('gameQueue')).toHaveLength(0);
  });

  it('a seat taken away from the game screen (the screen was left while queued) plays, not hung up as away', async () => {
    const h = harness();
    h.api.on('playGame', (req) => (req.queue_id ? playAnswer({ sc_id: 'sc-seat', stream_url: 'stream?sc_id=sc-seat' }) : queued(1)));
    h.session.start(GAME);
    await flush();
    h.session.leave();
    expect(h.session.phase.value).toBe('queued');
    h.api.on('gameQueue', () => seatReady());
    await h.advance(QUEUE_POLL_MS);
    h.session.acceptSeat();
    await flush();
    h.sdk.stream();
    await flush();
    expect(h.session.phase.value).toBe('playing');
    expect(h.api.named('scHangUp')).toHaveLength(0);
  });
});
