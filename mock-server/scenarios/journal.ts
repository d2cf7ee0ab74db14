/**
 * A mock session's journal: every API request and socket message of the
 * session, in order, stamped with the session clock. Bounded: only the last
 * JOURNAL_LIMIT entries are kept (a ring buffer, so recording is O(1) and
 * never copies), and large bodies are cut to a short preview.
 */

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
  /** Which fault, if any, shaped this answer: "status", "body", "delay", "drop", "malformed". */
  fault?: string;
}

export type JournalInput = Omit<JournalEntry, 'seq' | 't'>;

export const JOURNAL_LIMIT = 5000;
/** Bodies longer than this are journalled as a text preview. */
export const JOURNAL_BODY_CHARS = 4096;

/** A journal-safe view of a body: small JSON as parsed, anything else as (cut) text. */
export function journalBody(text: string): unknown {
  if (text === '') return undefined;
  if (text.length > JOURNAL_BODY_CHARS) return `${text.slice(0, 256)}… (${text.length} characters)`;
  const first = text.charCodeAt(0);
  // Only try JSON for objects and arrays: cheap, and plain text stays text.
  if (first === 0x7b || first === 0x5b) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

export class Journal {
  private readonly ring: (JournalEntry | undefined)[];
  private head = 0;
  private count = 0;
  private seq = 0;

  constructor(
    private readonly now: () => number,
    readonly limit = JOURNAL_LIMIT,
  ) {
    this.ring = new Array<JournalEntry | undefined>(limit);
  }

  add(entry: JournalInput): JournalEntry {
    const full: JournalEntry = { seq: ++this.seq, t: this.now(), ...entry };
    this.ring[(this.head + this.count) % this.limit] = full;
    if (this.count < this.limit) this.count++;
    else this.head = (this.head + 1) % this.limit;
    return full;
  }

  /** Entries in order, oldest first; `since` keeps those with seq > since. */
  entries(since = 0): JournalEntry[] {
    const out: JournalEntry[] = [];
    for (let i = 0; i < this.count; i++) {
      const e = this.ring[(this.head + i) % this.limit];
      if (e && e.seq > since) out.push(e);
    }
    return out;
  }

  /** Entries recorded so far and dropped because of the limit. */
  get dropped(): number {
    return this.seq - this.count;
  }

  get size(): number {
    return this.count;
  }

  clear(): void {
    this.ring.fill(undefined);
    this.head = 0;
    this.count = 0;
    this.seq = 0;
  }
}
