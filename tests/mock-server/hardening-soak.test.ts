/**
 * Issue 14: a 30-minute soak on the virtual clock. One game session plays
 * (login → get_token → play_game → stream socket (socket transport) →
 * generate_token → duration socket) while its mock session's clock moves in
 * 1-minute steps, with heartbeats on both sockets, an input a minute and the
 * per-minute charge. After a 5-minute warm-up the journal (capped small here
 * so the soak reaches the cap) and the heap stay flat.
 */
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { DEFAULT_SESSION } from '../../mock-server/sessions/registry.ts';
import { json } from './control-helpers.ts';
import { jtokenFor, MEMBER, player, startPlaying, useScript } from './game-helpers.ts';
import { collectGarbage, heapUsed, MB } from './hardening-helpers.ts';
import { roundTrip, startApp, type Started } from './helpers.ts';

const MINUTES = 30;
const WARM_UP = 5;
const MINUTE_MS = 60_000;
const CHARGE_PER_MINUTE = 60;
const START_COIN = 3 * 60 * 60;
/** A journal cap the soak fills within its warm-up (about 25 KB of entries a minute). */
const JOURNAL_CAP = 64 * 1024;
/** How far heapUsed may move between the end of the warm-up and minute 30. */
const HEAP_BOUND = 8 * MB;

let s: Started | undefined;
const sockets: WebSocket[] = [];
afterEach(async () => {
  for (const ws of sockets.splice(0)) ws.terminate();
  await s?.close();
  s = undefined;
});

/** A socket that keeps only counts and the last message of each kind, so the test itself holds no growing history. */
interface Counted {
  ws: WebSocket;
  count: number;
  last: Map<string, Record<string, unknown>>;
}

function connect(port: number, path: string): Promise<Counted> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}${path}`);
    sockets.push(ws);
    const c: Counted = { ws, count: 0, last: new Map() };
    ws.on('message', (data) => {
      c.count++;
      const msg = JSON.parse(String(data)) as Record<string, unknown>;
      c.last.set(String(msg['type'] ?? msg['code']), msg);
    });
    const timer = setTimeout(() => reject(new Error(`${path} did not open`)), 5_000);
    ws.once('open', () => {
      clearTimeout(timer);
      resolve(c);
    });
    ws.once('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
  });
}


describe('soak (issue 14)', () => {
  it(`issue 14: ${MINUTES} minutes of play on the virtual clock keep the journal and the heap flat after a ${WARM_UP}-minute warm-up`, async () => {
    s = await startApp({ journalSessionBytes: JOURNAL_CAP });
    const started = s;
    useScript(started, { user: { duration_coin: START_COIN }, duration: { chargePerMinute: CHARGE_PER_MINUTE } });
    expect((await json(started.port, 'POST', '/__mock/clock', { virtual: true })).status).toBe(200);
    const session = started.app.sessions.get(DEFAULT_SESSION);

    const p = await player(started, MEMBER);
    const scId = await startPlaying(started, p);
    const stream = await connect(started.port, `/socket/stream?sc_id=${encodeURIComponent(scId)}`);
    const duration = await connect(started.port, `/socket/duration?jtoken=${encodeURIComponent(await jtokenFor(started, p))}&version_code=103`);
    await roundTrip(stream.ws);
    expect(stream.last.get('hello')).toMatchObject({ type: 'hello', transport: 'socket' });

    const gc = collectGarbage();
    let heapAfterWarmUp = 0;
    const journalAfterWarmUp: number[] = [];
    let charges = 0;
    for (let minute = 1; minute <= MINUTES; minute++) {
      const heartbeats = duration.last.get('heartbeat');
      duration.ws.send(JSON.stringify({ type: 'heartbeat' }));
      stream.ws.send(JSON.stringify({ type: 'heartbeat' }));
      stream.ws.send(JSON.stringify({ type: 'input', seq: minute, device: 'keyboard', key: 'Space', down: minute % 2 === 1 }));
      await Promise.all([roundTrip(duration.ws), roundTrip(stream.ws)]);
      expect(duration.last.get('heartbeat'), `the heartbeat reply of minute ${minute}`).not.toBe(heartbeats);

      const before = duration.count;
      const advanced = await json(started.port, 'POST', '/__mock/clock', { advanceMs: MINUTE_MS });
      expect(advanced.status).toBe(200);
      await roundTrip(duration.ws);
      expect(duration.count, `the charge of minute ${minute}`).toBeGreaterThan(before);
      charges++;

      if (minute === WARM_UP) heapAfterWarmUp = heapUsed(gc);
      if (minute >= WARM_UP) journalAfterWarmUp.push(session.journal.bytes);
    }
    const heapAtEnd = heapUsed(gc);
    // Everything the last minute made the server send has arrived.
    await Promise.all([roundTrip(stream.ws), roundTrip(duration.ws)]);

    // The game played all along: charged once a minute, the stream at 100 sending status frames.
    expect(charges).toBe(MINUTES);
    const balance = duration.last.get('200') as { data: { duration_coin: number } } | undefined;
    expect(balance?.data.duration_coin).toBe(START_COIN - MINUTES * CHARGE_PER_MINUTE);
    expect(stream.last.get('progress')).toMatchObject({ value: 100 });
    expect(stream.last.get('frame')).toMatchObject({ inputs: MINUTES, input_seq: MINUTES });
    expect(stream.ws.readyState).toBe(WebSocket.OPEN);
    expect(duration.ws.readyState).toBe(WebSocket.OPEN);

    // The journal filled its cap during the warm-up and stayed at it, dropping the oldest entries.
    expect(session.journal.dropped).toBeGreaterThan(0);
    expect(Math.max(...journalAfterWarmUp)).toBeLessThanOrEqual(JOURNAL_CAP);
    expect(Math.min(...journalAfterWarmUp)).toBeGreaterThan(JOURNAL_CAP - 4 * 1024);
    // And the heap did not grow with play time.
    const growth = heapAtEnd - heapAfterWarmUp;
    expect(growth, `heapUsed moved by ${(growth / MB).toFixed(2)} MB from minute ${WARM_UP} to ${MINUTES}`).toBeLessThan(HEAP_BOUND);
  }, 20_000);
});
