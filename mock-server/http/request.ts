/**
 * Reading an API request the way the real backend does: a bounded body,
 * the signed headers, and the input from the body (JSON, urlencoded or
 * plain text) or from GET `/key/value` path pairs (SPEC §7).
 */
import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { APP_ID, BODY_CODE, MAX_BODY_BYTES, REQUIRED_SIGNED_HEADERS, SIGN_TYPE, HEADER, VERSION_CODE_WEB, signingString } from '../../web/api/contract.ts';
import { ApiError, badRequest } from './envelope.ts';
import { depthMessage, jsonTextTooDeep } from '../limits.ts';
import { FieldError, Fields, isObj, type Obj } from '../validate.ts';

export type BodyResult = { ok: true; text: string } | { ok: false; tooLarge: true };

/** The first value of a header, or undefined when absent or empty. */
export function header(req: IncomingMessage, name: string): string | undefined {
  const v = req.headers[name];
  const first = Array.isArray(v) ? v[0] : v;
  return first === undefined || first === '' ? undefined : first;
}

/**
 * A body upload that stops this long mid-way is cut: each stalled upload
 * holds a connection and up to 1 MiB of buffered body (issue 14: 400 slow
 * 1 MB uploads held 412 MB). Real time, not session time.
 */
export const DEFAULT_BODY_IDLE_MS = 10_000;

/** The client stopped sending mid-body; its connection has been destroyed, there is no one to answer. */
export class BodyTimeoutError extends Error {
  constructor(readonly idleMs: number) {
    super(`No request body data for ${idleMs} ms: connection closed`);
    this.name = 'BodyTimeoutError';
  }
}

/**
 * Read the whole body as UTF-8 text, stopping at MAX_BODY_BYTES. When the
 * body is too large the caller answers 41300 at once and must let the rest
 * drain (see `discardRest`), so the client can read the answer. No data for
 * `idleMs` destroys the connection and rejects with BodyTimeoutError.
 */
export function readBody(req: IncomingMessage, limit = MAX_BODY_BYTES, idleMs = DEFAULT_BODY_IDLE_MS): Promise<BodyResult> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) return Promise.resolve({ ok: false, tooLarge: true });
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    let idle: NodeJS.Timeout | undefined;
    const finish = (result: BodyResult | Error): void => {
      if (done) return;
      done = true;
      clearTimeout(idle);
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      if (result instanceof Error) reject(result);
      else resolve(result);
    };
    const arm = (): void => {
      if (idleMs <= 0) return;
      clearTimeout(idle);
      idle = setTimeout(() => {
        req.socket.destroy();
        finish(new BodyTimeoutError(idleMs));
      }, idleMs);
      idle.unref();
    };
    const onData = (chunk: Buffer): void => {
      arm();
      size += chunk.length;
      if (size > limit) finish({ ok: false, tooLarge: true });
      else chunks.push(chunk);
    };
    const onEnd = (): void => {
      try {
        finish({ ok: true, text: new TextDecoder('utf-8', { fatal: true }).decode(Buffer.concat(chunks)) });
      } catch {
        finish(badRequest('Request body is not valid UTF-8'));
      }
    };
    const onError = (err: Error): void => finish(err);
    arm();
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
  });
}

/**
 * After answering early (body too large), keep reading and dropping the
 * rest of the upload for a bounded time and size, then drop the connection.
 * Closing while the client still writes would reset the connection before
 * it reads the answer; waiting forever would leave the socket hanging.
 * These are transport safety limits on real time, not business time.
 */
export function discardRest(req: IncomingMessage, maxBytes = 64 * MAX_BODY_BYTES, maxMs = 10_000): void {
  let dropped = 0;
  const kill = (): void => {
    clearTimeout(timer);
    req.socket.destroy();
  };
  const timer = setTimeout(kill, maxMs);
  timer.unref();
  req.on('data', (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > maxBytes) kill();
  });
  req.on('end', () => clearTimeout(timer));
  req.on('error', kill);
  req.resume();
}

function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/**
 * Check the signed headers: all of REQUIRED_SIGNED_HEADERS present, the
 * sign type supported, and `sign` equal to sha256 hex of the signing string
 * over the URL exactly as received and the raw body. Throws 40000 naming the header.
 */
/**
 * The other side of verifySignature, for Node clients of the mock (tests, the bench, QA scripts):
 * the signed header set of SPEC §7 for `method` on `urlPath` (path and query exactly as sent) with `body`.
 */
export function signedHeaders(method: string, urlPath: string, body: string, deviceId: string): Record<string, string> {
  const timestamp = String(Date.now());
  const nonce = randomUUID().replace(/-/g, '');
  return {
    [HEADER.nonce]: nonce,
    [HEADER.timestamp]: timestamp,
    [HEADER.signType]: SIGN_TYPE,
    [HEADER.appId]: APP_ID,
    [HEADER.versionCode]: String(VERSION_CODE_WEB),
    [HEADER.deviceId]: deviceId,
    [HEADER.sign]: sha256Hex(signingString(method, urlPath, timestamp, nonce, body)),
  };
}

export function verifySignature(req: IncomingMessage, rawBody: string): void {
  for (const name of REQUIRED_SIGNED_HEADERS) {
    if (header(req, name) === undefined) throw badRequest(`Missing header "${name}"`);
  }
  const signType = header(req, HEADER.signType) ?? '';
  if (signType.toLowerCase() !== SIGN_TYPE) throw badRequest(`Invalid header "${HEADER.signType}": expected "${SIGN_TYPE}", got "${signType}"`);
  const expected = sha256Hex(
    signingString(req.method ?? 'GET', req.url ?? '/', header(req, HEADER.timestamp) ?? '', header(req, HEADER.nonce) ?? '', rawBody),
  );
  const given = (header(req, HEADER.sign) ?? '').toLowerCase();
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  if (a.length !== b.length || !timingSafeEqual(a, b)) {
    throw badRequest(`Invalid header "${HEADER.sign}": it is not the sha256 of the signing string (method, path with query, timestamp, nonce, body)`);
  }
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw badRequest(`Malformed percent-encoding in path segment "${segment}"`);
  }
}

/** GET data from the path: `lang/en/page/2` → `{lang: "en", page: "2"}`. */
export function parsePathPairs(rest: readonly string[]): Obj {
  const segments = rest.length > 0 && rest[rest.length - 1] === '' ? rest.slice(0, -1) : rest;
  if (segments.length % 2 !== 0) {
    throw badRequest(`GET data in the path must be /key/value pairs; "${segments[segments.length - 1] ?? ''}" has no value`);
  }
  const out = bag();
  for (let i = 0; i < segments.length; i += 2) {
    const key = decodeSegment(segments[i] ?? '');
    if (key === '') throw badRequest('GET data in the path has an empty key (a double "/")');
    out[key] = decodeSegment(segments[i + 1] ?? '');
  }
  return out;
}

/** A prototype-less object, so keys like "__proto__" in input are plain data. */
function bag(): Obj {
  return Object.create(null) as Obj;
}

function formToObj(text: string): Obj {
  const out = bag();
  for (const [k, v] of new URLSearchParams(text)) out[k] = v;
  return out;
}

function parseJsonObject(text: string): Obj {
  if (jsonTextTooDeep(text)) throw badRequest(depthMessage('The JSON body'));
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch (err) {
    throw badRequest(`Malformed JSON body: ${err instanceof Error ? err.message : String(err)}`);
  }
  if (!isObj(value)) throw badRequest(`Request body must be a JSON object, got ${Array.isArray(value) ? 'an array' : value === null ? 'null' : typeof value}`);
  return value;
}

export interface ParsedBody {
  data: Obj;
  /** True when values arrived as text (form, key=value), where numbers are strings. */
  loose: boolean;
}

/** Decode a body by its content type: JSON, urlencoded, or plain text (JSON if it parses, else key=value pairs). */
export function parseBody(contentType: string | undefined, text: string): ParsedBody {
  if (text.trim() === '') return { data: {}, loose: false };
  const type = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (type === 'application/json' || type.endsWith('+json')) return { data: parseJsonObject(text), loose: false };
  if (type === 'application/x-www-form-urlencoded') return { data: formToObj(text), loose: true };
  if (type === 'text/plain' || type === '') {
    const trimmed = text.trim();
    if (trimmed.startsWith('{') && !jsonTextTooDeep(trimmed)) {
      try {
        const value = JSON.parse(trimmed) as unknown;
        if (isObj(value)) return { data: value, loose: false };
      } catch {
        // not JSON: fall through to key=value pairs
      }
    }
    return { data: formToObj(trimmed), loose: true };
  }
  throw new ApiError(BODY_CODE.badRequest, `Unsupported content-type "${type}": send application/json, application/x-www-form-urlencoded or text/plain`);
}

/** The input a route parses: path pairs and query, overridden by the body. */
export function requestInput(pairs: Obj, query: URLSearchParams, body: ParsedBody): Fields {
  const merged = bag();
  for (const [k, v] of query) merged[k] = v;
  for (const source of [pairs, body.data]) {
    for (const k of Object.keys(source)) merged[k] = source[k];
  }
  const loose = body.loose || Object.keys(body.data).length === 0;
  return Fields.of(merged, '', loose);
}

/** Turn a FieldError from a route's parse into the 40000 answer. */
export function fieldErrorToApi(err: FieldError): ApiError {
  return badRequest(err.message);
}
