/**
 * Reading a request body the way every part of the mock must: bounded in
 * size (MAX_BODY_BYTES) and in time (a stalled upload is cut), and letting
 * the rest of a refused upload drain so the client can read the answer.
 */
import type { IncomingMessage } from 'node:http';
import {  } from '../../web/api/contract.ts';
import { MAX_BODY_BYTES } from '../limits.ts';
import { badRequest } from './envelope.ts';

export type BodyResult = { ok: true; text: string } | { ok: false; tooLarge: true };

/** The first value of a header, or undefined when absent or empty. */
export function header(req: IncomingMessage, name: string): string | undefined {
  const v = req.headers[name];
  const first = Array.isArray(v) ? v[0] : v;
  return first === undefined || first === '' ? undefined : first;
}

/**
 * A body upload that stops this long mid-way is cut: each stalled upload
 * holds a connection and up to 1 MiB of buffered body (measured: 400 slow
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
