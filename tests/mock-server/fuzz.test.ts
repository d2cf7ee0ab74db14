/**
 * Robustness (requests are checked the way a real backend would: mock-server/README.md, "Rules the server enforces"):
 * thousands of random requests — random methods, the contract's paths and
 * junk, random headers, random, malformed, huge and badly encoded bodies,
 * some correctly signed, some with a real token, in random mock sessions —
 * sent with bounded concurrency to 127.0.0.1. Every answer must be a clear
 * body (the API's `{code, msg, data}` envelope, the control API's JSON),
 * never a crash (50000) or a hang (each request has a time limit), and the
 * server must answer /__health and a normal call afterwards.
 *
 * Deterministic: the PRNG seed is printed with any failure (FUZZ_SEED=n to replay).
 */
import { describe, expect, it } from 'vitest';
import { BODY_CODE, GAME_CLIENT, HEADER, PATH, REQUIRED_SIGNED_HEADERS, type LoginInfo } from '../../web/api/contract.ts';
import { MOCK_SMS_CODE } from '../../mock-server/limits.ts';
import { call, rawRequest, signedHeaders, type RawResponse, type Started, useApp } from './helpers.ts';
import { CONTROL_HEADER, CONTROL_HEADER_VALUE } from '../../mock-server/http/control-guard.ts';

const REQUESTS = 5_000;
const CONCURRENCY = 16;
const PER_REQUEST_LIMIT_MS = 10_000;
const SEED = Number(process.env['FUZZ_SEED'] ?? 20_250_301);

/** mulberry32: small, fast, deterministic. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const rand = prng(SEED);
const int = (n: number): number => Math.floor(rand() * n);
const pick = <T>(items: readonly T[]): T => items[int(items.length)] as T;
const chance = (p: number): boolean => rand() < p;

const PRINTABLE = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.~!*()\'";:@&=+$,?#[]{}<>| %\\^`';
/** What may appear raw in a request path (Node refuses spaces and control characters there). */
const PATH_CHARS = PRINTABLE.replace(' ', '').replace('#', '').replace('?', '');
function text(max: number, alphabet = PRINTABLE): string {
  let out = '';
  const n = int(max + 1);
  for (let i = 0; i < n; i++) out += alphabet[int(alphabet.length)];
  return out;
}

const API_PATHS = Object.values(PATH);
const CONTROL_PATHS = ['scenarios', 'scenario', 'reset', 'faults', 'push', 'journal', 'clock', 'session', 'sessions', 'nope', ''];
const METHODS = ['GET', 'POST', 'POST', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD'] as const;
const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/x-www-form-urlencoded',
  'text/plain',
  'text/plain;charset=UTF-8',
  'multipart/form-data; boundary=x',
  'application/xml',
  '',
  text(30),
];
const SESSIONS = ['default', 'fuzz-a', 'fuzz-b', 'fuzz-b', 'fuzz-c'];
const BAD_SESSIONS = ['', 'bad name', 'x'.repeat(80), '../etc', 'a\tb'];
const FIELD_NAMES = ['uid', 'mobile', 'area_code', 'code', 'device_id', 'game_id', 'game_key', 'token', 'queue_id', 'sc_id', 'type', 'page', '__proto__', 'constructor', 'usage_time', 'name', 'scenario', 'status', 'count', 'match', 'socket', 'message', 'virtual', 'advanceMs'];

function randomValue(depth = 0): unknown {
  switch (int(depth > 2 ? 6 : 9)) {
    case 0:
      return int(10) === 0 ? Number.MAX_SAFE_INTEGER * 4 : int(100_000) - 50;
    case 1:
      return text(20);
    case 2:
      return null;
    case 3:
      return chance(0.5);
    case 4:
      return rand() * 1e6;
    case 5:
      return pick(['13800000001', '86', '1', '0', '-1', '', 'g_starfall_odyssey', '123456', 'duration']);
    case 6:
      return Array.from({ length: int(4) }, () => randomValue(depth + 1));
    default:
      return randomObject(depth + 1);
  }
}

function randomObject(depth = 0): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const n = int(6);
  for (let i = 0; i < n; i++) out[chance(0.8) ? pick(FIELD_NAMES) : text(12)] = randomValue(depth);
  return out;
}

function randomBody(): string | Buffer | undefined {
  switch (int(12)) {
    case 0:
      return undefined;
    case 1:
      return '';
    case 2:
      return `{"${text(8)}": ${text(10)}`; // malformed JSON
    case 3:
      return Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc3, 0x28, 0x22, 0x7d]); // invalid UTF-8
    case 4:
      return `${pick(FIELD_NAMES)}=${encodeURIComponent(text(10))}&${text(5)}=%zz&=${text(3)}`;
    case 5:
      return JSON.stringify(randomValue());
    case 6:
      return chance(0.25) ? `{"mobile":"${'9'.repeat(1024 * 1024 + int(1000))}"}` : JSON.stringify(randomObject()).repeat(int(50) + 1);
    case 7:
      return Buffer.from(Array.from({ length: int(200) }, () => int(256)));
    default:
      return JSON.stringify(randomObject());
  }
}

function randomPath(): { path: string; kind: 'api' | 'control' | 'db' | 'other' } {
  const roll = int(20);
  if (roll < 13) {
    const base = pick(['/api/', '/api/', '/api/game/']);
    let p = `${base}${chance(0.9) ? pick(API_PATHS) : text(20, PATH_CHARS)}`;
    if (chance(0.3)) p += `/${pick(FIELD_NAMES)}/${encodeURIComponent(text(8))}`;
    if (chance(0.1)) p += pick(['/', '/%zz', '/%ff%fe/x', '/a', '//x', '/..%2f..%2fetc', `/${'k/v/'.repeat(50)}`]);
    if (chance(0.1)) p += `?${pick(FIELD_NAMES)}=${encodeURIComponent(text(10))}`;
    return { path: p, kind: 'api' };
  }
  if (roll < 16) {
    const filters = chance(0.3) ? `&since=${text(3, PATH_CHARS)}&kind=${text(6, PATH_CHARS)}&limit=${text(3, PATH_CHARS)}` : '';
    return { path: `/__mock/${pick(CONTROL_PATHS)}?session=fuzz-ctl${filters}`, kind: 'control' };
  }
  if (roll < 18) {
    const tail = pick(['users', 'users/10000002', 'users/10000001', 'users/99', 'db', 'games', '', 'users/%zz', 'users?memberStatus=1&_sort=uid']);
    return { path: `/__db/${tail}${tail.includes('?') ? '&' : '?'}session=fuzz-ctl`, kind: 'db' };
  }
  return { path: pick(['/', '/__health', '/socket/duration', '/%ff', '/a/../../etc/passwd', `/${text(30, 'abc/%.')}`, '/config.json', '/index.html']), kind: 'other' };
}

interface Planned {
  method: string;
  path: string;
  kind: 'api' | 'control' | 'db' | 'other';
  headers: Record<string, string>;
  body: string | Buffer | undefined;
  chunked: boolean;
}

function plan(tokens: readonly string[]): Planned {
  const { path, kind } = randomPath();
  const method = pick(METHODS);
  const body = method === 'GET' || method === 'HEAD' ? (chance(0.1) ? randomBody() : undefined) : randomBody();
  const bodyText = body === undefined ? '' : Buffer.isBuffer(body) ? body.toString('utf8') : body;
  let headers: Record<string, string> = {};
  const type = pick(CONTENT_TYPES);
  if (type !== '') headers['content-type'] = type;
  if (kind === 'api' && chance(0.6)) headers = { ...headers, ...signedHeaders(method, path, bodyText) };
  if (kind === 'api' && chance(0.3)) {
    for (const name of REQUIRED_SIGNED_HEADERS) if (chance(0.1)) delete headers[name];
  }
  if (chance(0.5)) headers[HEADER.token] = chance(0.7) && tokens.length > 0 ? pick(tokens) : text(40);
  if (chance(0.3)) headers[HEADER.gameClient] = chance(0.8) ? GAME_CLIENT : text(5);
  if (kind !== 'control' && kind !== 'db') headers[HEADER.mockSession] = chance(0.95) ? pick(SESSIONS) : pick(BAD_SESSIONS);
  // Most control writes pass the guard (QA guide §2) so the fuzz reaches the handlers behind it.
  if ((kind === 'control' || kind === 'db') && chance(0.8)) headers[CONTROL_HEADER] = CONTROL_HEADER_VALUE;
  for (let i = int(4); i > 0; i--) headers[`x-${text(10, 'abcdefghijklmnop-')}z`] = text(chance(0.05) ? 4000 : 60, 'abcdefghijklmnopqrstuvwxyz0123456789 =;,');
  return { method, path, kind, headers, body, chunked: chance(0.1) };
}

function checkAnswer(p: Planned, res: RawResponse): string | null {
  const where = `${p.method} ${p.path.slice(0, 120)}`;
  if (res.status >= 500 && res.status !== 503) return `${where}: HTTP ${res.status} ${res.text.slice(0, 200)}`;
  if (p.method === 'HEAD' || res.status === 400 && res.text === '' || res.status === 431) return null;
  if (p.kind === 'api') {
    let body: unknown;
    try {
      body = JSON.parse(res.text) as unknown;
    } catch {
      return `${where}: not JSON: ${res.text.slice(0, 200)}`;
    }
    if (typeof body !== 'object' || body === null) return `${where}: not an object`;
    const env = body as { code?: unknown; msg?: unknown };
    if (typeof env.code !== 'number' || typeof env.msg !== 'string') return `${where}: not an envelope: ${res.text.slice(0, 200)}`;
    if (env.code === BODY_CODE.serverError) return `${where}: mock crashed: ${env.msg}`;
    if (env.code !== BODY_CODE.success && env.msg.trim() === '') return `${where}: error ${env.code} without a message`;
    return null;
  }
  if (p.kind === 'control' || p.kind === 'db') {
    try {
      const body = JSON.parse(res.text) as unknown;
      if (res.status >= 400 && !(typeof body === 'object' && body !== null && typeof (body as { error?: unknown }).error === 'string')) {
        return `${where}: ${res.status} without {error}: ${res.text.slice(0, 200)}`;
      }
    } catch {
      return `${where}: not JSON: ${res.text.slice(0, 200)}`;
    }
  }
  return null;
}

let s: Started;
useApp((started) => (s = started), { log: () => undefined }, 'file');

describe('fuzz: random requests never crash or hang the mock cloud (SPEC §7, §8)', () => {
  it(
    `answers ${REQUESTS} random requests with clear bodies and stays healthy (seed ${SEED})`,
    async () => {
      const tokens: string[] = [];
      for (const session of ['default', 'fuzz-a', 'fuzz-b']) {
        const r = await call<LoginInfo>(s.port, PATH.webLogin, {
          data: { mobile: '13800000001', area_code: '86', code: MOCK_SMS_CODE, device_id: 'fuzz' },
          headers: { [HEADER.mockSession]: session },
        });
        tokens.push(r.envelope.data.gly_token);
      }

      const problems: string[] = [];
      const statuses = new Map<number, number>();
      let next = 0;
      const worker = async (): Promise<void> => {
        while (next < REQUESTS) {
          next++;
          const p = plan(tokens);
          let res: RawResponse;
          try {
            res = await rawRequest(s.port, { method: p.method, path: p.path, headers: p.headers, body: p.body, chunked: p.chunked, timeoutMs: PER_REQUEST_LIMIT_MS });
          } catch (err) {
            const message = err instanceof Error ? err.message : String(err);
            if (/No answer/.test(message)) problems.push(`${p.method} ${p.path.slice(0, 120)}: HANG ${message}`);
            else problems.push(`${p.method} ${p.path.slice(0, 120)}: ${message}`);
            continue;
          }
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          const problem = checkAnswer(p, res);
          if (problem) problems.push(problem);
        }
      };
      await Promise.all(Array.from({ length: CONCURRENCY }, worker));

      expect(problems.slice(0, 40), `seed ${SEED}; statuses ${JSON.stringify([...statuses])}`).toEqual([]);
      expect([...statuses.values()].reduce((a, b) => a + b, 0)).toBeGreaterThan(REQUESTS * 0.98);
      // Healthy afterwards: health, a normal call, a login.
      expect((await rawRequest(s.port, { path: '/__health' })).text).toBe('{"ok":true}');
      expect((await call(s.port, PATH.systemInfo, { data: {} })).envelope.code).toBe(BODY_CODE.success);
      const again = await call(s.port, PATH.webLogin, { data: { mobile: '13800000002', area_code: '86', code: MOCK_SMS_CODE, device_id: 'after' } });
      expect(again.envelope.code).toBe(BODY_CODE.success);
    },
    60_000,
  );
});
