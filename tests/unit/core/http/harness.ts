/** A fake transport and recorded side effects for the http client tests. */
import { createHash } from 'node:crypto';
import { createManualClock, type ManualClock } from '../../../../web/core/clock';
import { createHttpClient, type HttpClient, type HttpDeps } from '../../../../web/core/http/request';

export interface SentCall {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
  signal: AbortSignal | undefined;
}

export type Reply = Response | 'hang' | 'hang-ignoring-signal' | Error;

export interface Harness {
  client: HttpClient;
  clock: ManualClock;
  sent: SentCall[];
  toasts: string[];
  statuses: number[];
  expired: string[];
  /** What the next fetches answer, in order; the last one repeats. */
  replies: Reply[];
}

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}

export function harness(over: Partial<HttpDeps> = {}): Harness {
  const clock = createManualClock(1_700_000_000_123);
  const sent: SentCall[] = [];
  const toasts: string[] = [];
  const statuses: number[] = [];
  const expired: string[] = [];
  const replies: Reply[] = [json({ code: 1, msg: 'ok', data: null })];
  let i = 0;
  const fetchFake = (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((v, k) => {
      headers[k] = v;
    });
    sent.push({
      url: String(input),
      method: init?.method ?? 'GET',
      headers,
      body: typeof init?.body === 'string' ? init.body : undefined,
      signal: init?.signal ?? undefined,
    });
    const reply = replies[Math.min(i++, replies.length - 1)];
    if (reply === undefined) throw new Error('no reply');
    if (reply instanceof Error) return Promise.reject(reply);
    if (reply === 'hang-ignoring-signal') return new Promise<Response>(() => undefined);
    if (reply === 'hang') {
      return new Promise<Response>((_, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')));
      });
    }
    return Promise.resolve(reply.clone());
  };
  let n = 0;
  const deps: HttpDeps = {
    config: { apiBase: '/api/', gameApiBase: 'https://game.example.com/g/', socketBase: '/socket/' },
    clock,
    fetch: fetchFake as typeof fetch,
    random: () => ((n++ * 37) % 256) / 256,
    getToken: () => 'tok-1',
    getDeviceId: () => 'dev-1',
    getAgentCode: () => null,
    wwwid: 'www-1',
    onHttpStatus: (s) => statuses.push(s),
    onTokenExpired: (m) => expired.push(m),
    toast: (m) => toasts.push(m),
    // Resolves in a microtask (WebCrypto needs a real tick), so flush() is enough to reach fetch.
    sha256Hex: (t) => Promise.resolve(createHash('sha256').update(t).digest('hex')),
    ...over,
  };
  return { client: createHttpClient(deps), clock, sent, toasts, statuses, expired, replies };
}

/** Lets queued promise callbacks (signing, fetch) run before the clock moves. */
export { flush } from '../../../flush.ts';
