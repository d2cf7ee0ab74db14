/**
 * A mock session's journal: every API request and socket message of the
 * session, in order, stamped with the session clock.
 *
 * Bounded three ways, because anyone who reaches the port can fill it
 * (issue 14): the last JOURNAL_LIMIT entries, an estimate of the bytes they
 * hold per session, and the same estimate over every session (a shared
 * JournalBudget). Past a cap the oldest entries go and `dropped` counts
 * them. Bodies are kept as previews of at most JOURNAL_BODY_CHARS characters
 * of text and parsed only when the journal is read, so an entry never costs
 * more than its text: a 4 KB body of `[[],[],…]` parsed is some 50 KB of heap.
 * Token values in paths and bodies are kept as "[redacted]" (redact.ts).
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

export const JOURNAL_LIMIT = 5000;
/** Bodies longer than this are journalled as a preview of this many characters. */
export const JOURNAL_BODY_CHARS = 512;
/** Paths and messages are cut here (URLs may be up to the 16 KB header limit). */
export const JOURNAL_TEXT_CHARS = 512;
/** Estimated bytes one session's journal may hold: a full journal of small entries (5000 × ~300 B) fits. */
export const JOURNAL_SESSION_BYTES = 4 * 1024 * 1024;
/** Estimated bytes every journal together may hold (16 flooded sessions' worth). */
export const JOURNAL_TOTAL_BYTES = 64 * 1024 * 1024;
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

interface Stored {
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

/** The byte cap over every session's journal; each journal registers itself here. */
export class JournalBudget {
  private readonly journals = new Set<Journal>();
  private order = 0;
  /** Estimated bytes held by every registered journal. */
  used = 0;

  constructor(readonly maxBytes = JOURNAL_TOTAL_BYTES) {}

  register(j: Journal): void {
    this.journals.add(j);
  }

  unregister(j: Journal): void {
    this.journals.delete(j);
  }

  nextOrder(): number {
    return ++this.order;
  }

  /** Drop the oldest entries of all journals until the total fits. */
  enforce(): void {
    while (this.used > this.maxBytes) {
      let oldest: Journal | undefined;
      let at = Infinity;
      for (const j of this.journals) {
        const o = j.oldestOrder();
        if (o < at) {
          at = o;
          oldest = j;
        }
      }
      if (!oldest) return;
      oldest.dropOldest();
    }
  }
}

export interface JournalCaps {
  /** Estimated bytes this journal may hold (default JOURNAL_SESSION_BYTES). */
  maxBytes?: number;
  /** The cap shared with other journals (default: a budget of its own, JOURNAL_TOTAL_BYTES). */
  budget?: JournalBudget;
}

export class Journal {
  private readonly ring: (Stored | undefined)[];
  private head = 0;
  private count = 0;
  private seq = 0;
  private held = 0;
  private closed = false;
  /** Told after every add (the console's live feed); see `watch`. */
  private readonly watchers = new Set<() => void>();
  /** How many times the journal was emptied (a reset): a reader's seq cursor from an older epoch is void. */
  epoch = 0;
  readonly maxBytes: number;
  private readonly budget: JournalBudget;

  constructor(
    private readonly now: () => number,
    readonly limit = JOURNAL_LIMIT,
    caps: JournalCaps = {},
  ) {
    this.ring = new Array<Stored | undefined>(limit);
    this.maxBytes = caps.maxBytes ?? JOURNAL_SESSION_BYTES;
    this.budget = caps.budget ?? new JournalBudget();
    this.budget.register(this);
  }

  /** Record an entry; answers its seq and time (the entry itself is built only when read). */
  add(input: JournalInput): { seq: number; t: number } {
    // A request still in flight when its session was evicted must not charge the shared budget.
    if (this.closed) return { seq: this.seq, t: this.now() };
    const rec: Stored = { seq: ++this.seq, t: this.now(), order: this.budget.nextOrder(), bytes: ENTRY_BYTES, kind: input.kind };
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

    if (this.count === this.limit) this.dropOldest();
    this.ring[(this.head + this.count) % this.limit] = rec;
    this.count++;
    this.held += rec.bytes;
    this.budget.used += rec.bytes;
    while (this.held > this.maxBytes && this.count > 1) this.dropOldest();
    this.budget.enforce();
    for (const w of this.watchers) w();
    return { seq: rec.seq, t: rec.t };
  }

  /** Call `fn` after every entry added, until the returned function is called. */
  watch(fn: () => void): () => void {
    this.watchers.add(fn);
    return () => this.watchers.delete(fn);
  }

  /** The seq of the newest entry ever added (0 when none since the last clear). */
  get lastSeq(): number {
    return this.seq;
  }

  /** Entries in order, oldest first; `since` keeps those with seq > since. */
  entries(since = 0): JournalEntry[] {
    const out: JournalEntry[] = [];
    for (let i = 0; i < this.count; i++) {
      const e = this.ring[(this.head + i) % this.limit];
      if (e && e.seq > since) out.push(view(e));
    }
    return out;
  }

  /** Entries recorded so far and dropped because of a cap. */
  get dropped(): number {
    return this.seq - this.count;
  }

  get size(): number {
    return this.count;
  }

  /** Estimated bytes the kept entries hold. */
  get bytes(): number {
    return this.held;
  }

  /** JournalBudget order of the oldest kept entry (Infinity when empty). */
  oldestOrder(): number {
    return this.count === 0 ? Infinity : (this.ring[this.head]?.order ?? Infinity);
  }

  dropOldest(): void {
    if (this.count === 0) return;
    const rec = this.ring[this.head];
    this.ring[this.head] = undefined;
    this.head = (this.head + 1) % this.limit;
    this.count--;
    if (rec) {
      this.held -= rec.bytes;
      this.budget.used -= rec.bytes;
    }
  }

  clear(): void {
    this.budget.used -= this.held;
    this.held = 0;
    this.ring.fill(undefined);
    this.head = 0;
    this.count = 0;
    this.seq = 0;
    this.epoch++;
  }

  /** Empty it and leave the shared budget (the session is gone). */
  close(): void {
    this.closed = true;
    this.clear();
    this.watchers.clear();
    this.budget.unregister(this);
  }
}

function view(rec: Stored): JournalEntry {
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
