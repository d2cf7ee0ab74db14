/**
 * Recording a session (`POST /__mock/record`): while on, every API answer
 * and every socket message the server sends is kept whole (the journal
 * keeps previews), stamped with the session clock, and `GET
 * /__mock/recording` turns it into a scenario that replays it
 * (scenarios/recorded.ts, replay.ts).
 *
 * Bounded like the journal: one recording stops at MAX_RECORDING_BYTES (as
 * scenario JSON, so it can always be sent back inline), all of them
 * together at MAX_RECORDING_TOTAL_BYTES; a full recording keeps what it had
 * and answers 413 naming the limit when read. Token values are redacted
 * (redact.ts): a recording is as readable as the journal, and the replay
 * matches by redacted path.
 */
import type { WebSocket } from 'ws';
import { kib, MAX_RECORDED_ITEM_BYTES, MAX_RECORDING_BYTES, MAX_RECORDING_TOTAL_BYTES } from '../limits.ts';
import { redactBody, redactPath } from './redact.ts';
import type { GameScript } from '../game/script.ts';
import type { MockSession, SessionSlot } from './session.ts';

export class RecordingError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'RecordingError';
  }
}

/** Where each open socket stands; kept for every socket, since a recording may start while one is open. */
interface SocketTrack {
  kind: string;
  openedAt: number;
  /** Messages received so far. */
  received: number;
  /** The incoming message being handled (its 1-based number), or 0: what the server sends meanwhile answers it. */
  replying: number;
}
const tracks = new WeakMap<WebSocket, SocketTrack>();

/** A socket opened in `session`: tracked, and a connection of the recording if it is on. */
export function trackSocket(session: MockSession, kind: string, ws: WebSocket): void {
  tracks.set(ws, { kind, openedAt: session.clock.now(), received: 0, replying: 0 });
  session.slot(recorderSlot).connection(ws);
}

/** Called before the socket's handler sees the message: what it sends synchronously is its reply. */
export function trackReceived(ws: WebSocket): void {
  const t = tracks.get(ws);
  if (!t) return;
  const n = ++t.received;
  t.replying = n;
  queueMicrotask(() => {
    if (t.replying === n) t.replying = 0;
  });
}

interface Kept {
  text: string;
  /** `text` is JSON (an object or array), parsed when the scenario is built. */
  json: boolean;
}
interface KeptAnswer extends Partial<Kept> {
  t: number;
  method: string;
  path: string;
  status: number;
}
interface KeptPush extends Kept {
  t: number;
  socket: string;
  connection: number;
  atMs: number;
  inReplyTo?: number;
}

/** Bytes held by every session's recording. */
const total = { used: 0 };

function kept(text: string): Kept {
  const redacted = redactBody(text);
  const first = redacted.charCodeAt(0);
  return { text: redacted, json: first === 0x7b || first === 0x5b };
}

/** What a kept text adds to the scenario's JSON: itself, or quoted and escaped. */
const jsonBytes = (k: Partial<Kept>): number => (k.text === undefined ? 0 : k.json ? Buffer.byteLength(k.text) : Buffer.byteLength(JSON.stringify(k.text)));

function parsed(k: Partial<Kept>): unknown {
  if (k.text === undefined) return undefined;
  if (!k.json) return k.text;
  try {
    return JSON.parse(k.text) as unknown;
  } catch {
    return k.text;
  }
}

export class Recorder {
  private on = false;
  private started = false;
  private startedAt = 0;
  /** The script in force when the recording started: what a fall-through at replay answers with. */
  private script: GameScript = {};
  private answers: KeptAnswer[] = [];
  private sockets: { t: number; socket: string; connection: number; close?: { atMs: number; code: number; reason?: string } }[] = [];
  private pushes: KeptPush[] = [];
  private connections = new WeakMap<WebSocket, number>();
  private perKind = new Map<string, number>();
  private bytes = 0;
  /** Why the recording stopped by itself (a limit), if it did. */
  private full: string | undefined;

  constructor(private readonly session: MockSession) {}

  get recording(): boolean {
    return this.on;
  }

  /** Start afresh: anything recorded before is dropped. */
  start(): void {
    this.clear();
    this.on = true;
    this.started = true;
    this.startedAt = this.session.clock.now();
    this.script = structuredClone(this.session.script);
  }

  stop(): void {
    this.on = false;
  }

  status(): Record<string, unknown> {
    return {
      session: this.session.name,
      recording: this.on,
      ...(this.started ? { since: this.startedAt, elapsedMs: this.session.clock.now() - this.startedAt } : {}),
      answers: this.answers.length,
      sockets: this.sockets.length,
      pushes: this.pushes.length,
      bytes: this.bytes,
      maxBytes: MAX_RECORDING_BYTES,
      ...(this.full !== undefined ? { full: this.full } : {}),
    };
  }

  answer(method: string, pathname: string, status: number, text: string | undefined): void {
    if (!this.on) return;
    const body = text === undefined || text === '' ? {} : kept(text);
    const path = redactPath(pathname).slice(0, 512);
    this.keep(`answer ${method} ${path}`, 80 + path.length + jsonBytes(body), () => this.answers.push({ t: this.since(), method, path, status, ...body }));
  }

  /** The recording's number for `ws` (numbered on first sight: it may have opened before the recording started); undefined when off or full. */
  connection(ws: WebSocket): number | undefined {
    const track = tracks.get(ws);
    if (!this.on || !track) return undefined;
    let connection = this.connections.get(ws);
    if (connection === undefined) {
      connection = (this.perKind.get(track.kind) ?? 0) + 1;
      const first = { t: Math.max(0, track.openedAt - this.startedAt), socket: track.kind, connection };
      if (!this.keep(`${track.kind} connection`, 60, () => this.sockets.push(first))) return undefined;
      this.perKind.set(track.kind, connection);
      this.connections.set(ws, connection);
    }
    return connection;
  }

  /** The server closed `ws` (1006: dropped without a close frame). */
  closed(ws: WebSocket, code: number, reason: string): void {
    const track = tracks.get(ws);
    const connection = this.connection(ws);
    const entry = this.sockets.find((c) => c.socket === track?.kind && c.connection === connection);
    if (!track || !entry || entry.close) return;
    const close = { atMs: this.session.clock.now() - track.openedAt, code, ...(reason ? { reason: reason.slice(0, 123) } : {}) };
    this.keep(`${track.kind} close`, 80 + (close.reason?.length ?? 0) * 2, () => (entry.close = close));
  }

  push(ws: WebSocket, text: string): void {
    const track = tracks.get(ws);
    const connection = this.connection(ws);
    if (!track || connection === undefined) return;
    const message = kept(text);
    const push: KeptPush = { t: this.since(), socket: track.kind, connection, atMs: this.session.clock.now() - track.openedAt, ...message };
    if (track.replying > 0) push.inReplyTo = track.replying;
    this.keep(`${track.kind} message`, 100 + jsonBytes(message), () => this.pushes.push(push));
  }

  /** The recording as a scenario file's JSON (scenarios/recorded.ts); 400 before any start, 413 when a limit stopped it. */
  scenario(name: string): Record<string, unknown> {
    if (!this.started) throw new RecordingError(400, 'Nothing recorded in this session: POST /__mock/record {"action": "start"} first');
    if (this.full !== undefined) throw new RecordingError(413, `The recording stopped at a limit: ${this.full}. Record a shorter stretch`);
    const pushes = this.pushes.map(({ text, json, ...p }) => ({ ...p, message: parsed({ text, json }) }));
    const answers = this.answers.map(({ text, json, ...a }) => (text === undefined ? a : { ...a, body: parsed({ text, json }) }));
    const seconds = Math.round((this.session.clock.now() - this.startedAt) / 1000);
    return {
      name,
      description: `Recorded in mock session "${this.session.name}": ${answers.length} API answers and ${pushes.length} socket messages over ${seconds} s of session time.`,
      game: this.script,
      // A virtual clock never goes back to real time, so this says whether the recorded times were virtual (all or from some point on).
      virtualClock: this.session.clock.virtual,
      recorded: { answers, sockets: this.sockets, pushes },
    };
  }

  /** Drop what was recorded and give its bytes back. */
  clear(): void {
    total.used -= this.bytes;
    this.bytes = 0;
    this.answers = [];
    this.sockets = [];
    this.pushes = [];
    this.connections = new WeakMap();
    this.perKind.clear();
    this.full = undefined;
    this.on = false;
  }

  private since(): number {
    return Math.max(0, this.session.clock.now() - this.startedAt);
  }

  /** Keep an item of `bytes` unless a limit says no; past one, the recording stops. */
  private keep(what: string, bytes: number, add: () => void): boolean {
    if (bytes > MAX_RECORDED_ITEM_BYTES) {
      this.full = `${what} is ${bytes} bytes; one recorded body or message may be at most ${MAX_RECORDED_ITEM_BYTES} bytes (${kib(MAX_RECORDED_ITEM_BYTES)})`;
    } else if (this.bytes + bytes > MAX_RECORDING_BYTES) {
      this.full = `it reached ${MAX_RECORDING_BYTES} bytes (${kib(MAX_RECORDING_BYTES)}), the most one recording may hold`;
    } else if (total.used + bytes > MAX_RECORDING_TOTAL_BYTES) {
      this.full = `the recordings of every session together reached ${kib(MAX_RECORDING_TOTAL_BYTES)}; stop or reset other sessions' recordings`;
    } else {
      add();
      this.bytes += bytes;
      total.used += bytes;
      return true;
    }
    this.on = false;
    return false;
  }
}

export const recorderSlot: SessionSlot<Recorder> = {
  name: 'recorder',
  create: (session) => new Recorder(session),
  dispose: (r) => r.clear(),
};

/** Record an API answer if the session is recording (`text` undefined: dropped). */
export function recordAnswer(session: MockSession | undefined, method: string, pathname: string, status: number, text: string | undefined): void {
  session?.slot(recorderSlot).answer(method, pathname, status, text);
}

/** Record that the server closed `ws` (code 1006: terminated) if its session is recording. */
export function recordClosed(session: MockSession, ws: WebSocket, code: number, reason = ''): void {
  session.slot(recorderSlot).closed(ws, code, reason);
}

/** Record a message the server sent on `ws` if its session is recording. */
export function recordSent(session: MockSession, ws: WebSocket, text: string): void {
  session.slot(recorderSlot).push(ws, text);
}
