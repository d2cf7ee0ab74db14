/**
 * The app's own network in Node (its HTTP client's fetch, its sockets over
 * `ws`), instrumented so a test that moves a manual clock shared with the
 * mock cloud can wait until the network is quiet instead of sleeping:
 * every request answered and handled, every socket connected or closed, and
 * every message the server sent before now delivered (a ping/pong round trip
 * per socket, see roundTrip).
 */
import WebSocket from 'ws';
import { within } from '../wait.ts';
import { REQUEST_LIMIT_MS, roundTrip } from './helpers.ts';

export interface AppNetwork {
  /** For the app's HTTP client (`fetch` of createHttpClient). */
  fetch: typeof fetch;
  /** For the SDK and the duration socket (`WebSocketImpl`). */
  WebSocket: typeof globalThis.WebSocket;
  /**
   * Resolves once a whole round passes with nothing new: no request in flight, no socket connecting,
   * every open socket's round trip done, and no request, answer, message, open or close seen meanwhile.
   */
  quiet(limitMs?: number): Promise<void>;
  /** `fn` with its pending calls counted as in flight (async work before a request, e.g. signing). */
  track<A extends unknown[], R>(fn: (...args: A) => Promise<R>): (...args: A) => Promise<R>;
  /** What is in flight, for failure messages. */
  describe(): string;
}

/** Statuses whose answer has no body (a Response made with one would throw). */
const NULL_BODY = new Set([101, 204, 205, 304]);

/** A macrotask later: promise callbacks queued by what just arrived have run. */
const nextTask = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

export function createAppNetwork(): AppNetwork {
  const inflight = new Set<Promise<unknown>>();
  const sockets = new Set<WebSocket>();
  let activity = 0;
  const touch = (): void => {
    activity++;
  };

  const inFlight = <R>(p: Promise<R>): Promise<R> => {
    touch();
    const settled = p.then(
      () => undefined,
      () => undefined,
    );
    inflight.add(settled);
    void settled.then(() => {
      inflight.delete(settled);
      touch();
    });
    return p;
  };

  // The body is read here, so the app's own `res.json()` needs no more I/O once `quiet` saw the answer.
  const tracked = (input: RequestInfo | URL, init?: RequestInit): Promise<Response> =>
    inFlight(
      globalThis.fetch(input, init).then(async (res) => {
        const body = await res.arrayBuffer();
        return new Response(NULL_BODY.has(res.status) ? null : body, { status: res.status, statusText: res.statusText, headers: res.headers });
      }),
    );

  class TrackedWebSocket extends WebSocket {
    constructor(address: string | URL, protocols?: string | string[]) {
      super(address, protocols);
      sockets.add(this);
      touch();
      this.on('open', touch);
      this.on('message', touch);
      this.on('close', () => {
        sockets.delete(this);
        touch();
      });
      this.on('error', () => undefined);
    }
  }

  const connecting = (ws: WebSocket): Promise<void> =>
    new Promise((resolve) => {
      if (ws.readyState !== WebSocket.CONNECTING) resolve();
      else {
        ws.once('open', () => resolve());
        ws.once('close', () => resolve());
      }
    });

  const describe = (): string =>
    JSON.stringify({ requestsInFlight: inflight.size, sockets: [...sockets].map((ws) => `${ws.url.replace(/\?.*$/, '')}:${ws.readyState}`) });

  async function round(): Promise<void> {
    await nextTask();
    await Promise.all(inflight);
    await Promise.all([...sockets].map(connecting));
    await Promise.all([...sockets].map((ws) => roundTrip(ws)));
    await nextTask();
  }

  return {
    fetch: tracked as typeof fetch,
    WebSocket: TrackedWebSocket as unknown as typeof globalThis.WebSocket,
    describe,
    track: (fn) => (...args) => inFlight(fn(...args)),
    async quiet(limitMs = REQUEST_LIMIT_MS) {
      let givenUp = false;
      const work = async (): Promise<void> => {
        while (!givenUp) {
          const before = activity;
          await round();
          if (activity === before && inflight.size === 0) return;
        }
      };
      await within(work(), () => `the app's network to go quiet (${describe()})`, limitMs).finally(() => {
        givenUp = true;
      });
    },
  };
}
