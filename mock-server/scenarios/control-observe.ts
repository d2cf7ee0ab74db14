/**
 * The control API's handlers that read what happened (docs/qa-guide.md §2):
 * the journal, the reported events, the session's summary and the list of
 * sessions.
 */
import { contentState, MAX_EVENTS } from '../content/state.ts';
import type { JournalKind } from '../sessions/journal.ts';
import { bad, intQuery, type ControlHandler } from './control-call.ts';
import { sessionSummary } from './control-summary.ts';

const JOURNAL_KINDS: readonly JournalKind[] = ['http', 'ws-in', 'ws-out', 'ws-open', 'ws-close'];

/** `?kind=` as a set of journal kinds (undefined: every kind); 400 naming an unknown one. */
function kindsOf(query: URLSearchParams): Set<string> | undefined {
  const raw = query.get('kind');
  if (raw === null || raw === '') return undefined;
  const kinds = new Set(raw.split(','));
  for (const k of kinds) {
    if (!(JOURNAL_KINDS as readonly string[]).includes(k)) throw bad(`Query "kind" must be a comma list of ${JOURNAL_KINDS.join(', ')}; got "${k}"`);
  }
  return kinds;
}

export const readJournal: ControlHandler = ({ session, query }) => {
  const since = intQuery(query, 'since', 0, Number.MAX_SAFE_INTEGER) ?? 0;
  const limit = intQuery(query, 'limit', 1, session.journal.limit);
  const kinds = kindsOf(query);
  let entries = session.journal.entries(since);
  if (kinds) entries = entries.filter((e) => kinds.has(e.kind));
  if (limit !== undefined) entries = entries.slice(-limit);
  const { dropped, bytes, maxBytes } = session.journal;
  return { session: session.name, now: session.clock.now(), dropped, bytes, maxBytes, entries };
};

// The journal cuts bodies at 512 characters; a vitals batch is longer, so the reported events are read whole here.
export const readEvents: ControlHandler = ({ session, query }) => {
  const name = query.get('event');
  const limit = intQuery(query, 'limit', 1, MAX_EVENTS);
  let events = contentState(session).events.filter((e) => name === null || name === '' || e.event === name);
  if (limit !== undefined) events = events.slice(-limit);
  return { session: session.name, events };
};

export const readSession: ControlHandler = ({ session }) => sessionSummary(session);

export const listSessions: ControlHandler = ({ session: caller, options: o }) => {
  const admin = o.admin === true;
  const listed = admin ? o.sessions.list() : [caller];
  return {
    max: o.sessions.max,
    count: o.sessions.list().length,
    evicted: o.sessions.evicted,
    // Another session's name is the key to its journal and its controls: only the admin sees them.
    listing: admin ? 'all' : 'own',
    recentlyEvicted: admin ? o.sessions.recentEvictions() : o.sessions.recentEvictions().filter((e) => e.session === caller.name),
    journalBytes: o.sessions.journalBytes(),
    sessions: listed.map((s) => ({ session: s.name, scenario: s.scenario, virtual: s.clock.virtual, sockets: s.sockets.counts() })),
  };
};
