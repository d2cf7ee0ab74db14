/**
 * The console's live feed (`GET /__mock/feed`, a websocket; mock-server/console/feed.ts):
 * what the server pushes and what a client may send. Types only, so the console page and
 * scripts can import them without pulling in the server.
 */
import type { JournalEntry } from '../sessions/journal.ts';
import type { NetworkSummary, SessionsInfo, SessionSummary } from './types.ts';

/** The feed's path below the mock's origin. */
export const FEED_PATH = '/__mock/feed';

/** One session as the feed lists it. */
export type FeedSessionRow = SessionsInfo['sessions'][number];

export type FeedServerMessage =
  /** First message: whether every session is listed (`--admin`) or only the one watched. */
  | { type: 'hello'; listing: 'all' | 'own' }
  /** The session list, again whenever a session is created or evicted. */
  | { type: 'sessions'; listing: 'all' | 'own'; max: number; count: number; evicted: number; sessions: FeedSessionRow[] }
  /** The watched session's summary after every change; null while no session of that name exists. */
  | { type: 'session'; session: string; summary: SessionSummary | null }
  /**
   * Journal entries of the watched session in order. `reset`: the journal was emptied (a reset or a new scenario),
   * drop what you hold first. A gap in `seq` means entries the journal's caps dropped before they could be sent.
   */
  | { type: 'journal'; session: string; reset: boolean; entries: JournalEntry[] }
  /** The watched session's network conditions and stream figures, every second while it has a stream. */
  | { type: 'network'; summary: NetworkSummary }
  /** A message the feed could not take. */
  | { type: 'error'; error: string };

/** What a client sends: which session to watch (also `?session=` on the feed URL). */
export type FeedClientMessage = { type: 'watch'; session: string };
