/**
 * The generic request (SPEC §7, §8, §9): every API call of the app goes
 * through here so signing, de-duplication, timeouts and error mapping live in
 * one place. `request()` is the raw transport; `call()` adds the envelope rules.
 */
import type { Clock } from '../clock';
// The wire protocol's own modules, not the contract's barrel: core takes nothing else of web/api (decision 0004).
import { BODY_CODE, DEFAULT_MESSAGES, ERR_CODE, type ApiEnvelope } from '../../api/contract/protocol.ts';
import type { RuntimeConfig } from '../../api/contract/runtime-config.ts';
import { REQUEST_TIMEOUT_MS } from '../constants.ts';
import { ApiError, REPEATED_REQUEST_CODE } from './errors';
import { signedHeaders } from './headers';
import { InFlight, requestKey } from './inflight';
import { CONTENT_TYPE, appendPathPairs, cleanPayload, encodeBody, headerValue } from './payload';
import { sha256Hex as defaultSha256Hex } from './sha256';
import { httpStatusText, isPageStatus } from './status';
import { joinUrl, pathWithQuery } from './url';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

export interface RequestOptions {
  url: string;
  data?: Record<string, unknown> | string;
  header?: Record<string, string>;
  /** Defaults to GET, like the platform request it replaces; `call()` defaults to POST. */
  method?: Method;
  dataType?: 'json' | 'text';
  responseType?: 'text' | 'arraybuffer';
  withCredentials?: boolean;
  timeout?: number;
  /** Allow an identical request while one is in flight (SPEC §5). */
  repeat?: boolean;
  /** Use the game API base and the game header set (SPEC §7). */
  game?: boolean;
  /** No toasts from this request (background polls); rejections still happen. */
  silent?: boolean;
  /**
   * A call no page is waiting on (a balance refresh, order polling, the game session's calls): HTTP
   * 403/500/503 reject without the error page, because SPEC §8's navigation is for page-level calls
   * and must not tear down the screen the player is on (decision 0008).
   */
  background?: boolean;
  signal?: AbortSignal;
  /** The request outlives the page (fetch `keepalive`): for reports sent as the page is hidden or closed. */
  keepalive?: boolean;
}

export interface RequestResult<T> {
  data: T;
  statusCode: number;
  header: Record<string, string>;
  cookies: string[];
}

export interface HttpDeps {
  config: RuntimeConfig;
  clock: Clock;
  fetch?: typeof fetch;
  random?: () => number;
  getToken(): string | null;
  getDeviceId(): string;
  getAgentCode(): string | null;
  wwwid: string;
  extraHeaders?: () => Record<string, string>;
  onHttpStatus(status: 403 | 500 | 503): void;
  onTokenExpired(message: string): void;
  toast(message: string): void;
  sha256Hex?: (text: string) => Promise<string>;
  /** The words the client shows of its own, read at each use so a language switch applies at once (default SPEC §8's Chinese). */
  wording?: () => HttpWording;
}

/** What the client says when the server gave no words: a failed HTTP status, a body that is not an envelope, a 30001 without msg. */
export interface HttpWording {
  status(code: number): string;
  requestFailed: string;
  tokenExpired: string;
}

/** SPEC §8's texts, as written there (Chinese). */
export const SPEC_WORDING: HttpWording = {
  status: httpStatusText,
  requestFailed: DEFAULT_MESSAGES.requestFailed,
  tokenExpired: DEFAULT_MESSAGES.tokenExpired,
};

export interface HttpClient {
  request<T>(opts: RequestOptions): Promise<RequestResult<T>>;
  call<T>(path: string, data?: Record<string, unknown>, opts?: Partial<RequestOptions>): Promise<T>;
}

export const REPEAT_REQUEST_MSG = '请勿重复请求';
export const TIMEOUT_MSG = 'timeout';
export const ABORT_MSG = 'abort';

function isEnvelope(v: unknown): v is ApiEnvelope<unknown> {
  return typeof v === 'object' && v !== null && typeof (v as { code?: unknown }).code === 'number';
}

function responseHeaders(res: Response): { header: Record<string, string>; cookies: string[] } {
  const header: Record<string, string> = {};
  res.headers.forEach((value, key) => {
    header[key.toLowerCase()] = value;
  });
  // Browsers hide Set-Cookie from scripts; this is only filled outside them (tests, Node).
  const cookies =
    typeof res.headers.getSetCookie === 'function'
      ? res.headers.getSetCookie()
      : header['set-cookie']
        ? [header['set-cookie']]
        : [];
  return { header, cookies };
}

async function readBody(res: Response, opts: RequestOptions): Promise<unknown> {
  if (opts.responseType === 'arraybuffer') return res.arrayBuffer();
  const text = await res.text();
  if (opts.dataType === 'text') return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // A non-JSON answer is handed over as text, as the platform request did.
    return text;
  }
}

export function createHttpClient(deps: HttpDeps): HttpClient {
  const inflight = new InFlight();
  const random = deps.random ?? Math.random;
  const sha = deps.sha256Hex ?? defaultSha256Hex;
  const headerDeps = { ...deps, random, sha256Hex: sha };
  const words = deps.wording ?? ((): HttpWording => SPEC_WORDING);

  async function request<T>(opts: RequestOptions): Promise<RequestResult<T>> {
    const method: Method = opts.method ?? 'GET';
    const data = cleanPayload(opts.data);
    const base = joinUrl(opts.game ? deps.config.gameApiBase : deps.config.apiBase, opts.url);
    const url = method === 'GET' ? appendPathPairs(base, data) : base;
    const key = requestKey(method, base, data);
    if (!opts.repeat && inflight.has(key)) throw new ApiError({ code: REPEATED_REQUEST_CODE, msg: REPEAT_REQUEST_MSG });
    inflight.enter(key);

    const say = (msg: string): void => {
      if (!opts.silent) deps.toast(msg);
    };
    const controller = new AbortController();
    let stopped: 'timeout' | 'abort' | null = null;
    const stop = (why: 'timeout' | 'abort'): void => {
      stopped ??= why;
      controller.abort();
    };
    const onCallerAbort = (): void => stop('abort');
    if (opts.signal?.aborted) stop('abort');
    opts.signal?.addEventListener('abort', onCallerAbort, { once: true });
    const timer = deps.clock.setTimeout(() => stop('timeout'), opts.timeout ?? REQUEST_TIMEOUT_MS);

    // Races every await against the abort, so a transport that ignores the signal still stops.
    const aborted = new Promise<never>((_, reject) => {
      const fail = (): void => reject(new Error('aborted'));
      if (controller.signal.aborted) fail();
      else controller.signal.addEventListener('abort', fail, { once: true });
    });
    aborted.catch(() => undefined);
    const guard = <R>(p: Promise<R>): Promise<R> => Promise.race([p, aborted]);

    try {
      const header = { ...(opts.header ?? {}) };
      let body: string | undefined;
      if (method !== 'GET') {
        const type = headerValue(header, 'content-type') ?? CONTENT_TYPE.json;
        if (headerValue(header, 'content-type') === undefined) header['content-type'] = type;
        body = encodeBody(data, type);
      }
      const headers = await guard(
        signedHeaders(headerDeps, { method, path: pathWithQuery(url), body: body ?? '', game: opts.game === true, header }),
      );
      // Called with globalThis as `this`: a bare `window.fetch` passed in would otherwise throw "Illegal invocation".
      const fetchImpl = deps.fetch ?? globalThis.fetch;
      const init: RequestInit = {
        method,
        headers,
        signal: controller.signal,
        credentials: opts.withCredentials ? 'include' : 'same-origin',
      };
      if (body !== undefined) init.body = body;
      if (opts.keepalive) init.keepalive = true;
      const res = await guard(fetchImpl.call(globalThis, url, init));
      const { header: resHeader, cookies } = responseHeaders(res);

      if (res.status < 200 || res.status >= 300) {
        const msg = words().status(res.status);
        if (isPageStatus(res.status) && !opts.background) deps.onHttpStatus(res.status);
        else say(msg);
        throw new ApiError({ code: res.status, msg, statusCode: res.status });
      }
      const payload = await guard(readBody(res, opts));
      return { data: payload as T, statusCode: res.status, header: resHeader, cookies };
    } catch (e) {
      if (stopped === 'abort') throw new ApiError({ code: ERR_CODE.network, msg: ABORT_MSG, errCode: ERR_CODE.abort });
      if (stopped === 'timeout') {
        say(words().status(408));
        throw new ApiError({ code: ERR_CODE.network, msg: TIMEOUT_MSG, errCode: ERR_CODE.timeout });
      }
      if (e instanceof ApiError) throw e;
      const msg = e instanceof Error && e.message ? e.message : String(e);
      say(msg);
      throw new ApiError({ code: ERR_CODE.network, msg, errCode: ERR_CODE.timeout });
    } finally {
      deps.clock.clearTimeout(timer);
      opts.signal?.removeEventListener('abort', onCallerAbort);
      inflight.leave(key);
    }
  }

  async function call<T>(path: string, data?: Record<string, unknown>, opts: Partial<RequestOptions> = {}): Promise<T> {
    const res = await request<unknown>({
      method: 'POST',
      ...opts,
      url: path,
      data: data ?? opts.data,
      dataType: 'json',
    });
    const env = res.data;
    const say = (msg: string): void => {
      if (!opts.silent) deps.toast(msg);
    };
    if (!isEnvelope(env)) {
      const failed = words().requestFailed;
      say(failed);
      throw new ApiError({ code: ERR_CODE.network, msg: failed, statusCode: res.statusCode, data: env });
    }
    if (env.code === BODY_CODE.success) return env.data as T;
    if (env.code === BODY_CODE.tokenExpired) {
      const msg = env.msg || words().tokenExpired;
      deps.onTokenExpired(msg);
      throw new ApiError({ code: env.code, msg, statusCode: res.statusCode });
    }
    const msg = env.msg || words().requestFailed;
    say(msg);
    throw new ApiError({ code: env.code, msg, statusCode: res.statusCode, data: env.data });
  }

  return { request, call };
}
