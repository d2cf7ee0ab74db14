/**
 * The console's copy of a session's journal: entries as the feed pushes
 * them, capped (the oldest go first, as in the server's journal), and the
 * filter the view applies (kinds, and text in the path, message or body).
 */
import type { JournalEntry, JournalKind } from '../../../mock-server/client/types.ts';

/** Entries the console keeps (the server's journal keeps 5,000). */
export const CONSOLE_JOURNAL_LIMIT = 2000;

export const KINDS: readonly JournalKind[] = ['http', 'ws-in', 'ws-out', 'ws-open', 'ws-close'];

export interface JournalFilter {
  kinds: ReadonlySet<JournalKind>;
  /** Text to find in the path, message, fault or body (case-insensitive); '' for all. */
  text: string;
}

export const ALL_KINDS: JournalFilter = { kinds: new Set(KINDS), text: '' };

/** `held` with `entries` added (after emptying it on `reset`), the oldest cut past `limit`. */
export function addEntries(held: readonly JournalEntry[], entries: readonly JournalEntry[], reset: boolean, limit = CONSOLE_JOURNAL_LIMIT): JournalEntry[] {
  const next = reset ? [...entries] : [...held, ...entries];
  return next.length > limit ? next.slice(next.length - limit) : next;
}

/** Entries the journal's caps dropped between two that arrived (a gap in seq), for "N entries skipped". */
export function gapBefore(list: readonly JournalEntry[], i: number): number {
  const prev = list[i - 1];
  const cur = list[i];
  return prev && cur ? Math.max(0, cur.seq - prev.seq - 1) : 0;
}

const bodyText = (e: JournalEntry): string => (e.body === undefined ? '' : typeof e.body === 'string' ? e.body : JSON.stringify(e.body));

export function matches(e: JournalEntry, f: JournalFilter): boolean {
  if (!f.kinds.has(e.kind)) return false;
  const want = f.text.trim().toLowerCase();
  if (want === '') return true;
  return [e.path ?? '', e.msg ?? '', e.fault ?? '', e.method ?? '', bodyText(e)].some((t) => t.toLowerCase().includes(want));
}

/** The one-line summary of an entry. */
export function entryLine(e: JournalEntry): string {
  switch (e.kind) {
    case 'http':
      return `${e.method ?? ''} ${e.path ?? ''} → ${e.status ?? ''}${e.code !== undefined ? ` code ${e.code}` : ''}${e.msg ? ` ${e.msg}` : ''}`;
    case 'ws-close':
      return `${e.path ?? ''} closed ${e.code ?? ''}${e.msg ? ` ${e.msg}` : ''}`;
    case 'ws-open':
      return `${e.path ?? ''} opened`;
    default: {
      const text = bodyText(e);
      return `${e.path ?? ''} ${text.length > 120 ? `${text.slice(0, 120)}…` : text}`;
    }
  }
}

/** The body shown when an entry is expanded. */
export function entryBody(e: JournalEntry): string {
  if (e.body === undefined) return '(no body)';
  return typeof e.body === 'string' ? e.body : JSON.stringify(e.body, null, 2);
}
