/**
 * `npm run bench:memory -- [cycles]` (default 50): is what the mock keeps after WebRTC streams
 * held memory or a leak? A hostile-client probe saw its RSS climb in steps over stream cycles and not come back.
 *
 * This process is the mock (createApp, video on, as the CLI runs it) and what is measured; the player's side is
 * bench/stream-memory-client.ts in a worker process (the app's mock SDK on @roamhq/wrtc), so the client's native
 * memory never counts here. One cycle: play_game, the SDK starts the stream and sees a second of frames, then it ends
 * one of the three ways a stream ends (the SDK stops then stop_game; stop_game first; the stream alone closes, the
 * session hangs up, then stop_game), and the server's peers and video sources must be released before the next.
 *
 * Readings before the first cycle, after the first, half way and at the end, each after full collections: RSS, the
 * JS heap (used, total), external and array buffers, V8's malloced memory, the game state's maps. A JS heap that grows
 * with cycles is a leak to find in the heap snapshots (BENCH_HEAP_SNAPSHOTS=<dir> writes one per reading); RSS that
 * grows over a flat heap is native memory (libwebrtc, Skia, the allocator's arenas: compare a run under
 * MALLOC_ARENA_MAX=2; how much of RSS is memory the allocator keeps free shows in
 * `gdb -p <pid> -batch -ex 'call (void)malloc_stats()' -ex 'call (int)malloc_trim(0)'`). Bounded: every wait has a limit.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import { DEFAULT_RUNTIME_CONFIG, GAME_CLIENT, HEADER, PATH, type ApiEnvelope, type GetTokenResponse, type LoginInfo, type PlayGameResponse } from '../web/api/contract.ts';
import type { StreamTarget } from '../web/game/sdk.ts';
import { createApp } from '../mock-server/app.ts';
import { gameStateOf } from '../mock-server/game/state.ts';
import { signedHeaders } from '../mock-server/http/signature.ts';
import { MOCK_SMS_CODE } from '../mock-server/limits.ts';
import { DEFAULT_SESSION } from '../mock-server/sessions/registry.ts';
import { rtcResources } from '../mock-server/stream/rtc-peer.ts';
import { guardWrtcLocalDescription } from '../tests/mock-server/rtc-peers.ts';
import { until } from '../tests/wait.ts';
import type { ClientResources } from './stream-memory-client.ts';
import { collectGarbage, MB } from './heap.ts';
import { forkWorker } from './worker-rpc.ts';

const CYCLES = Number(process.argv[2] ?? 50);
const SNAPSHOT_DIR = process.env['BENCH_HEAP_SNAPSHOTS'];
const DEVICE = 'bench-memory';
const MEMBER = '13800000001';
const LIMIT_MS = 20_000;

const gc = collectGarbage();
// global.gc under node --expose-gc, else the same function fetched after setting the flag (bench/heap.ts).
if (!gc) throw new Error('no way to force a collection: run with node --expose-gc (npx tsx --expose-gc …)');
// The same wrtc crash guard the stream tests put on the server's peers (see guardWrtcLocalDescription).
guardWrtcLocalDescription();

const app = createApp({ distDir: null, video: true, log: () => undefined });
const { url: base } = await app.listen(0, '127.0.0.1');
const client = forkWorker(path.join(path.dirname(fileURLToPath(import.meta.url)), 'stream-memory-client.ts'));

async function api<T>(endpoint: string, data: Record<string, string | number>, o: { token?: string; game?: boolean; method?: 'GET' | 'POST' } = {}): Promise<T> {
  const method = o.method ?? 'POST';
  const root = o.game ? DEFAULT_RUNTIME_CONFIG.gameApiBase : DEFAULT_RUNTIME_CONFIG.apiBase;
  const pairs = Object.entries(data).map(([k, v]) => `/${encodeURIComponent(k)}/${encodeURIComponent(String(v))}`);
  const urlPath = `${root}${endpoint}${method === 'GET' ? pairs.join('') : ''}`;
  const body = method === 'GET' ? '' : JSON.stringify(data);
  const headers: Record<string, string> = signedHeaders(method, urlPath, body, DEVICE);
  if (body !== '') headers['content-type'] = 'application/json';
  if (o.token !== undefined) headers[HEADER.token] = o.token;
  if (o.game) headers[HEADER.gameClient] = GAME_CLIENT;
  const res = await fetch(`${base}${urlPath}`, { method, headers, body: body === '' ? undefined : body, signal: AbortSignal.timeout(LIMIT_MS) });
  const envelope = (await res.json()) as ApiEnvelope<T>;
  if (envelope.code !== 1) throw new Error(`${endpoint} answered ${envelope.code} ${envelope.msg}`);
  return envelope.data;
}

const game = (): ReturnType<typeof gameStateOf> => gameStateOf({ session: app.sessions.get(DEFAULT_SESSION) });

interface Reading {
  after: number;
  /** The highest RSS sampled since the previous reading, with no collection forced: what a watcher of the process sees. */
  peakRssMb: number;
  /** After full collections. */
  rssMb: number;
  heapUsedMb: number;
  heapTotalMb: number;
  externalMb: number;
  arrayBuffersMb: number;
  mallocedMb: number;
  peakMallocedMb: number;
  detachedContexts: number;
  playSessions: number;
  queues: number;
  gameTokens: number;
  /** The journals' estimated bytes: capped (JOURNAL_SESSION_BYTES), so held, not leaked. */
  journalMb: number;
  snapshot?: string;
}

const mb = (n: number): number => Math.round((n / MB) * 10) / 10;

let peakRss = 0;
setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage.rss());
}, 100).unref();

async function reading(after: number): Promise<Reading> {
  const peak = Math.max(peakRss, process.memoryUsage.rss());
  peakRss = 0;
  // Let the wrtc threads finish closing what the last cycle released, then collect until the heap stops shrinking.
  await until(() => rtcResources().peers === 0 && rtcResources().sources === 0, 'the server peers released', LIMIT_MS);
  let used = Infinity;
  for (let i = 0; i < 5; i++) {
    gc?.();
    await new Promise<void>((resolve) => setImmediate(resolve));
    const now = process.memoryUsage().heapUsed;
    if (now >= used) break;
    used = now;
  }
  const m = process.memoryUsage();
  const h = v8.getHeapStatistics();
  const state = game();
  const r: Reading = {
    after,
    peakRssMb: mb(peak),
    rssMb: mb(m.rss),
    heapUsedMb: mb(m.heapUsed),
    heapTotalMb: mb(m.heapTotal),
    externalMb: mb(m.external),
    arrayBuffersMb: mb(m.arrayBuffers),
    mallocedMb: mb(h.malloced_memory),
    peakMallocedMb: mb(h.peak_malloced_memory),
    detachedContexts: h.number_of_detached_contexts,
    playSessions: state.sessions.size,
    queues: state.queues.size,
    gameTokens: state.gameTokens.size,
    journalMb: mb(app.sessions.journalBytes().used),
  };
  if (SNAPSHOT_DIR) r.snapshot = v8.writeHeapSnapshot(path.join(SNAPSHOT_DIR, `mock-after-${after}.heapsnapshot`));
  return r;
}

/** One stream start and stop; `way` picks how it ends. */
async function cycle(token: string, playToken: string, way: number): Promise<void> {
  const played = await api<PlayGameResponse>(
    PATH.playGame,
    { game_key: 'g_bench_memory', token: playToken, model_name: 'Pixel 8', queue_grade: 1, able_queue: 1, enable_restart: 0, local_stream: 0 },
    { token, game: true },
  );
  if (played.code !== 200 || !('sc_id' in played)) throw new Error(`play_game did not start: ${JSON.stringify(played)}`);
  const target: StreamTarget = { sc_id: played.sc_id, game_key: played.game_key, stream_url: played.stream_url, level_config: played.level_config };
  await client.call('start', { base, target }, LIMIT_MS + 5_000);
  const stop = (): Promise<unknown> => api(PATH.stopGame, { sc_id: target.sc_id, game_key: target.game_key }, { token, game: true });
  if (way === 0) {
    await client.call('stop');
    await stop();
  } else if (way === 1) {
    await stop();
    await client.call('ended', undefined, LIMIT_MS + 5_000);
  } else {
    await client.call('pause');
    await until(() => game().sessions.get(target.sc_id)?.status === 'hangup', 'the session to hang up', LIMIT_MS);
    await stop();
  }
  await until(() => rtcResources().peers === 0 && rtcResources().sources === 0, 'the server peers released', LIMIT_MS, () => JSON.stringify(rtcResources()));
}

const readings: Reading[] = [];
const started = Date.now();
try {
  const login = await api<LoginInfo>(PATH.webLogin, { mobile: MEMBER, area_code: '86', code: MOCK_SMS_CODE, device_id: DEVICE });
  const play = await api<GetTokenResponse>(PATH.getToken, { manufacturer: 'mock', client_sid: 'bench-memory' }, { token: login.gly_token, game: true });
  const at = new Set([1, Math.floor(CYCLES / 2), CYCLES]);
  readings.push(await reading(0));
  for (let i = 1; i <= CYCLES; i++) {
    await cycle(login.gly_token, play.token, i % 3);
    if (!at.has(i)) continue;
    const r = await reading(i);
    readings.push(r);
    console.log(`after ${i} cycles: RSS ${r.rssMb} MB (peak ${r.peakRssMb} MB before collecting), JS heap ${r.heapUsedMb} MB`);
  }
  const clientLeft = await client.call<ClientResources>('resources');
  console.table(readings.map(({ snapshot: _s, ...r }) => r));
  const [first, , half, last] = readings;
  if (first && half && last) {
    const per = (a: Reading, b: Reading, k: 'rssMb' | 'heapUsedMb'): string => `${(((b[k] - a[k]) / (b.after - a.after)) * 1024).toFixed(0)} KB/cycle`;
    console.log(
      `cycles ${CYCLES} in ${Math.round((Date.now() - started) / 1000)} s; MALLOC_ARENA_MAX=${process.env['MALLOC_ARENA_MAX'] ?? 'unset'}; ` +
        `second half: RSS ${per(half, last, 'rssMb')}, JS heap ${per(half, last, 'heapUsedMb')}; ` +
        `left: server ${JSON.stringify(rtcResources())}, client ${JSON.stringify(clientLeft)}`,
    );
  }
  console.log(JSON.stringify({ cycles: CYCLES, mallocArenaMax: process.env['MALLOC_ARENA_MAX'] ?? null, readings }));
} catch (err) {
  // Printed here: the exit below would otherwise swallow it.
  console.error(err);
  process.exitCode = 1;
} finally {
  await client.stop();
  await app.close();
  // wrtc keeps threads that hold the loop open.
  process.exit(process.exitCode ?? 0);
}
