/**
 * Test helpers for the mock cloud: start it in-process on a free port of
 * 127.0.0.1 with a manual clock, and send requests signed exactly the way
 * the app signs them (sha256 hex of the contract's signingString).
 * Everything uses node:http so paths reach the server byte for byte
 * (fetch would normalise `/../`), and every request has a time limit.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import http, { type IncomingHttpHeaders } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import {
  BODY_CODE,
  DEFAULT_RUNTIME_CONFIG,
  GAME_CLIENT,
  HEADER,
  type ApiEnvelope,
  type LoginInfo,
} from '../../web/api/contract.ts';
import { MOCK_SMS_CODE } from '../../mock-server/limits.ts';
import { createManualClock, type ManualClock } from '../../web/core/clock.ts';
import { createApp, type MockApp, type MockAppOptions } from '../../mock-server/app.ts';
import { signedHeaders as signHeaders } from '../../mock-server/http/signature.ts';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { REQUEST_LIMIT_MS } from './limits.ts';

/** The envelope every token-checked call answers without a valid token (SPEC §8 30001). */
/** 30001 as the mock words it for a request without Accept-Language (English; words-language.test.ts has the others). */
export const EXPIRED = { code: BODY_CODE.tokenExpired, msg: 'Your login has expired, please log in again', data: null } as const;

/** 2025-03-01 02:00:00 UTC: a fixed, real-looking server time for manual clocks. */
export const T0 = Date.UTC(2025, 2, 1, 2, 0, 0);
export { REQUEST_LIMIT_MS } from './limits.ts';
export * from './socket-helpers.ts';

export interface Started {
  app: MockApp;
  port: number;
  base: string;
  clock: ManualClock;
  /** Every line the app logged. */
  logs: string[];
  close(): Promise<void>;
}

/**
 * Start the app on 127.0.0.1:0 with a manual clock (unless one is given) and no dist unless given.
 * Streams use the socket transport unless `video: true`: these tests check the game flow and its
 * socket protocol; the WebRTC stream has its own tests (stream-webrtc.test.ts).
 */
export async function startApp(options: MockAppOptions = {}): Promise<Started> {
  const clock = createManualClock(T0);
  const logs: string[] = [];
  const app = createApp({ distDir: null, clock, log: (line) => logs.push(line), video: false, ...options });
  const { port, url } = await app.listen(0, '127.0.0.1');
  return { app, port, base: url, clock, logs, close: () => app.close() };
}

/**
 * A test file's mock app: started before each test (or once before all of them, `per: 'file'`) and closed after,
 * handed to `started` so the file keeps its own `let s: Started` (and sets up what it builds on it there). Options
 * may be a function, read at start. A file's own afterEach runs before the app closes (vitest runs hooks as a stack).
 */
export function useApp(started: (s: Started) => unknown, options: MockAppOptions | (() => MockAppOptions) = {}, per: 'test' | 'file' = 'test'): void {
  let s: Started | undefined;
  const start = async (): Promise<void> => {
    s = await startApp(typeof options === 'function' ? options() : options);
    await started(s);
  };
  const close = async (): Promise<void> => {
    await s?.close();
    s = undefined;
  };
  if (per === 'file') {
    beforeAll(start);
    afterAll(close);
  } else {
    beforeEach(start);
    afterEach(close);
  }
}

export function tempDir(prefix: string): { dir: string; remove(): void } {
  const dir = mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  text: string;
}

export interface RawRequest {
  method?: string;
  /** Sent exactly as given (no normalisation). */
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Send the body in this many chunks without a content-length (chunked encoding). */
  chunked?: boolean;
  timeoutMs?: number;
  /** The client's address (any 127.x is loopback): another client to the server's per-address limit. */
  localAddress?: string;
}

/** One HTTP request to 127.0.0.1:port; rejects when no full answer arrives within the time limit. */
export function rawRequest(port: number, r: RawRequest): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { ...r.headers };
    const body = r.body === undefined ? undefined : Buffer.isBuffer(r.body) ? r.body : Buffer.from(r.body, 'utf8');
    if (body && !r.chunked) headers['content-length'] = String(body.length);
    const req = http.request({ host: '127.0.0.1', port, method: r.method ?? 'GET', path: r.path, headers, agent: false, ...(r.localAddress ? { localAddress: r.localAddress } : {}) });
    const timer = setTimeout(() => {
      req.destroy(new Error(`No answer to ${r.method ?? 'GET'} ${r.path} within ${r.timeoutMs ?? REQUEST_LIMIT_MS} ms`));
    }, r.timeoutMs ?? REQUEST_LIMIT_MS);
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        clearTimeout(timer);
        const data = Buffer.concat(chunks);
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: data, text: data.toString('utf8') });
        req.destroy();
      });
      res.on('error', (err) => {
        clearTimeout(timer);
        reject(err);
      });
    });
    req.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    // The server may answer (and stop reading) before the upload ends; that is not an error for the test.
    req.on('socket', (s) => s.on('error', () => undefined));
    if (body && r.chunked) {
      const size = 64 * 1024;
      for (let i = 0; i < body.length; i += size) req.write(body.subarray(i, i + size));
      req.end();
    } else {
      req.end(body);
    }
  });
}

/** The signed header set of SPEC §7, for `method` on `urlPath` (path and query exactly as sent) with `body`. */
export function signedHeaders(method: string, urlPath: string, body: string, extra: Record<string, string> = {}): Record<string, string> {
  return { ...signHeaders(method, urlPath, body, 'test-device-0001'), ...extra };
}

export interface CallOptions {
  method?: 'GET' | 'POST' | 'PUT';
  /** JSON body (POST) — or, for GET, the `/key/value` pairs. */
  data?: Record<string, string | number | boolean | null>;
  /** A raw body sent as is (overrides data). */
  rawBody?: string | Buffer;
  contentType?: string;
  token?: string;
  /** Call under the game API base with the game header. */
  game?: boolean;
  /** false: send no signed headers at all. */
  sign?: boolean;
  /** Headers added after signing (may override signed ones). */
  headers?: Record<string, string>;
  /** Headers to leave out after signing. */
  omit?: string[];
}

export interface CallResult<T> {
  status: number;
  headers: IncomingHttpHeaders;
  envelope: ApiEnvelope<T>;
}

/** The URL path of an API call: base + endpoint path (+ GET pairs). */
export function apiPath(endpoint: string, pairs?: Record<string, string | number | boolean | null>, game = false): string {
  const base = game ? DEFAULT_RUNTIME_CONFIG.gameApiBase : DEFAULT_RUNTIME_CONFIG.apiBase;
  const tail = pairs
    ? Object.entries(pairs)
        .map(([k, v]) => `/${encodeURIComponent(k)}/${encodeURIComponent(String(v))}`)
        .join('')
    : '';
  return `${base}${endpoint}${tail}`;
}

/** Call an endpoint the way the app does and decode the envelope. */
export async function call<T = unknown>(port: number, endpoint: string, o: CallOptions = {}): Promise<CallResult<T>> {
  const method = o.method ?? 'POST';
  const urlPath = apiPath(endpoint, method === 'GET' ? o.data : undefined, o.game);
  const body = o.rawBody ?? (method !== 'GET' && o.data ? JSON.stringify(o.data) : '');
  const bodyText = Buffer.isBuffer(body) ? body.toString('utf8') : body;
  const extra: Record<string, string> = {};
  if (bodyText !== '') extra['content-type'] = o.contentType ?? 'application/json';
  if (o.token !== undefined) extra[HEADER.token] = o.token;
  if (o.game) extra[HEADER.gameClient] = GAME_CLIENT;
  let headers = o.sign === false ? extra : signedHeaders(method, urlPath, bodyText, extra);
  headers = { ...headers, ...o.headers };
  for (const name of o.omit ?? []) delete headers[name];
  const res = await rawRequest(port, { method, path: urlPath, headers, body: body === '' ? undefined : body });
  return { status: res.status, headers: res.headers, envelope: JSON.parse(res.text) as ApiEnvelope<T> };
}

/** Log a persona in with the mock SMS code; fails the test when login does not succeed. */
export async function login(port: number, mobile: string, areaCode = '86'): Promise<LoginInfo> {
  const r = await call<LoginInfo>(port, 'user/web_login', {
    data: { mobile, area_code: areaCode, code: MOCK_SMS_CODE, device_id: 'test-device-0001' },
  });
  if (r.envelope.code !== 1) throw new Error(`login ${mobile} failed: ${r.envelope.code} ${r.envelope.msg}`);
  return r.envelope.data;
}

/** A request the test expects the server to hold: `answered()` says whether its answer has arrived. */
export interface Held<T> {
  answer: Promise<T>;
  answered(): boolean;
}

export function held<T>(answer: Promise<T>): Held<T> {
  let done = false;
  const settled = (): void => {
    done = true;
  };
  answer.then(settled, settled);
  return { answer, answered: () => done };
}

/**
 * A real-time round trip to the server (GET /__health): an answer the server wrote before this
 * request was handled has been read by now, so a request still not answered afterwards is held.
 */
export async function serverRoundTrip(port: number): Promise<void> {
  const r = await rawRequest(port, { path: '/__health' });
  if (r.status !== 200) throw new Error(`GET /__health answered ${r.status}`);
}
