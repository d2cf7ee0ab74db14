/**
 * The mock cloud's stream socket, as one connection (`mock-connection.ts`)
 * speaks it: its address, what each server message asks for, and what a close
 * means. Messages that do not parse, or carry a progress value or event code
 * the contract does not name, are dropped here so the connection only hears
 * what it can act on.
 */
import {
  SOCKET_CLOSE_UNKNOWN_SESSION,
  STREAM_EVENT,
  STREAM_PROGRESS,
  type StreamEventCode,
  type StreamFrameMessage,
  type StreamProgressValue,
  type StreamRtcMessage,
  type StreamServerMessage,
  type StreamTransport,
} from '../api/contract.ts';
import type { SocketClose } from '../core/socket.ts';
import { rumbleOf } from './rumble.ts';
import type { Rumble, SdkDisconnect, StreamTarget } from './sdk.ts';

/** A mock-server close reason meaning the cloud stopped the session (sessions.ts `stopSession`). */
const STOPPED_REASON = /^session stopped/;
const PROGRESS_VALUES = new Set<number>(STREAM_PROGRESS.map((p) => p.value));
const EVENT_CODES = new Set<number>(Object.values(STREAM_EVENT));

export function streamSocketUrl(socketBase: string, target: Pick<StreamTarget, 'stream_url'>, mockSession?: string | null, lang?: string): string {
  let url = `${socketBase.replace(/\/+$/, '')}/${target.stream_url.replace(/^\/+/, '')}`;
  const add = (name: string, value: string): void => {
    url = `${url}${url.includes('?') ? '&' : '?'}${name}=${encodeURIComponent(value)}`;
  };
  if (mockSession) add('mock_session', mockSession);
  // A socket carries no headers the page sets: the app's language (which may differ from the browser's) rides the URL.
  if (lang) add('lang', lang);
  return url;
}

/** A close of the stream socket: the cloud ended the session (unknown session, stopped), else the link was lost. */
export function closeReason(close: SocketClose | undefined): SdkDisconnect {
  return close?.code === SOCKET_CLOSE_UNKNOWN_SESSION || STOPPED_REASON.test(close?.reason ?? '') ? 'ended' : 'lost';
}

/** What a server message on the stream socket asks of the connection. */
export interface StreamMessageHandlers {
  /** The server's first message: how the stream travels. */
  hello(transport: StreamTransport): void;
  rtc(msg: StreamRtcMessage): void;
  /** The socket transport's steps (WebRTC reports its own). */
  progress(value: StreamProgressValue): void;
  event(code: StreamEventCode, msg: string): void;
  frame(msg: StreamFrameMessage): void;
  vibrate(rumble: Rumble): void;
  /** The server's complaint, for the log. */
  error(msg: string): void;
}

function parse(text: string): StreamServerMessage | null {
  try {
    const v = JSON.parse(text) as unknown;
    return typeof v === 'object' && v !== null && typeof (v as { type?: unknown }).type === 'string' ? (v as StreamServerMessage) : null;
  } catch {
    return null;
  }
}

export function readStreamMessage(text: string, on: StreamMessageHandlers): void {
  const msg = parse(text);
  if (!msg) return;
  switch (msg.type) {
    case 'hello':
      on.hello(msg.transport === 'webrtc' ? 'webrtc' : 'socket');
      return;
    case 'rtc':
      on.rtc(msg);
      return;
    case 'progress':
      if (PROGRESS_VALUES.has(msg.value)) on.progress(msg.value);
      return;
    case 'event':
      if (EVENT_CODES.has(msg.code)) on.event(msg.code, msg.msg ?? '');
      return;
    case 'frame':
      on.frame(msg);
      return;
    case 'vibrate': {
      const rumble = rumbleOf(msg);
      if (rumble) on.vibrate(rumble);
      return;
    }
    case 'error':
      on.error(msg.msg);
      return;
    default:
      return;
  }
}
