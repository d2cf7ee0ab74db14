/**
 * The mock cloud's own numbers: the limits and timings only the server side
 * knows (the app never reads them, so they are not in the contract), and the
 * size and shape limits on what QA and clients can make the mock keep or
 * echo (mock-server/README.md "Rules the server enforces"). Anyone who reaches the port can send these, so each
 * refusal is a plain 400/413 that names the limit, and nothing is stored
 * when a body is refused.
 */
import { FieldError } from './validate.ts';

// ---- accounts and content

/** The code that logs any persona in on the mock server. */
export const MOCK_SMS_CODE = '123456';
/** How long a `gly_token` stays valid (measured on the server clock). */
export const TOKEN_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** A list page's size when the request names none, and the largest it may name. */
export const PAGE_SIZE_DEFAULT = 20;
export const PAGE_SIZE_MAX = 50;
/** Under this age on the server's date, a verified user is a minor (anti-addiction limits apply). */
export const MINOR_AGE = 18;
/** An order not paid within this long expires. */
export const ORDER_EXPIRE_MS = 15 * 60 * 1000;

// ---- the game flow

/** Used when the stream drops without a hang-up timer set (SPEC §3 settings default hangup_duration). */
export const DEFAULT_HANGUP_MINUTES = 3;
/** Play time (seconds of duration_coin) charged per minute of play unless a scenario says otherwise. */
export const DEFAULT_CHARGE_PER_MINUTE = 60;
/** How long a jtoken from generate_token lets a duration socket connect. */
export const JTOKEN_TTL_MS = 2 * 60 * 60 * 1000;
/** Default ms between progress steps (socket transport; the WebRTC transport reports its real steps). */
export const STREAM_PROGRESS_STEP_MS = 500;
/** A status frame every second on the socket transport (no video). */
export const STREAM_FRAME_MS = 1000;
/** The game loop and the video run at 60 frames a second. */
export const STREAM_TICK_HZ = 60;

// ---- request size and shape

/** Largest request body the mock server accepts; larger bodies answer BODY_CODE.tooLarge. */
export const MAX_BODY_BYTES = 1024 * 1024;

/** Deepest JSON nesting accepted in a body; deeper values overflow the stack when serialised again (a 500, and a fault that answers 500 forever). */
export const MAX_JSON_DEPTH = 64;
/** Largest response body of one fault, as JSON text. */
export const MAX_FAULT_BODY_BYTES = 64 * 1024;
/** Largest pending fault bodies of one session together: 1000 faults of 64 KB each would be 64 MB a session. */
export const MAX_SESSION_FAULT_BODY_BYTES = 1024 * 1024;
/** Largest message `POST /__mock/push` sends. */
export const MAX_PUSH_MESSAGE_BYTES = 64 * 1024;

/**
 * Largest recording (`POST /__mock/record`), as the JSON text of the scenario it becomes: it stays under
 * MAX_BODY_BYTES with room for the wrapper, so every recording can be sent back as an inline scenario.
 */
export const MAX_RECORDING_BYTES = MAX_BODY_BYTES - 16 * 1024;
/** Largest single recorded answer body or socket message; bigger ones stop the recording (413). */
export const MAX_RECORDED_ITEM_BYTES = 256 * 1024;
/** Largest recordings of every session together (500 sessions of 1 MB each would be 500 MB). */
export const MAX_RECORDING_TOTAL_BYTES = 32 * 1024 * 1024;

/**
 * Most records one `/__db/` collection of a session may hold: ten times and more what any fixture list has,
 * so QA can fill a catalogue for paging; beyond it every write rechecks a list no test needs (createApp `dbMaxRecords`).
 */
export const MAX_DB_RECORDS = 1000;
/** Most bytes (as JSON) one session's `/__db/` data may hold: the fixtures are about 0.1 MB (createApp `dbMaxBytes`). */
export const MAX_DB_SESSION_BYTES = 2 * 1024 * 1024;

export const kib = (bytes: number): string => `${Math.round(bytes / 1024)} KB`;

/** A value over a size limit: answered 413 (a FieldError, so scenario files still name the field). */
export class TooLargeError extends FieldError {
  readonly status = 413;
  constructor(field: string, problem: string) {
    super(field, problem);
    this.name = 'TooLargeError';
  }
}

/** The message for JSON nested deeper than MAX_JSON_DEPTH. */
export function depthMessage(what: string, max = MAX_JSON_DEPTH): string {
  return `${what} is nested deeper than ${max} levels (the limit for JSON nesting)`;
}

/**
 * Whether JSON text nests arrays/objects deeper than `max`, found by scanning
 * (strings skipped) before it is parsed: JSON.parse copes with any depth, the
 * stringify that answers or journals it later does not.
 */
export function jsonTextTooDeep(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) {
      depth--;
    }
  }
  return false;
}

/** Whether a parsed value nests deeper than `max` (iterative: the value may be as deep as it likes). */
export function valueTooDeep(value: unknown, max = MAX_JSON_DEPTH): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    const [v, depth] = item;
    if (typeof v !== 'object' || v === null) continue;
    if (depth + 1 > max) return true;
    for (const child of Array.isArray(v) ? v : Object.values(v)) {
      if (typeof child === 'object' && child !== null) stack.push([child, depth + 1]);
    }
  }
  return false;
}

/**
 * The JSON text of `value` after checking its depth and size: a string is
 * measured as is. Throws TooLargeError (413) over `maxBytes`, FieldError (400) too deep.
 */
export function boundedJson(value: unknown, field: string, maxBytes: number): { text: string; json: boolean } {
  if (typeof value === 'string') {
    const bytes = Buffer.byteLength(value, 'utf8');
    if (bytes > maxBytes) throw new TooLargeError(field, `is ${bytes} bytes; the limit is ${maxBytes} bytes (${kib(maxBytes)})`);
    return { text: value, json: false };
  }
  if (valueTooDeep(value)) throw new FieldError(field, `is nested deeper than ${MAX_JSON_DEPTH} levels (the limit for JSON nesting)`);
  const text = JSON.stringify(value) ?? 'null';
  const bytes = Buffer.byteLength(text, 'utf8');
  if (bytes > maxBytes) throw new TooLargeError(field, `is ${bytes} bytes as JSON; the limit is ${maxBytes} bytes (${kib(maxBytes)})`);
  return { text, json: true };
}
