/**
 * The one writer for every answer that is not a file: API envelopes, the
 * control API's and /__db/'s JSON, the pay page, generated SVGs, plain-text
 * errors. A HEAD request gets the same headers and no body.
 */
import type { ServerResponse } from 'node:http';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export const JSON_TYPE = 'application/json; charset=utf-8';
export const TEXT_TYPE = 'text/plain; charset=utf-8';
export const HTML_TYPE = 'text/html; charset=utf-8';

/** Below this a compressed body saves less than its headers and a round of CPU cost (nginx's gzip_min_length is 20). */
export const COMPRESS_MIN_BYTES = 1024;
const COMPRESSIBLE = /^(?:application\/json|text\/|image\/svg\+xml)/;

/**
 * The body as the client can take it: brotli or gzip for text of 1 KB and more, as a real API gateway or CDN sends
 * JSON. home_list is ~19 KB of JSON; sent plain, it was the largest transfer before home's first banner on a slow
 * line. Fast settings: these answers are built per request (brotli quality 4 compresses 19 KB in well under 1 ms).
 */
function encode(res: ServerResponse, bytes: Buffer, type: string | undefined): { body: Buffer; encoding: 'br' | 'gzip' | null } {
  if (bytes.length < COMPRESS_MIN_BYTES || type === undefined || !COMPRESSIBLE.test(type)) return { body: bytes, encoding: null };
  const accepted = String(res.req?.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) return { body: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }), encoding: 'br' };
  if (/\bgzip\b/.test(accepted)) return { body: gzipSync(bytes, { level: 6 }), encoding: 'gzip' };
  return { body: bytes, encoding: null };
}

/** `Vary` keeps what earlier steps (CORS: Origin) put there and adds Accept-Encoding. */
function varyWithEncoding(res: ServerResponse): string {
  const before = res.getHeader('vary');
  const names = (Array.isArray(before) ? before.join(',') : String(before ?? '')).split(',').map((v) => v.trim()).filter(Boolean);
  return [...new Set([...names, 'Accept-Encoding'])].join(', ');
}

/** Answer `body` with its length; `headers` name the content type and may replace the default `cache-control: no-store`. */
export function send(res: ServerResponse, status: number, body: string | Buffer, headers: Record<string, string>): void {
  const plain = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  const type = headers['content-type'];
  const { body: bytes, encoding } = encode(res, plain, type);
  const coding: Record<string, string> = type !== undefined && COMPRESSIBLE.test(type) ? { vary: varyWithEncoding(res) } : {};
  if (encoding) coding['content-encoding'] = encoding;
  res.writeHead(status, { 'content-length': String(bytes.length), 'cache-control': 'no-store', ...coding, ...headers });
  res.end(res.req?.method === 'HEAD' ? undefined : bytes);
}

export function sendJson(res: ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}): void {
  send(res, status, JSON.stringify(value), { 'content-type': JSON_TYPE, ...headers });
}

export function sendText(res: ServerResponse, status: number, text: string, headers: Record<string, string> = {}): void {
  send(res, status, text, { 'content-type': TEXT_TYPE, ...headers });
}
