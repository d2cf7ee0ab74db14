/**
 * Asking the host something and waiting for its answer (SPEC §2 host bridge):
 * the message carries a callbackId, the host answers with a `callback` event
 * of that id. Kept apart from bridge.ts so the first load, which only listens
 * and fires, does not carry it.
 */
import { RUNTIME_DEFAULT_TIMEOUT_MS } from './constants.ts';
import { NO_HOST, type Bridge, type BridgeCallback } from './bridge';
import { systemClock, type Clock, type TimerId } from './clock';

let seq = 0;

function isCallback(v: unknown): v is BridgeCallback {
  return typeof v === 'object' && v !== null && typeof (v as { callbackId?: unknown }).callbackId === 'string';
}

/** Resolves with the host's result; rejects without a host, on the host's error, or after `timeoutMs` (60 s). */
export function invokeHost<T = unknown>(
  bridge: Pick<Bridge, 'post' | 'on'>,
  method: string,
  params?: unknown,
  opts: { clock?: Clock; timeoutMs?: number } = {},
): Promise<T> {
  const clock = opts.clock ?? systemClock;
  return new Promise<T>((resolve, reject) => {
    const callbackId = `cb${++seq}`;
    let timer: TimerId | undefined;
    let off: () => void = () => undefined;
    const done = (): void => {
      off();
      clock.clearTimeout(timer);
    };
    off = bridge.on('callback', (data) => {
      if (!isCallback(data) || data.callbackId !== callbackId) return;
      done();
      if (data.error) reject(new Error(data.error));
      else resolve(data.result as T);
    });
    timer = clock.setTimeout(() => {
      off();
      reject(new Error(`bridge: ${method} timed out`));
    }, opts.timeoutMs ?? RUNTIME_DEFAULT_TIMEOUT_MS);
    if (!bridge.post({ method, params, callbackId })) {
      done();
      reject(new Error(NO_HOST));
    }
  });
}
