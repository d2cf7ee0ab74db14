import { describe, expect, it } from 'vitest';
import { QUEUE_POLL_MS, SEAT_EXPIRY_MS } from '../../../web/api/contract.ts';
import { ApiError } from '../../../web/core/http/errors.ts';
import { GAME, flush, harness, member, playAnswer, queued, seatReady, type Harness } from './fakes.ts';

async function inQueue(position = 5, over: Parameters<typeof harness>[0] = {}): Promise<Harness> {
  const h = harness(over);
  h.api.on('playGame', (req) => (req.queue_id ? playAnswer({ sc_id: 'sc-seat', stream_url: 'stream?sc_id=sc-seat' }) : queued(position)));
  h.session.start(GAME);
  await flush();
  expect(h.session.phase.value).toBe('queued');
  return h;
}

describe('SPEC §4 Queue', () => {
  it('SPEC §4 §9 polls game_queue every 10 s with queue_id, queue_grade, game_key and token (silently)', async () => {
    const h = await inQueue(5, { user: member() });
    h.api.sequence('gameQueue', [queued(4), queued(3)]);
    await h.advance(QUEUE_POLL_MS - 1);
    expect(h.api.named('gameQueue')).toHaveLength(0);
    await h.advance(1);
    expect(h.api.named('gameQueue')).toHaveLength(1);
    expect(h.api.last('gameQueue')).toMatchObject({ req: { queue_id: 'q-1', queue_grade: 7, game_key: 'space-race', token: 'play-token' }, silent: true });
    await h.advance(QUEUE_POLL_MS);
    expect(h.api.named('gameQueue')).toHaveLength(2);
  });

  it('SPEC §4 201 updates the position', async () => {
    const h = await inQueue(5);
    h.api.sequence('gameQueue', [queued(4), queued(2)]);
    await h.advance(QUEUE_POLL_MS);
    expect(h.session.queue.value?.position).toBe(4);
    await h.advance(QUEUE_POLL_MS);
    expect(h.session.queue.value).toMatchObject({ position: 2, waitSeconds: 60, polls: 2 });
  });

  it('SPEC §4 minutes of queueing: ten polls over 100 s, then the seat', async () => {
    const h = await inQueue(10);
    h.api.sequence('gameQueue', [...[9, 8, 7, 6, 5, 4, 3, 2, 1].map((p) => queued(p)), seatReady()]);
    await h.advanceSteps(10 * QUEUE_POLL_MS, QUEUE_POLL_MS);
    expect(h.api.named('gameQueue')).toHaveLength(10);
    expect(h.session.phase.value).toBe('seat-ready');
  });

  it('SPEC §4 §9 200 means the seat is ready: a 40 s countdown begins and polling stops', async () => {
    const h = await inQueue(1);
    h.api.on('gameQueue', () => seatReady());
    await h.advance(QUEUE_POLL_MS);
    expect(h.session.phase.value).toBe('seat-ready');
    expect(h.events).toContain('seat-ready');
    expect(h.session.seatSecondsLeft.value).toBe(40);
    await h.advance(15_000);
    expect(h.session.seatSecondsLeft.value).toBe(25);
    expect(h.api.named('gameQueue')).toHaveLength(1);
    expect(h.session.flags.value.queueScreen).toBe(true);
  });

  it('SPEC §4 accepting the seat starts play (play_game with the queue_id) and loads the stream', async () => {
    const h = await inQueue(1);
    h.api.on('gameQueue', () => seatReady());
    await h.advance(QUEUE_POLL_MS);
    h.session.acceptSeat();
    await flush();
    expect(h.api.last('playGame')?.req).toMatchObject({ queue_id: 'q-1', token: 'play-token' });
    expect(h.session.phase.value).toBe('loading');
    expect(h.sdk.log).toContain('start sc-seat');
    // The expiry no longer applies once the seat is taken.
    await h.advance(SEAT_EXPIRY_MS);
    expect(h.session.phase.value).toBe('loading');
    h.sdk.stream();
    expect(h.session.phase.value).toBe('playing');
    expect(h.api.named('cancelQueue')).toHaveLength(0);
  });

  it('SPEC §4 §9 the seat countdown running out leaves the queue (cancel_queue)', async () => {
    const h = await inQueue(1);
    h.api.on('gameQueue', () => seatReady());
    await h.advance(QUEUE_POLL_MS);
    await h.advance(SEAT_EXPIRY_MS - 1);
    expect(h.session.phase.value).toBe('seat-ready');
    expect(h.session.seatSecondsLeft.value).toBe(1);
    await h.advance(1);
    expect(h.session.phase.value).toBe('ended');
    expect(h.session.end.value?.reason).toBe('seat-expired');
    expect(h.api.last('cancelQueue')?.req).toEqual({ queue_id: 'q-1', game_key: 'space-race' });
    expect(h.clock.pending()).toBe(0);
  });

  it('SPEC §4 an error answer cancels the queue with its message', async () => {
    const h = await inQueue(3);
    h.api.on('gameQueue', () => ({ code: 4007, sub_msg: 'Queue error' }));
    await h.advance(QUEUE_POLL_MS);
    expect(h.session.end.value).toEqual({ reason: 'queue-error', message: 'Queue error' });
    expect(h.api.named('cancelQueue')).toHaveLength(1);
  });

  it('SPEC §4 a rejected poll cancels the queue', async () => {
    const h = await inQueue(3);
    h.api.on('gameQueue', () => {
      throw new ApiError({ code: -1, msg: 'timeout', errCode: 5 });
    });
    await h.advance(QUEUE_POLL_MS);
    expect(h.session.end.value).toEqual({ reason: 'queue-error', message: 'timeout' });
    expect(h.api.named('cancelQueue')).toHaveLength(1);
    await h.advance(QUEUE_POLL_MS * 3);
    expect(h.api.named('gameQueue')).toHaveLength(1);
  });

  it('SPEC §4 the user cancels: cancel_queue, no more polls', async () => {
    const h = await inQueue(3);
    h.session.cancelQueue();
    expect(h.session.end.value?.reason).toBe('queue-cancelled');
    expect(h.api.named('cancelQueue')).toHaveLength(1);
    await h.advance(QUEUE_POLL_MS * 3);
    expect(h.api.named('gameQueue')).toHaveLength(0);
  });

  it('SPEC §2 the back gesture while queued stops the queue', async () => {
    const h = await inQueue(3);
    expect(h.session.back()).toBe('stopped-queue');
    expect(h.session.phase.value).toBe('ended');
    expect(h.api.named('cancelQueue')).toHaveLength(1);
  });

  it('SPEC §2 the back gesture with the seat ready stops the queue too', async () => {
    const h = await inQueue(1);
    h.api.on('gameQueue', () => seatReady());
    await h.advance(QUEUE_POLL_MS);
    expect(h.session.back()).toBe('stopped-queue');
    expect(h.session.end.value?.reason).toBe('queue-cancelled');
    expect(h.api.named('cancelQueue')).toHaveLength(1);
  });

  it('SPEC §4 taking an expired seat shows the sub message', async () => {
    const h = await inQueue(1);
    h.api.on('gameQueue', () => seatReady());
    await h.advance(QUEUE_POLL_MS);
    h.api.on('playGame', () => ({ code: 4006, sub_msg: 'Seat expired' }));
    h.session.acceptSeat();
    await flush();
    expect(h.session.end.value).toEqual({ reason: 'play-failed', message: 'Seat expired' });
  });
});
