/**
 * A mock session's journal: every API request and socket message of the
 * session, in order, stamped with the session clock.
 *
 * Bounded three ways, because anyone who reaches the port can fill it
 * (docs/qa-guide.md "Journal"): the last JOURNAL_LIMIT entries, an estimate of the bytes they
 * hold per session, and the same estimate over every session (a shared
 * JournalBudget, journal-budget.ts). Past a cap the oldest entries go and
 * `dropped` counts them. How one entry is kept and read is journal-entry.ts.
 */
import { JournalBudget } from './journal-budget.ts';
import { storedEntry, viewEntry, type JournalEntry, type JournalInput, type Stored } from './journal-entry.ts';

export { JOURNAL_BODY_CHARS, type JournalEntry, type JournalInput, type JournalKind } from './journal-entry.ts';
export { JournalBudget, JOURNAL_TOTAL_BYTES } from './journal-budget.ts';

export const JOURNAL_LIMIT = 5000;
/** Estimated bytes one session's journal may hold: a full journal of small entries (5000 × ~300 B) fits. */
export const JOURNAL_SESSION_BYTES = 4 * 1024 * 1024;

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
    const rec = storedEntry(input, ++this.seq, this.now(), this.budget.nextOrder());
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
      if (e && e.seq > since) out.push(viewEntry(e));
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
