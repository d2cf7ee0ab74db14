/**
 * The websocket helper (SPEC §7, §8, §9): connect, send, close, a heartbeat
 * with a dead-socket timeout, and bounded reconnects. The duration socket and
 * the game stream both sit on it, so "the connection dropped" is handled once.
 */
// The wire protocol's own modules, not the contract's barrel: core takes nothing else of web/api (decision 0004).
import { ERR_CODE } from '../api/contract/protocol.ts';
import { SOCKET_CLOSE_HEARTBEAT_TIMEOUT, SOCKET_HEARTBEAT_MS, SOCKET_HEARTBEAT_TIMEOUT_MS } from '../api/contract/sockets.ts';
import { RUNTIME_DEFAULT_TIMEOUT_MS, SOCKET_CLOSE_CODE, SOCKET_MAX_RECONNECTS, SOCKET_RECONNECT_DELAY_MS } from './constants.ts';
import type { Clock, TimerId } from './clock';
import { createEmitter } from './emitter.ts';
import { ApiError } from './http/errors';

export interface SocketOptions {
  url: string;
  protocols?: string | string[];
  clock: Clock;
  WebSocketImpl?: typeof WebSocket;
  /** Omitted or null: no heartbeat and no dead-socket detection. */
  heartbeat?: { message: () => string; intervalMs?: number; timeoutMs?: number } | null;
  /** Omitted: SPEC §9 defaults (5 s, 10 times). null: never reconnect. */
  reconnect?: { delayMs?: number; max?: number } | null;
  connectTimeoutMs?: number;
}

export type SocketEvent = 'open' | 'message' | 'error' | 'close' | 'reconnecting' | 'giveup';

export interface SocketTask {
  connect(): void;
  send(data: string | object): void;
  close(code?: number, reason?: string): void;
  on(event: 'message', fn: (data: string) => void): () => void;
  on(event: SocketEvent, fn: (payload?: unknown) => void): () => void;
  readonly readyState: number;
  readonly reconnects: number;
}

/** Payload of 'close'. */
export interface SocketClose {
  code: number;
  reason: string;
}
/** Payload of 'reconnecting'. */
export interface SocketReconnecting {
  attempt: number;
  delayMs: number;
}

interface SocketEvents {
  open: undefined;
  message: string;
  error: ApiError;
  close: SocketClose;
  reconnecting: SocketReconnecting;
  giveup: { reconnects: number };
}

export const SOCKET_STATE = { CONNECTING: 0, OPEN: 1, CLOSING: 2, CLOSED: 3 } as const;
export const SOCKET_NOT_OPEN_MSG = 'SocketTask.readyState is not OPEN';

function asText(data: unknown): string {
  if (typeof data === 'string') return data;
  if (data instanceof ArrayBuffer) return new TextDecoder().decode(data);
  return String(data);
}

function errorText(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

export function createSocket(opts: SocketOptions): SocketTask {
  const { clock } = opts;
  // A broken listener must not leave the socket half-updated: the emitter reports it on a microtask instead.
  const events = createEmitter<SocketEvents>();
  const emit = events.emit;
  const hb = opts.heartbeat
    ? {
        message: opts.heartbeat.message,
        intervalMs: opts.heartbeat.intervalMs ?? SOCKET_HEARTBEAT_MS,
        timeoutMs: opts.heartbeat.timeoutMs ?? SOCKET_HEARTBEAT_TIMEOUT_MS,
      }
    : null;
  const rc =
    opts.reconnect === null
      ? null
      : {
          delayMs: opts.reconnect?.delayMs ?? SOCKET_RECONNECT_DELAY_MS,
          max: opts.reconnect?.max ?? SOCKET_MAX_RECONNECTS,
        };

  let ws: WebSocket | null = null;
  /** A socket the user closed that has not finished closing: readyState reports it as CLOSING. */
  let closing: WebSocket | null = null;
  /** The user asked for a connection and has not closed it: drops are unexpected. */
  let wanted = false;
  let reconnects = 0;
  let connectTimer: TimerId | undefined;
  let heartbeatTimer: TimerId | undefined;
  let deadTimer: TimerId | undefined;
  let reconnectTimer: TimerId | undefined;

  function stopLiveTimers(): void {
    clock.clearTimeout(connectTimer);
    clock.clearInterval(heartbeatTimer);
    clock.clearTimeout(deadTimer);
    connectTimer = heartbeatTimer = deadTimer = undefined;
  }

  /** Silently discards a socket we no longer trust, so its late events cannot trigger a second reconnect. */
  function discard(sock: WebSocket, code: number, reason: string): void {
    sock.onopen = sock.onmessage = sock.onerror = sock.onclose = null;
    if (ws === sock) ws = null;
    stopLiveTimers();
    try {
      sock.close(code, reason);
    } catch {
      // Already closed or never connected: nothing to release.
    }
  }

  function connectError(detail: string): ApiError {
    return new ApiError({ code: ERR_CODE.network, msg: `connectSocket:fail ${detail}`, errCode: ERR_CODE.socketConnect });
  }

  function armDeadTimer(): void {
    if (!hb) return;
    clock.clearTimeout(deadTimer);
    deadTimer = clock.setTimeout(() => {
      const sock = ws;
      if (!sock) return;
      const reason = 'heartbeat timeout';
      discard(sock, SOCKET_CLOSE_HEARTBEAT_TIMEOUT, reason);
      emit('close', { code: SOCKET_CLOSE_HEARTBEAT_TIMEOUT, reason } satisfies SocketClose);
      scheduleReconnect();
    }, hb.timeoutMs);
  }

  function startHeartbeat(): void {
    if (!hb) return;
    heartbeatTimer = clock.setInterval(() => {
      if (ws?.readyState !== SOCKET_STATE.OPEN) return;
      try {
        ws.send(hb.message());
      } catch {
        // A failed beat is not fatal: silence will trip the dead timer if the link is really gone.
      }
    }, hb.intervalMs);
    armDeadTimer();
  }

  function scheduleReconnect(): void {
    if (!wanted || !rc) {
      wanted = false;
      return;
    }
    if (reconnects >= rc.max) {
      wanted = false;
      emit('giveup', { reconnects });
      return;
    }
    reconnects++;
    emit('reconnecting', { attempt: reconnects, delayMs: rc.delayMs } satisfies SocketReconnecting);
    reconnectTimer = clock.setTimeout(() => {
      reconnectTimer = undefined;
      open();
    }, rc.delayMs);
  }

  function open(): void {
    const Impl = opts.WebSocketImpl ?? globalThis.WebSocket;
    let sock: WebSocket;
    try {
      sock = opts.protocols === undefined ? new Impl(opts.url) : new Impl(opts.url, opts.protocols);
    } catch (e) {
      emit('error', connectError(errorText(e)));
      scheduleReconnect();
      return;
    }
    ws = sock;
    connectTimer = clock.setTimeout(() => {
      if (ws !== sock || sock.readyState === SOCKET_STATE.OPEN) return;
      discard(sock, SOCKET_CLOSE_CODE, 'connect timeout');
      emit('error', connectError('timeout'));
      scheduleReconnect();
    }, opts.connectTimeoutMs ?? RUNTIME_DEFAULT_TIMEOUT_MS);

    sock.onopen = () => {
      clock.clearTimeout(connectTimer);
      connectTimer = undefined;
      reconnects = 0;
      startHeartbeat();
      emit('open');
    };
    sock.onmessage = (ev: MessageEvent) => {
      armDeadTimer();
      emit('message', asText(ev.data));
    };
    sock.onerror = () => {
      const opened = sock.readyState === SOCKET_STATE.OPEN || connectTimer === undefined;
      emit('error', opened ? new ApiError({ code: ERR_CODE.network, msg: 'socket error' }) : connectError('error'));
    };
    sock.onclose = (ev: CloseEvent) => {
      if (ws !== sock) return;
      ws = null;
      stopLiveTimers();
      emit('close', { code: ev.code, reason: ev.reason } satisfies SocketClose);
      scheduleReconnect();
    };
  }

  const task: SocketTask = {
    connect() {
      if (ws || reconnectTimer !== undefined) return;
      wanted = true;
      reconnects = 0;
      closing = null;
      open();
    },
    send(data) {
      const sock = ws;
      if (!sock || sock.readyState !== SOCKET_STATE.OPEN) {
        throw new ApiError({ code: ERR_CODE.network, msg: SOCKET_NOT_OPEN_MSG, errCode: ERR_CODE.socketNotOpen });
      }
      const text = typeof data === 'string' ? data : JSON.stringify(data);
      try {
        sock.send(text);
      } catch (e) {
        throw new ApiError({ code: ERR_CODE.network, msg: `sendSocketMessage:fail ${errorText(e)}`, errCode: ERR_CODE.socketSend });
      }
    },
    close(code = SOCKET_CLOSE_CODE, reason = '') {
      wanted = false;
      clock.clearTimeout(reconnectTimer);
      reconnectTimer = undefined;
      stopLiveTimers();
      const sock = ws;
      if (!sock) return;
      // Forget it now so connect() may start a fresh socket at once; only its final 'close' still reaches listeners.
      ws = null;
      closing = sock;
      sock.onopen = sock.onmessage = sock.onerror = null;
      sock.onclose = (ev: CloseEvent) => {
        if (closing === sock) closing = null;
        emit('close', { code: ev.code, reason: ev.reason } satisfies SocketClose);
      };
      try {
        sock.close(code, reason);
      } catch (e) {
        emit('error', new ApiError({ code: ERR_CODE.network, msg: `closeSocket:fail ${errorText(e)}` }));
      }
    },
    on(event: SocketEvent, fn: (payload: never) => void) {
      return events.on(event, fn as (payload: unknown) => void);
    },
    get readyState() {
      return (ws ?? closing)?.readyState ?? SOCKET_STATE.CLOSED;
    },
    get reconnects() {
      return reconnects;
    },
  };
  return task;
}
