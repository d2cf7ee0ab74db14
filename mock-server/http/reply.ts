/**
 * The one writer for every answer that is not a file: API envelopes, the
 * control API's and /__db/'s JSON, the pay page, generated SVGs, plain-text
 * errors. A HEAD request gets the same headers and no body.
 */
import type { ServerResponse } from 'node:http';

export const JSON_TYPE = 'application/json; charset=utf-8';
export const TEXT_TYPE = 'text/plain; charset=utf-8';
export const HTML_TYPE = 'text/html; charset=utf-8';

/** Answer `body` with its length; `headers` name the content type and may replace the default `cache-control: no-store`. */
export function send(res: ServerResponse, status: number, body: string | Buffer, headers: Record<string, string>): void {
  const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  res.writeHead(status, { 'content-length': String(bytes.length), 'cache-control': 'no-store', ...headers });
  res.end(res.req?.method === 'HEAD' ? undefined : bytes);
}

export function sendJson(res: ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}): void {
  send(res, status, JSON.stringify(value), { 'content-type': JSON_TYPE, ...headers });
}

export function sendText(res: ServerResponse, status: number, text: string, headers: Record<string, string> = {}): void {
  send(res, status, text, { 'content-type': TEXT_TYPE, ...headers });
}
