/**
 * Waiting on a mock session's journal instead of sleeping: poll
 * `GET /__mock/journal?since=` (only the entries not seen yet) until one
 * matches, bounded by a real-time limit whose error names what was awaited.
 */
import type { Transport } from './http.ts';
import type { JournalEntry, JournalKind, JournalPage } from './types.ts';

export interface WaitOptions {
  /** Real time to wait before failing (default 10 s). */
  timeoutMs?: number;
  /** Only entries after this seq (default 0: an entry already journalled counts); `session.mark()` gives the newest. */
  since?: number;
  /** Only entries of these kinds. */
  kind?: JournalKind | readonly JournalKind[];
  /** What the predicate looks for, for the timeout error (default: the predicate's source). */
  what?: string;
  /** Real time between two reads of the journal (default 50 ms). */
  pollMs?: number;
}

export const DEFAULT_WAIT_MS = 10_000;
const DEFAULT_POLL_MS = 50;

export const kindQuery = (kind: JournalKind | readonly JournalKind[]): string => (typeof kind === 'string' ? kind : kind.join(','));

function describePredicate(predicate: (entry: JournalEntry) => boolean): string {
  const source = predicate.toString().replace(/\s+/g, ' ');
  return source.length > 200 ? `${source.slice(0, 200)}…` : source;
}

/** Resolves with the first entry after `since` for which `predicate` holds. */
export async function waitForEntry(
  transport: Transport,
  session: string,
  predicate: (entry: JournalEntry) => boolean,
  o: WaitOptions = {},
): Promise<JournalEntry> {
  const timeoutMs = o.timeoutMs ?? DEFAULT_WAIT_MS;
  const deadline = Date.now() + timeoutMs;
  let since = o.since ?? 0;
  let seen = 0;
  for (;;) {
    const query: Record<string, string | number> = { since };
    if (o.kind !== undefined) query['kind'] = kindQuery(o.kind);
    const page = await transport.request<JournalPage>('GET', '/__mock/journal', { session, query });
    for (const entry of page.entries) {
      if (predicate(entry)) return entry;
      since = Math.max(since, entry.seq);
      seen++;
    }
    const left = deadline - Date.now();
    if (left <= 0) {
      throw new Error(
        `Timed out after ${timeoutMs} ms waiting in mock session "${session}" for a journal entry matching ${o.what ?? describePredicate(predicate)} ` +
          `(${seen} entries looked at, up to seq ${since})`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, Math.min(o.pollMs ?? DEFAULT_POLL_MS, left)));
  }
}
