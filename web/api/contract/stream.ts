/**
 * The game stream socket of the mock SDK (SPEC §4 progress and events; the
 * WebRTC signalling and the input and frame messages, decision 0005).
 */
import type { LevelConfig } from './game.ts';
import type { SocketErrorMessage, SocketHeartbeatReply } from './sockets.ts';

// ---- game stream socket: `socketBase + stream_url` (stream?sc_id=…)

export type StreamEventCode = 43000 | 43001 | 43100 | 45001 | 54001;
export const STREAM_EVENT = { quit: 43000, reconnect: 43001, reconnectAlt: 43100, idle: 45001, ended: 54001 } as const;

/** SPEC §4 progress: server connect 30, exchange 50, game start 80, stream received 100. */
export const STREAM_PROGRESS = [
  { value: 30, stage: 'server_connect' },
  { value: 50, stage: 'exchange' },
  { value: 80, stage: 'game_start' },
  { value: 100, stage: 'stream_received' },
] as const;
export type StreamProgressValue = (typeof STREAM_PROGRESS)[number]['value'];
export type StreamStage = (typeof STREAM_PROGRESS)[number]['stage'];
/** The WebRTC data channel that carries input up and frame reports down. */
export const STREAM_DATA_CHANNEL = 'input';

/**
 * How the stream travels. `webrtc`: video track and data channel, signalled
 * on the stream socket. `socket`: no video; progress, events and a status
 * frame a second on the socket (fast QA runs, `--no-video`, scenario `video: false`).
 */
export type StreamTransport = 'webrtc' | 'socket';

/** The stream socket's first message. */
export interface StreamHelloMessage {
  type: 'hello';
  transport: StreamTransport;
  /** The picture the server sends now (width × height, kbit/s cap). */
  level_config: LevelConfig;
}
export interface StreamProgressMessage {
  type: 'progress';
  value: StreamProgressValue;
  stage: StreamStage;
}
export interface StreamEventMessage {
  type: 'event';
  code: StreamEventCode;
  msg: string;
}
/**
 * What one frame of the game shows: on the data channel for every video
 * frame, on the socket transport once a second. `input_seq` is the last input
 * the frame reflects (the server applies input on its next tick); the same
 * numbers are drawn into the picture as a frame code (`frame-code.ts`).
 */
export interface StreamFrameMessage {
  type: 'frame';
  frame: number;
  input_seq: number;
  /** Server ms (wall clock) when the frame was made. */
  t: number;
  /** Input messages received so far on this stream. */
  inputs: number;
  last_input: StreamInputDevice | null;
  /** The game's state in that frame (null on the socket transport: no game runs). */
  game: StreamGameState | null;
}
export interface StreamGameState {
  kind: string;
  score: number;
  best: number;
  lives: number;
  over: boolean;
  /** The player's position, 0–1 of the picture. */
  player: { x: number; y: number };
  /** Fresh presses of the action control (fire, boost, catch) the game has taken since it began. */
  presses: number;
}

/** Rumble magnitudes are 0–1; a message asks for at most this long. */
export const VIBRATE_MAX_MS = 5000;
/**
 * The game asks the player's hands to feel something (a hit, a crash): on the
 * data channel with WebRTC, on the stream socket otherwise (and anything QA
 * pushes there). The client plays it on a gamepad's dual-rumble motors
 * (`strong` the low-frequency one, `weak` the high) or as a phone vibration
 * of `duration_ms`, while the player's `vibrates` setting is on.
 */
export interface StreamVibrateMessage {
  type: 'vibrate';
  /** 1–VIBRATE_MAX_MS. */
  duration_ms: number;
  strong: number;
  weak: number;
}

/** ICE candidate as `RTCIceCandidate.toJSON()`; null ends the candidates. */
export interface RtcCandidateInit {
  candidate: string;
  sdpMid?: string | null;
  sdpMLineIndex?: number | null;
}
/** WebRTC signalling on the stream socket: the client offers, the server answers; candidates both ways. */
export type StreamRtcMessage =
  | { type: 'rtc'; kind: 'offer' | 'answer'; sdp: string }
  | { type: 'rtc'; kind: 'candidate'; candidate: RtcCandidateInit | null };

export type StreamServerMessage =
  | StreamHelloMessage
  | StreamProgressMessage
  | StreamEventMessage
  | StreamFrameMessage
  | StreamVibrateMessage
  | StreamRtcMessage
  | SocketHeartbeatReply
  | SocketErrorMessage;

export type StreamInputDevice = 'gamepad' | 'keyboard' | 'touch' | 'mouse';
/** One input event, as the SDK sends it. */
export type StreamInput =
  /** SPEC §9: 17 buttons (0–1), 4 axes (−1–1). */
  | { device: 'gamepad'; buttons: number[]; axes: number[] }
  /** `key` is a KeyboardEvent.code ("KeyW", "Space", "ArrowLeft"). */
  | { device: 'keyboard'; key: string; down: boolean }
  /** Absolute, 0–1 of the picture. */
  | { device: 'touch'; x: number; y: number; action: 'down' | 'move' | 'up' }
  /**
   * Relative motion in picture pixels already scaled by mouse_sensitivity × 1.19 / 100;
   * `button` (MouseEvent.button) 0 left, 1 middle, 2 right, 3 back, 4 forward on down/up;
   * `buttons` the held mask; `wheel` lines, positive down (wheel action).
   */
  | { device: 'mouse'; action: 'down' | 'move' | 'up' | 'wheel'; dx: number; dy: number; button?: number; buttons?: number; wheel?: number };
/** Client → server input, on the data channel (WebRTC) or the stream socket. `seq` rises by one per message of a stream. */
export type StreamInputMessage = StreamInput & { type: 'input'; seq: number };

/** @public Client → server on the stream socket (the mock reads each kind with its own schema). */
export type StreamClientMessage = StreamInputMessage | StreamRtcMessage | { type: 'heartbeat' };
