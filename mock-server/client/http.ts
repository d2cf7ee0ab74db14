/**
 * One JSON request to the mock's QA surfaces with plain `fetch`, so the
 * client runs in Node 20, a browser page and Playwright alike. A refused
 * call throws MockControlError with the status and the server's `{error}`.
 */
import { CONTROL_WRITE_HEADERS } from '../http/control-headers.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A control call the mock answered with a non-2xx status. */
export class MockControlError extends Error {
  constructor(
    readonly method: Method,
    readonly path: string,
    readonly status: number,
    /** The server's `error` message (or the start of a body that was not the usual JSON). */
    readonly serverMessage: string,
  ) {
    super(`${method} ${path} answered ${status}: ${serverMessage}`);
    this.name = 'MockControlError';
  }
}

export interface Transport {
  /** `path` is below the base URL ("/__mock/clock"); `query` values are sent as strings. */
  request<T>(method: Method, path: string, o?: { session?: string; query?: Record<string, string | number | boolean>; body?: unknown }): Promise<T>;
}

function errorMessage(text: string): string {
  try {
    const value = JSON.parse(text) as unknown;
    if (typeof value === 'object' && value !== null && 'error' in value && typeof value.error === 'string') return value.error;
  } catch {
    // Not JSON: show the start of what came back.
  }
  return text.slice(0, 300) || '(empty body)';
}

export function createTransport(baseUrl: string | URL, fetchFn: typeof fetch): Transport {
  const base = new URL(baseUrl);
  return {
    async request<T>(method: Method, path: string, o: { session?: string; query?: Record<string, string | number | boolean>; body?: unknown } = {}): Promise<T> {
      const url = new URL(path, base);
      // The query, not the X-Mock-Session header: a GET then needs no CORS preflight from a page on another origin.
      if (o.session !== undefined) url.searchParams.set('session', o.session);
      for (const [k, v] of Object.entries(o.query ?? {})) url.searchParams.set(k, String(v));
      const write = method !== 'GET';
      const res = await fetchFn(url, {
        method,
        headers: write ? { ...CONTROL_WRITE_HEADERS } : {},
        body: write ? JSON.stringify(o.body ?? {}) : undefined,
      });
      const text = await res.text();
      const shown = `${url.pathname}${url.search}`;
      if (!res.ok) throw new MockControlError(method, shown, res.status, errorMessage(text));
      try {
        return JSON.parse(text) as T;
      } catch {
        throw new MockControlError(method, shown, res.status, `answer is not JSON: ${text.slice(0, 300)}`);
      }
    },
  };
}
