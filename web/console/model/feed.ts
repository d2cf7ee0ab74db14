/**
 * The console's connection to the mock's live feed (`/__mock/feed`): opens
 * the websocket, hands each message on, says which session to watch, and
 * reconnects after a drop (1 s, doubling to 15 s), re-asking for the session
 * it watched. Socket and timers are injected, so tests drive it by hand.
 */
import type { FeedClientMessage, FeedServerMessage } from '../../../mock-server/client/feed.ts';
import type { Clock, TimerId } from '../../core/clock.ts';

export type FeedStatus = 'connecting' | 'open' | 'closed';

/** The part of a WebSocket the feed uses. */
export interface FeedSocket {
  send(text: string): void;
  close(): void;
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
}

export interface FeedDeps {
  /** The feed's URL without a query, e.g. "ws://127.0.0.1:8080/__mock/feed". */
  url: string;
  open(url: string): FeedSocket;
  clock: Clock;
  onMessage(message: FeedServerMessage): void;
  onStatus(status: FeedStatus): void;
}

export interface FeedConnection {
  /** Watch this session (also after every reconnect). */
  watch(session: string): void;
  close(): void;
}

export const RECONNECT_FIRST_MS = 1000;
export const RECONNECT_MAX_MS = 15_000;

export function connectFeed(d: FeedDeps): FeedConnection {
  let socket: FeedSocket | undefined;
  let watching = '';
  /** The session the open connection's URL names. */
  let connectedFor = '';
  let delay = RECONNECT_FIRST_MS;
  let timer: TimerId | undefined;
  let closed = false;

  const send = (m: FeedClientMessage): void => socket?.send(JSON.stringify(m));

  const connect = (): void => {
    d.onStatus('connecting');
    connectedFor = watching;
    const query = watching === '' ? '' : `?session=${encodeURIComponent(watching)}`;
    const ws = d.open(`${d.url}${query}`);
    socket = ws;
    ws.onopen = () => {
      delay = RECONNECT_FIRST_MS;
      d.onStatus('open');
    };
    ws.onmessage = (event) => {
      if (typeof event.data !== 'string') return;
      try {
        d.onMessage(JSON.parse(event.data) as FeedServerMessage);
      } catch {
        // Not JSON: not from the feed; nothing to show.
      }
    };
    ws.onclose = () => {
      if (socket !== ws) return;
      socket = undefined;
      d.onStatus('closed');
      if (closed) return;
      // A refusal backs off as a drop does: the mock may be restarting.
      timer = d.clock.setTimeout(connect, delay);
      delay = Math.min(RECONNECT_MAX_MS, delay * 2);
    };
  };

  connect();
  return {
    watch(session) {
      watching = session;
      if (session === connectedFor) {
        send({ type: 'watch', session });
        return;
      }
      // A new connection naming the session, not a message on the old one: behind a proxy that routes by session
      // (docs/scale-out.md), a connection reaches the process of the session its URL names, and only that process
      // holds the session.
      const old = socket;
      socket = undefined;
      d.clock.clearTimeout(timer);
      delay = RECONNECT_FIRST_MS;
      old?.close();
      connect();
    },
    close() {
      closed = true;
      d.clock.clearTimeout(timer);
      const ws = socket;
      socket = undefined;
      ws?.close();
    },
  };
}
