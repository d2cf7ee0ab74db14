/**
 * The QA console's framework-free model (web/console/model, decision 0011): the feed connection's
 * reconnects, the capped journal copy and its filter, the fault form's checks, and per-second stream rates.
 */
import { describe, expect, it } from 'vitest';
import type { JournalEntry, NetworkSummary } from '../../../mock-server/client/types.ts';
import { createManualClock } from '../../../web/core/clock.ts';
import { EMPTY_FAULT_FORM, faultFromForm } from '../../../web/console/model/fault-form.ts';
import { connectFeed, RECONNECT_FIRST_MS, RECONNECT_MAX_MS, type FeedSocket } from '../../../web/console/model/feed.ts';
import { streamRates } from '../../../web/console/model/figures.ts';
import { addEntries, ALL_KINDS, entryLine, gapBefore, matches } from '../../../web/console/model/journal.ts';

class FakeSocket implements FeedSocket {
  sent: string[] = [];
  closed = false;
  onopen: FeedSocket['onopen'] = null;
  onmessage: FeedSocket['onmessage'] = null;
  onclose: FeedSocket['onclose'] = null;
  constructor(readonly url: string) {}
  send(text: string): void {
    this.sent.push(text);
  }
  close(): void {
    this.closed = true;
    this.onclose?.({} as CloseEvent);
  }
}

const entry = (seq: number, over: Partial<JournalEntry> = {}): JournalEntry => ({ seq, t: seq * 1000, kind: 'http', method: 'POST', path: `/api/p/${seq}`, status: 200, code: 1, ...over });

describe('feed connection', () => {
  it('hands messages on, connects anew naming each new session it watches, watches it again after a drop, and backs off 1 s doubling to 15 s', () => {
    const clock = createManualClock(0);
    const sockets: FakeSocket[] = [];
    const got: unknown[] = [];
    const statuses: string[] = [];
    const feed = connectFeed({
      url: 'ws://mock/__mock/feed',
      open: (url) => {
        const s = new FakeSocket(url);
        sockets.push(s);
        return s;
      },
      clock,
      onMessage: (m) => got.push(m),
      onStatus: (s) => statuses.push(s),
    });
    sockets[0]?.onopen?.({} as Event);
    // Another session: a new connection that names it (docs/scale-out.md: a proxy routes the feed by that name).
    feed.watch('qa-1');
    expect(sockets[0]?.closed).toBe(true);
    expect(sockets[1]?.url).toBe('ws://mock/__mock/feed?session=qa-1');
    sockets[1]?.onopen?.({} as Event);
    // The same session again: asked on the open connection.
    feed.watch('qa-1');
    expect(sockets[1]?.sent).toEqual(['{"type":"watch","session":"qa-1"}']);
    sockets[1]?.onmessage?.({ data: '{"type":"hello","listing":"all"}' } as MessageEvent);
    sockets[1]?.onmessage?.({ data: 'not json' } as MessageEvent);
    expect(got).toEqual([{ type: 'hello', listing: 'all' }]);

    sockets[1]?.onclose?.({} as CloseEvent);
    clock.advance(RECONNECT_FIRST_MS - 1);
    expect(sockets).toHaveLength(2);
    clock.advance(1);
    expect(sockets[2]?.url).toBe('ws://mock/__mock/feed?session=qa-1');
    // Never opened: the next try waits twice as long, up to the cap.
    let wait = RECONNECT_FIRST_MS * 2;
    for (let i = 3; i < 9; i++) {
      sockets[i - 1]?.onclose?.({} as CloseEvent);
      clock.advance(wait);
      expect(sockets).toHaveLength(i + 1);
      wait = Math.min(RECONNECT_MAX_MS, wait * 2);
    }
    expect(wait).toBe(RECONNECT_MAX_MS);
    expect(statuses.slice(0, 7)).toEqual(['connecting', 'open', 'connecting', 'open', 'closed', 'connecting', 'closed']);
    feed.close();
    clock.advance(RECONNECT_MAX_MS * 2);
    expect(sockets).toHaveLength(9);
  });
});

describe('journal copy', () => {
  it('adds, empties on reset and keeps the newest within the cap', () => {
    const held = addEntries([], [entry(1), entry(2)], false);
    expect(addEntries(held, [entry(3)], false).map((e) => e.seq)).toEqual([1, 2, 3]);
    expect(addEntries(held, [entry(1)], true).map((e) => e.seq)).toEqual([1]);
    expect(addEntries(held, [entry(3), entry(4)], false, 3).map((e) => e.seq)).toEqual([2, 3, 4]);
    expect(gapBefore([entry(1), entry(5)], 1)).toBe(3);
  });

  it('filters by kind and by text in path, message or body', () => {
    const e = entry(7, { body: { mobile: '13800000001' }, msg: 'success' });
    expect(matches(e, ALL_KINDS)).toBe(true);
    expect(matches(e, { kinds: new Set(['ws-in']), text: '' })).toBe(false);
    expect(matches(e, { ...ALL_KINDS, text: '1380000' })).toBe(true);
    expect(matches(e, { ...ALL_KINDS, text: 'P/7' })).toBe(true);
    expect(matches(e, { ...ALL_KINDS, text: 'game_queue' })).toBe(false);
    expect(entryLine(entry(2, { code: 40000, msg: 'bad' }))).toBe('POST /api/p/2 → 200 code 40000 bad');
  });
});

describe('fault form', () => {
  it('builds the fault faults.ts takes, and says what is wrong instead of sending a bad one', () => {
    expect(faultFromForm({ ...EMPTY_FAULT_FORM, path: ' user/send_code ', method: 'POST', count: '2' })).toEqual({
      fault: { count: 2, match: { path: 'user/send_code', method: 'POST' }, body: { code: 40000, msg: 'Fault from the QA console', data: null } },
    });
    expect(faultFromForm({ ...EMPTY_FAULT_FORM, effect: 'status', status: '503' })).toEqual({ fault: { count: 1, status: 503 } });
    expect(faultFromForm({ ...EMPTY_FAULT_FORM, effect: 'body', body: 'plain text' })).toEqual({ fault: { count: 1, body: 'plain text' } });
    expect(faultFromForm({ ...EMPTY_FAULT_FORM, effect: 'drop' })).toEqual({ fault: { count: 1, drop: true } });
    expect(faultFromForm({ ...EMPTY_FAULT_FORM, effect: 'status', status: '99' })).toEqual({ error: 'Status must be a whole number from 100 to 599' });
    expect(faultFromForm({ ...EMPTY_FAULT_FORM, count: '0' })).toEqual({ error: 'Count must be a whole number from 1 to 100000' });
    expect(faultFromForm({ ...EMPTY_FAULT_FORM, body: '  ' })).toMatchObject({ error: expect.stringMatching(/empty/) as unknown });
  });
});

describe('stream rates', () => {
  const level = { display_grade: 8, name: 'hd', width: 1280, height: 720, fps: 60, bitrate: 4000 } as const;
  const at = (ms: number, framesSent: number, inputs: number): { at: number; summary: NetworkSummary } => ({
    at: ms,
    summary: {
      session: 'qa',
      network: { latencyMs: 0, bitrateKbps: 1500, dropPercent: 0, stall: false, lossPercent: 0, bandwidthKbps: 0 },
      streams: [{ sc_id: 's1', status: 'running', level_config: level, framesSent, framesDropped: 0, inputs, viewers: 1, frameCostMs: 2 }],
    },
  });

  it('turns running counts into per-second rates; the first snapshot or a counter that fell gives none', () => {
    expect(streamRates(at(0, 0, 0), undefined)[0]?.fps).toBeNull();
    const r = streamRates(at(2000, 120, 10), at(0, 0, 0))[0];
    expect(r).toMatchObject({ fps: 60, inputsPerSecond: 5, levelKbps: 4000, capKbps: 1500 });
    expect(streamRates(at(3000, 5, 0), at(2000, 120, 10))[0]?.fps).toBeNull();
  });

  it('the share of packets towards the player the network path lost between two snapshots (decision 0030)', () => {
    const lossy = (ms: number, packetsDown: number, lostDown: number) => {
      const snap = at(ms, 0, 0);
      return { ...snap, summary: { ...snap.summary, streams: snap.summary.streams.map((x) => ({ ...x, packetsDown, lostDown })) } };
    };
    expect(streamRates(lossy(1000, 500, 20), lossy(0, 100, 0))[0]?.lossPct).toBe(5);
    // No packet between them, or none counted: no figure.
    expect(streamRates(lossy(1000, 100, 0), lossy(0, 100, 0))[0]?.lossPct).toBeNull();
    expect(streamRates(at(1000, 0, 0), at(0, 0, 0))[0]?.lossPct).toBeNull();
  });
});
