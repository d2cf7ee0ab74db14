/**
 * One journal entry: what a caller gives (JournalInput), how it is kept
 * (Stored: text copied and cut, tokens redacted, bytes estimated) and how it
 * reads back (JournalEntry). Bodies are kept as previews of at most
 * JOURNAL_BODY_CHARS characters of text and parsed only when read, so an
 * entry never costs more than its text: a 4 KB body of `[[],[],…]` parsed is
 * some 50 KB of heap. Token values in paths and bodies are kept as
 * "[redacted]" (redact.ts).
 */
import { redactBody, redactPath } from './redact.ts';

export type JournalKind = 'http' | 'ws-in' | 'ws-out' | 'ws-open' | 'ws-close';

export interface JournalEntry {
  /** 1-based position in the session's history (keeps counting when old entries are dropped). */
  seq: number;
  /** Session-clock time in ms. */
  t: number;
  kind: JournalKind;
  method?: string;
  /** Request path with query (http), or the socket path (ws-*). */
  path?: string;
  /** HTTP status answered (0 when a fault dropped the connection). */
  status?: number;
  /** Body code of the answer (http) or close code (ws-close). */
  code?: number;
  /** Message of the answer (http) or close reason (ws-close). */
  msg?: string;
  /** The request body (http) or the message (ws-in, ws-out): parsed JSON when it is JSON, else text. */
  body?: unknown;
  /** True when `body` is a preview of a longer body: its first JOURNAL_BODY_CHARS characters and "… (N characters)". */
  bodyCut?: true;
  /** Which fault, if any, shaped this answer: "status", "body", "delay", "drop", "malformed". */
  fault?: string;
  /** Replaying a recorded scenario (replay.ts): "recorded" for an answer or socket from it, "not-recorded" for one the live mock served. */
  replay?: 'recorded' | 'not-recorded';
}

export interface JournalInput extends Omit<JournalEntry, 'seq' | 't' | 'body' | 'bodyCut'> {
  /** The body as received or sent (request body, socket message). */
  bodyText?: string;
  /** A body as a value (kept as its JSON text; a string is text). */
  body?: unknown;
}

/** Bodies longer than this are journalled as a preview of this many characters. */
export const JOURNAL_BODY_CHARS = 512;
/** Paths and messages are cut here (URLs may be up to the 16 KB header limit). */
const JOURNAL_TEXT_CHARS = 512;
/** The estimate for an entry without text: the object, its numbers and its ring slot. */
const ENTRY_BYTES = 160;

/**
 * A string that shares no memory with `s`, cut to `max` characters. A slice
 * or a template literal keeps its whole parent alive in V8 (a 512-character
 * path would hold the 16 KB URL it came from), so kept text is copied.
 */
function own(s: string, max: number): string {
  const cut = s.length > max ? `${s.slice(0, max)}…` : s;
  return cut.length < 13 ? cut : Buffer.from(cut, 'utf8').toString('utf8');
}

export interface Stored {
  seq: number;
  t: number;
  /** Position among every journal's entries (JournalBudget order), for dropping the oldest first. */
  order: number;
  bytes: number;
  kind: JournalKind;
  method?: string;
  path?: string;
  status?: number;
  code?: number;
  msg?: string;
  fault?: string;
  replay?: JournalEntry['replay'];
  body?: string;
  /** `body` is JSON text, parsed when read (falls back to text if it does not parse). */
  json?: true;
  cut?: true;
}

function bodyOf(input: JournalInput): { body: string; json: boolean; cut: boolean } | undefined {
  let text: string;
  let json: boolean;
  if (input.bodyText !== undefined) {
    text = input.bodyText;
    const first = text.charCodeAt(0);
    // Only objects and arrays are tried as JSON: plain text ("42") stays text.
    json = first === 0x7b || first === 0x5b;
  } else if (input.body !== undefined) {
    if (typeof input.body === 'string') {
      text = input.body;
      json = false;
    } else {
      try {
        text = JSON.stringify(input.body) ?? '';
      } catch {
        text = '[not serialisable]';
      }
      json = true;
    }
  } else {
    return undefined;
  }
  if (text === '') return undefined;
  // Before the cut: a token split by it would otherwise leave its first characters behind.
  text = redactBody(text);
  if (text.length <= JOURNAL_BODY_CHARS) return { body: own(text, JOURNAL_BODY_CHARS), json, cut: false };
  return { body: `${own(text.slice(0, JOURNAL_BODY_CHARS), JOURNAL_BODY_CHARS)}… (${text.length} characters)`, json: false, cut: true };
}

/** How an entry is kept: its text copied, cut and redacted, and its bytes estimated; `order` is its JournalBudget position. */
export function storedEntry(input: JournalInput, seq: number, t: number, order: number): Stored {
  const rec: Stored = { seq, t, order, bytes: ENTRY_BYTES, kind: input.kind };
  let chars = 0;
  if (input.method !== undefined) {
    rec.method = own(input.method, 16);
    chars += rec.method.length;
  }
  if (input.path !== undefined) {
    rec.path = own(redactPath(input.path), JOURNAL_TEXT_CHARS);
    chars += rec.path.length;
  }
  if (input.status !== undefined) rec.status = input.status;
  if (input.code !== undefined) rec.code = input.code;
  if (input.msg !== undefined) {
    rec.msg = own(input.msg, JOURNAL_TEXT_CHARS);
    chars += rec.msg.length;
  }
  if (input.fault !== undefined) {
    rec.fault = own(input.fault, 32);
    chars += rec.fault.length;
  }
  if (input.replay !== undefined) rec.replay = input.replay;
  const body = bodyOf(input);
  if (body) {
    rec.body = body.body;
    if (body.json) rec.json = true;
    if (body.cut) rec.cut = true;
    chars += body.body.length;
  }
  // Two bytes a character: the worst case (non-Latin-1 text).
  rec.bytes += 2 * chars;
  return rec;
}

/** An entry as read: the stored text parsed back where it is JSON. */
export function viewEntry(rec: Stored): JournalEntry {
  const e: JournalEntry = { seq: rec.seq, t: rec.t, kind: rec.kind };
  if (rec.method !== undefined) e.method = rec.method;
  if (rec.path !== undefined) e.path = rec.path;
  if (rec.status !== undefined) e.status = rec.status;
  if (rec.code !== undefined) e.code = rec.code;
  if (rec.msg !== undefined) e.msg = rec.msg;
  if (rec.body !== undefined) {
    e.body = rec.body;
    if (rec.json) {
      try {
        e.body = JSON.parse(rec.body) as unknown;
      } catch {
        // not JSON after all: shown as text
      }
    }
    if (rec.cut) e.bodyCut = true;
  }
  if (rec.fault !== undefined) e.fault = rec.fault;
  if (rec.replay !== undefined) e.replay = rec.replay;
  return e;
}
