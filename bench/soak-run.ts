/**
 * The mock's 30-minute soak (its memory stays bounded over long play: QA guide
 * §2 "Journal"), as one function the benchmark (bench/soak.ts,
 * `npm run bench -- soak`) and the test (tests/mock-server/hardening-soak.test.ts)
 * both run, so the figures in BENCHMARKS.md are the test's own.
 *
 * One player in its own mock session, driven over HTTP and websockets the way
 * QA and the app drive it: log in → get_token → play_game → the stream socket
 * (socket transport) → generate_token → the duration socket. The session's
 * clock is virtual and moves one minute at a time; each minute both sockets
 * send a heartbeat (each answered), the stream gets an input, and the
 * duration socket must deliver the minute's charge. Heap (after a forced
 * full collection) and the journal are measured at the start, after the
 * warm-up and at the end.
 */
import WebSocket from 'ws';
import { BODY_CODE, HEADER, PATH, type ApiEnvelope, type GetTokenResponse, type LoginInfo, type PlayGameResponse } from '../web/api/contract.ts';
import { createManualClock } from '../web/core/clock.ts';
import { createApp, type MockAppOptions } from '../mock-server/app.ts';
import { CONTROL_WRITE_HEADERS } from '../mock-server/http/control-guard.ts';
import { signedHeaders } from '../mock-server/http/signature.ts';
import { MOCK_SMS_CODE } from '../mock-server/limits.ts';
import { collectGarbage, heapUsed } from './heap.ts';

const MINUTE_MS = 60_000;
const SESSION = 'soak';
const GAME_KEY = 'g_soak_game';
const WAIT_MS = 5_000;

export interface SoakOptions {
  minutes: number;
  warmUp: number;
  /** Play time (seconds) the player starts with, and what a minute of play costs. */
  startCoin: number;
  chargePerMinute: number;
  /** Limits passed to createApp (e.g. a small journalSessionBytes, so the cap is reached). */
  app?: Pick<MockAppOptions, 'journalSessionBytes' | 'journalTotalBytes'>;
}

export interface SoakFigures {
  minutes: number;
  warmUp: number;
  /** heapUsed after a full collection, bytes: once playing, after the warm-up, at the end. */
  heapStart: number;
  heapAfterWarmUp: number;
  heapEnd: number;
  /** The session journal at the end, and its smallest/largest size in bytes from the warm-up on. */
  journalEntries: number;
  journalBytes: number;
  journalCap: number;
  journalDropped: number;
  journalBytesAfterWarmUp: { min: number; max: number };
  /** Charges the duration socket delivered (one a minute), and the balance it ended on. */
  charges: number;
  coinEnd: number;
  /** The stream's last status frame: inputs and input_seq the server counted. */
  streamInputs: number;
  streamProgress: number;
  socketsOpen: boolean;
  /** Wall time of the whole run, ms. */
  wallMs: number;
}

/** A websocket that keeps counts and the last message of each kind only: the driver holds no growing history. */
interface Counted {
  ws: WebSocket;
  count: number;
  last: Map<string, Record<string, unknown>>;
}

function connect(base: string, path: string): Promise<Counted> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${base.replace(/^http/, 'ws')}${path}`);
    const c: Counted = { ws, count: 0, last: new Map() };
    ws.on('message', (data) => {
      c.count++;
      const msg = JSON.parse(String(data)) as Record<string, unknown>;
      c.last.set(String(msg['type'] ?? msg['code']), msg);
    });
    const timer = setTimeout(() => reject(new Error(`${path.split('?')[0] ?? path} did not open within ${WAIT_MS} ms`)), WAIT_MS);
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

/** A ping answered by the server's pong: everything sent before it was handled, everything it sent before has arrived. */
function roundTrip(ws: WebSocket): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no pong within ${WAIT_MS} ms`)), WAIT_MS);
    ws.once('pong', () => {
      clearTimeout(timer);
      resolve();
    });
    ws.ping();
  });
}

export async function runSoak(o: SoakOptions): Promise<SoakFigures> {
  const started = performance.now();
  const app = createApp({ distDir: null, clock: createManualClock(Date.UTC(2025, 2, 1, 2)), video: false, ...o.app });
  const { url: base } = await app.listen(0, '127.0.0.1');
  const sockets: WebSocket[] = [];
  try {
    const control = async (path: string, body: unknown): Promise<void> => {
      const res = await fetch(`${base}/__mock/${path}?session=${SESSION}`, { method: 'POST', headers: { ...CONTROL_WRITE_HEADERS }, body: JSON.stringify(body), signal: AbortSignal.timeout(WAIT_MS) });
      if (!res.ok) throw new Error(`POST /__mock/${path} answered ${res.status}: ${await res.text()}`);
    };
    const api = async <T>(method: 'GET' | 'POST', urlPath: string, data: Record<string, string | number>, token?: string): Promise<T> => {
      const body = method === 'GET' ? '' : JSON.stringify(data);
      const headers: Record<string, string> = { ...signedHeaders(method, urlPath, body, 'soak-device'), [HEADER.mockSession]: SESSION };
      if (body !== '') headers['content-type'] = 'application/json';
      if (token !== undefined) headers[HEADER.token] = token;
      if (urlPath.startsWith('/api/game/')) headers[HEADER.gameClient] = 'h5';
      const res = await fetch(`${base}${urlPath}`, { method, headers, body: body === '' ? undefined : body, signal: AbortSignal.timeout(WAIT_MS) });
      const envelope = (await res.json()) as ApiEnvelope<T>;
      if (envelope.code !== BODY_CODE.success) throw new Error(`${urlPath} answered ${envelope.code} ${envelope.msg}`);
      return envelope.data;
    };

    await control('scenario', { scenario: { game: { user: { duration_coin: o.startCoin }, duration: { chargePerMinute: o.chargePerMinute } } } });
    await control('clock', { virtual: true });
    const login = await api<LoginInfo>('POST', `/api/${PATH.webLogin}`, { mobile: '13800000001', area_code: '86', code: MOCK_SMS_CODE, device_id: 'soak-device' });
    const play = await api<GetTokenResponse>('POST', `/api/game/${PATH.getToken}`, { manufacturer: 'mock', client_sid: 'soak-client' }, login.gly_token);
    const started200 = await api<PlayGameResponse>(
      'POST',
      `/api/game/${PATH.playGame}`,
      { game_key: GAME_KEY, token: play.token, model_name: 'Soak', queue_grade: 7, able_queue: 1, enable_restart: 1, local_stream: 0 },
      login.gly_token,
    );
    if (started200.code !== 200 || !('sc_id' in started200)) throw new Error(`play_game did not start: ${JSON.stringify(started200)}`);
    const pairs = `agent_id/cg_official/uid/${login.swcloud_uid}/game_id/1/token/${encodeURIComponent(login.gly_token)}`;
    const { jtoken } = await api<{ jtoken: string }>('GET', `/api/${PATH.generateToken}/${pairs}`, {});
    const stream = await connect(base, `/socket/stream?sc_id=${encodeURIComponent(started200.sc_id)}&mock_session=${SESSION}`);
    const duration = await connect(base, `/socket/duration?jtoken=${encodeURIComponent(jtoken)}&version_code=103&mock_session=${SESSION}`);
    sockets.push(stream.ws, duration.ws);
    await roundTrip(stream.ws);

    const session = app.sessions.get(SESSION);
    const gc = collectGarbage();
    const heapStart = heapUsed(gc);
    let heapAfterWarmUp = heapStart;
    const journalAfterWarmUp: number[] = [];
    let charges = 0;
    for (let minute = 1; minute <= o.minutes; minute++) {
      const heartbeat = duration.last.get('heartbeat');
      duration.ws.send(JSON.stringify({ type: 'heartbeat' }));
      stream.ws.send(JSON.stringify({ type: 'heartbeat' }));
      stream.ws.send(JSON.stringify({ type: 'input', seq: minute, device: 'keyboard', key: 'Space', down: minute % 2 === 1 }));
      await Promise.all([roundTrip(duration.ws), roundTrip(stream.ws)]);
      if (duration.last.get('heartbeat') === heartbeat) throw new Error(`minute ${minute}: the duration heartbeat was not answered`);

      const before = duration.count;
      await control('clock', { advanceMs: MINUTE_MS });
      await roundTrip(duration.ws);
      if (duration.count === before) throw new Error(`minute ${minute}: no charge arrived on the duration socket`);
      charges++;

      if (minute === o.warmUp) heapAfterWarmUp = heapUsed(gc);
      if (minute >= o.warmUp) journalAfterWarmUp.push(session.journal.bytes);
    }
    const heapEnd = heapUsed(gc);
    await Promise.all([roundTrip(stream.ws), roundTrip(duration.ws)]);

    const balance = duration.last.get('200') as { data?: { duration_coin?: number } } | undefined;
    const frame = stream.last.get('frame') as { inputs?: number } | undefined;
    const progress = stream.last.get('progress') as { value?: number } | undefined;
    return {
      minutes: o.minutes,
      warmUp: o.warmUp,
      heapStart,
      heapAfterWarmUp,
      heapEnd,
      journalEntries: session.journal.size,
      journalBytes: session.journal.bytes,
      journalCap: session.journal.maxBytes,
      journalDropped: session.journal.dropped,
      journalBytesAfterWarmUp: { min: Math.min(...journalAfterWarmUp), max: Math.max(...journalAfterWarmUp) },
      charges,
      coinEnd: balance?.data?.duration_coin ?? -1,
      streamInputs: frame?.inputs ?? 0,
      streamProgress: progress?.value ?? 0,
      socketsOpen: stream.ws.readyState === WebSocket.OPEN && duration.ws.readyState === WebSocket.OPEN,
      wallMs: performance.now() - started,
    };
  } finally {
    for (const ws of sockets) ws.terminate();
    await app.close();
  }
}
