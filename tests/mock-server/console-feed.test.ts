/**
 * The console's live feed `/__mock/feed` (decision 0011, mock-server/console/feed.ts): the session
 * list, a watched session's summary and journal pushed as they change (no polling), other sessions
 * only with --admin (decision 0011), the control guard on the upgrade, and batches a slow console
 * catches up with in order.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { FeedServerMessage } from '../../mock-server/client/feed.ts';
import { FEED_BATCH, FEED_FIGURES_MS } from '../../mock-server/console/feed.ts';
import { createManualClock } from '../../web/core/clock.ts';
import { MEMBER, player, startPlaying } from './game-helpers.ts';
import type { MockAppOptions } from '../../mock-server/app.ts';
import { callIn, json } from './control-helpers.ts';
import { rawRequest, startApp, tempDir, type Started } from './helpers.ts';
import { until } from '../wait.ts';

let s: Started | undefined;
const open: WebSocket[] = [];
afterEach(async () => {
  for (const ws of open.splice(0)) ws.terminate();
  await s?.close();
  s = undefined;
});

async function start(o: MockAppOptions = {}): Promise<Started> {
  s = await startApp(o);
  return s;
}

interface Feed {
  ws: WebSocket;
  seen: FeedServerMessage[];
  /** Waits for a message matching `pred` received after position `from` (default: any so far). */
  waitFor<T extends FeedServerMessage['type']>(type: T, pred?: (m: Extract<FeedServerMessage, { type: T }>) => boolean, from?: number): Promise<Extract<FeedServerMessage, { type: T }>>;
  entries(): Array<{ seq: number; kind: string; path?: string; fault?: string }>;
  /** Waits until the server has answered a ping sent now (everything it sent before has arrived). */
  sync(): Promise<void>;
}

function feed(port: number, query = '', headers: Record<string, string> = {}): Promise<Feed> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/__mock/feed${query}`, { headers });
    open.push(ws);
    const seen: FeedServerMessage[] = [];
    ws.on('message', (data) => seen.push(JSON.parse(String(data)) as FeedServerMessage));
    ws.on('unexpected-response', (_req, res) => reject(new Error(`refused ${res.statusCode ?? 0}`)));
    ws.on('error', reject);
    ws.on('open', () =>
      resolve({
        ws,
        seen,
        async waitFor(type, pred = () => true, from = 0) {
          type M = Extract<FeedServerMessage, { type: typeof type }>;
          let found: M | undefined;
          await until(
            () => (found = seen.slice(from).find((m): m is M => m.type === type && pred(m as never))) !== undefined,
            `a feed "${type}" message`,
            undefined,
            () => JSON.stringify(seen.slice(-3)).slice(0, 600),
          );
          return found as never;
        },
        sync: () => new Promise<void>((done) => {
          ws.once('pong', () => done());
          ws.ping();
        }),
        entries() {
          const out: Array<{ seq: number; kind: string; path?: string; fault?: string }> = [];
          for (const m of seen) {
            if (m.type !== 'journal') continue;
            if (m.reset) out.length = 0;
            out.push(...m.entries);
          }
          return out;
        },
      }),
    );
  });
}

describe('console feed /__mock/feed', () => {
  it('lists every session with --admin and pushes a new one as it is created', async () => {
    const { port } = await start({ admin: true });
    const f = await feed(port);
    expect(f.seen[0]).toEqual({ type: 'hello', listing: 'all' });
    const first = await f.waitFor('sessions');
    expect(first.sessions.map((r) => r.session)).toEqual(['default']);
    await callIn(port, 'qa-new', 'index/api/downurl', { method: 'GET', data: { lang: 'en' } });
    const later = await f.waitFor('sessions', (m) => m.sessions.some((r) => r.session === 'qa-new'));
    expect(later).toMatchObject({ listing: 'all', count: 2 });
  });

  it('without --admin lists only the watched session, and says so', async () => {
    const { port } = await start();
    await callIn(port, 'other', 'index/api/downurl', { method: 'GET', data: { lang: 'en' } });
    await callIn(port, 'mine', 'index/api/downurl', { method: 'GET', data: { lang: 'en' } });
    const f = await feed(port, '?session=mine');
    expect(f.seen[0]).toEqual({ type: 'hello', listing: 'own' });
    const list = await f.waitFor('sessions');
    expect(list.sessions.map((r) => r.session)).toEqual(['mine']);
    expect(list.count).toBe(3);
  });

  it('pushes the watched session journal live, and its summary after faults, clock and reset', async () => {
    const { port } = await start({ admin: true });
    const f = await feed(port, '?session=qa');
    // Not created yet: the summary says so, and the feed follows it once the app's first call makes it.
    expect((await f.waitFor('session')).summary).toBeNull();
    await callIn(port, 'qa', 'user/send_code', { data: { mobile: '13800000009', area_code: '86' } });
    await f.waitFor('journal', (m) => m.entries.some((e) => e.path?.includes('user/send_code') === true));
    expect(f.entries().map((e) => e.seq)).toEqual([1]);

    const mark = f.seen.length;
    await json(port, 'POST', '/__mock/faults', { match: { path: 'user/send_code' }, body: { code: 40000, msg: 'from the console', data: null } }, 'qa');
    const withFault = await f.waitFor('session', (m) => m.summary?.faults.length === 1, mark);
    expect(withFault.summary?.faults[0]).toMatchObject({ remaining: 1, match: { path: 'user/send_code' } });
    await callIn(port, 'qa', 'user/send_code', { data: { mobile: '13800000009', area_code: '86' } });
    await f.waitFor('journal', (m) => m.entries.some((e) => e.fault === 'body'));
    await f.waitFor('session', (m) => m.summary?.faults.length === 0, mark);

    await json(port, 'POST', '/__mock/clock', { virtual: true, advanceMs: 40_000 }, 'qa');
    const clock = await f.waitFor('session', (m) => m.summary?.clock.virtual === true, mark);
    expect(clock.summary?.clock.now).toBe(s?.clock.now() === undefined ? NaN : s.clock.now() + 40_000);

    const beforeReset = f.seen.length;
    await json(port, 'POST', '/__mock/reset', {}, 'qa');
    await f.waitFor('journal', (m) => m.reset, beforeReset);
    expect(f.entries()).toEqual([]);
    await callIn(port, 'qa', 'index/api/downurl', { method: 'GET', data: { lang: 'en' } });
    await until(() => f.entries().length === 1, 'the first entry after the reset');
    expect(f.entries()[0]?.seq).toBe(1);
  });

  it('switches sessions on {type: "watch"} and answers a bad message with an error', async () => {
    const { port } = await start({ admin: true });
    await callIn(port, 'b', 'index/api/downurl', { method: 'GET', data: { lang: 'en' } });
    const f = await feed(port);
    f.ws.send(JSON.stringify({ type: 'watch', session: 'b' }));
    await f.waitFor('journal', (m) => m.session === 'b' && m.entries.length === 1);
    f.ws.send('{"type":"watch","session":"../x"}');
    expect((await f.waitFor('error')).error).toMatch(/watch/);
    f.ws.send('not json');
    await until(() => f.seen.filter((m) => m.type === 'error').length === 2, 'a second error');
  });

  it('a console that joins late gets the whole journal in batches, in order, once', async () => {
    const { port, app } = await start({ admin: true });
    const journal = app.sessions.get('bulk').journal;
    for (let i = 0; i < 2 * FEED_BATCH + 50; i++) journal.add({ kind: 'http', method: 'GET', path: `/api/n/${i}`, bodyText: 'x'.repeat(400) });
    const f = await feed(port, '?session=bulk');
    await until(() => f.entries().length === 2 * FEED_BATCH + 50, 'every entry');
    const batches = f.seen.filter((m) => m.type === 'journal');
    expect(Math.max(...batches.map((m) => m.entries.length))).toBe(FEED_BATCH);
    expect(f.entries().map((e) => e.seq)).toEqual(Array.from({ length: 2 * FEED_BATCH + 50 }, (_, i) => i + 1));
  });

  it('pushes the watched session\'s network and stream figures once a second while it has a game session, on the injected clock', async () => {
    const frameClock = createManualClock(0);
    const started = await start({ admin: true, frameClock });
    const f = await feed(started.port, '?session=default');
    await f.waitFor('sessions');
    await f.sync();
    const networkCount = (): number => f.seen.filter((m) => m.type === 'network').length;
    // Once on watching (the conditions in force), then not again while the session has no game.
    const first = networkCount();
    frameClock.advance(FEED_FIGURES_MS);
    await f.sync();
    expect(networkCount()).toBe(first);
    const scId = await startPlaying(started, await player(started, MEMBER));
    await f.sync();
    const mark = f.seen.length;
    frameClock.advance(FEED_FIGURES_MS);
    const net = await f.waitFor('network', () => true, mark);
    expect(net.summary).toMatchObject({ session: 'default', network: { latencyMs: 0, bitrateKbps: 0, dropPercent: 0, stall: false } });
    expect(scId).not.toBe('');
    // A login and a play_game: on two busy cores (the WebRTC suites run beside it) more than vitest's default 5 s.
  }, 20_000);

  it('is behind the control guard: a foreign Host or page origin cannot open it', async () => {
    const { port } = await start({ admin: true });
    await expect(feed(port, '', { host: 'evil.example' })).rejects.toThrow(/refused 403/);
    await expect(feed(port, '', { origin: 'https://evil.example' })).rejects.toThrow(/refused 403/);
    const ok = await feed(port, '', { origin: `http://127.0.0.1:${port}` });
    await ok.waitFor('sessions');
  });
});

describe('console page GET /__mock/', () => {
  it('serves the built console, explains a missing build, and keeps the guard', async () => {
    const dist = tempDir('cg-console-');
    try {
      mkdirSync(path.join(dist.dir, '__mock', 'assets'), { recursive: true });
      writeFileSync(path.join(dist.dir, '__mock', 'index.html'), '<!doctype html><title>QA console</title>');
      writeFileSync(path.join(dist.dir, '__mock', 'assets', 'console-ABCDEFGH.js'), 'export {};');
      const { port } = await start({ distDir: dist.dir });
      const page = await rawRequest(port, { path: '/__mock/' });
      expect(page.status).toBe(200);
      expect(page.headers['content-type']).toMatch(/text\/html/);
      expect(page.text).toContain('QA console');
      const js = await rawRequest(port, { path: '/__mock/assets/console-ABCDEFGH.js' });
      expect(js.headers['cache-control']).toMatch(/immutable/);
      expect((await rawRequest(port, { path: '/__mock/', headers: { host: 'evil.example' } })).status).toBe(403);
      // Control calls are unchanged.
      expect((await rawRequest(port, { path: '/__mock/clock' })).status).toBe(200);
      await s?.close();
      s = undefined;
      const bare = await start({ distDir: null });
      const missing = await rawRequest(bare.port, { path: '/__mock/' });
      expect(missing.status).toBe(404);
      expect(JSON.parse(missing.text)).toEqual({ error: expect.stringMatching(/console is not built.*npm run build/) as unknown });
    } finally {
      dist.remove();
    }
  });
});
