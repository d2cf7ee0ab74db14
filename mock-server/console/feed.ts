/**
 * The console's live feed (docs/decisions/0011-qa-console.md): a websocket at `/__mock/feed`
 * that pushes the session list, one watched session's summary, its journal
 * entries as they are added and its stream figures (message types:
 * client/feed.ts). Push, not polling: the journal, the registry and the
 * control API say when something changed (their `watch` / `onChange`).
 *
 * Read-only, so it needs no write header: it shows what `GET /__mock/journal`
 * and `GET /__mock/session` already show, behind the same guard (app.ts runs
 * the control guard's Host check and the CORS origin check on the upgrade).
 * Other sessions are listed only with `--admin`, as `GET /__mock/sessions`
 * (decision 0011).
 *
 * Bounded: a client never has a queue of its own. It holds a cursor into the
 * session's journal (itself capped) and a "changed" flag; what is sent waits
 * in the socket's buffer, and while that holds more than MAX_FEED_BUFFERED
 * bytes nothing more is sent until a send completes. A console that falls
 * behind past the journal's cap sees a gap in `seq`, never server memory.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { Clock, TimerId } from '../../web/core/clock.ts';
import type { FeedClientMessage, FeedServerMessage } from '../client/feed.ts';
import { networkSummary, sessionSummary } from '../scenarios/control-summary.ts';
import { gameStateOf } from '../game/state.ts';
import { SESSION_NAME, type SessionRegistry } from '../sessions/registry.ts';
import type { MockSession } from '../sessions/session.ts';
import { isObj } from '../validate.ts';

/** Bytes a client may have waiting in its socket before the feed holds back. */
export const MAX_FEED_BUFFERED = 1024 * 1024;
/** Journal entries in one message (a console catching up gets several). */
export const FEED_BATCH = 200;
/** Consoles connected at once; more are closed with 1013 (try again later). */
export const MAX_FEED_CLIENTS = 32;
/** How often stream figures are pushed while the watched session has a stream. */
export const FEED_FIGURES_MS = 1000;
/** A client message is a session name and a few keys. */
const MAX_CLIENT_MESSAGE_BYTES = 1024;

export interface FeedOptions {
  sessions: SessionRegistry;
  /** `--admin`: list every session; otherwise only the one watched. */
  admin: boolean;
  /** Real time, for the figures' tick. */
  clock: Clock;
  log: (line: string) => void;
}

export interface ConsoleFeed {
  /** Take an upgrade to FEED_PATH (already past the guard). */
  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** The control API changed `session` (scenario, reset, faults, clock, network, push). */
  changed(session: MockSession): void;
  close(): Promise<void>;
}

interface Client {
  ws: WebSocket;
  /** The session name watched ('' for none). */
  name: string;
  /** The watched session as last seen (a new object with the same name after an eviction starts over). */
  session: MockSession | undefined;
  unwatch: (() => void) | undefined;
  /** Journal epoch and seq already sent. */
  epoch: number;
  seq: number;
  /** Bytes handed to the socket and not yet written. */
  inFlight: number;
  dirty: { sessions: boolean; summary: boolean; journal: boolean; network: boolean };
  scheduled: boolean;
}

export function createConsoleFeed(o: FeedOptions): ConsoleFeed {
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_CLIENT_MESSAGE_BYTES });
  wss.on('error', (err) => o.log(`console feed error: ${err.message}`));
  const clients = new Set<Client>();
  const listing = o.admin ? 'all' : 'own';
  let figuresTimer: TimerId | undefined;

  const send = (c: Client, message: FeedServerMessage): void => {
    const text = JSON.stringify(message);
    c.inFlight += text.length;
    c.ws.send(text, () => {
      c.inFlight -= text.length;
      // Held back for a full buffer: go on now that some of it is written.
      if (c.inFlight <= MAX_FEED_BUFFERED && (c.dirty.journal || c.dirty.summary || c.dirty.sessions || c.dirty.network)) schedule(c);
    });
  };

  const sessionsMessage = (c: Client): FeedServerMessage => {
    const all = o.sessions.list();
    const listed = o.admin ? all : all.filter((s) => s.name === c.name);
    return {
      type: 'sessions',
      listing,
      max: o.sessions.max,
      count: all.length,
      evicted: o.sessions.evicted,
      sessions: listed.map((s) => ({ session: s.name, scenario: s.scenario, virtual: s.clock.virtual, sockets: s.sockets.counts() })),
    };
  };

  /** Follow the session of `c.name` if it (still, or now) exists. */
  const attach = (c: Client): void => {
    const found = c.name === '' ? undefined : o.sessions.find(c.name);
    if (found === c.session) return;
    c.unwatch?.();
    c.unwatch = undefined;
    c.session = found;
    c.epoch = -1;
    c.seq = 0;
    c.dirty.summary = true;
    c.dirty.journal = true;
    if (found) {
      c.unwatch = found.journal.watch(() => {
        c.dirty.journal = true;
        // Sockets opening and closing, faults used: every one of them is journalled, so the summary follows.
        c.dirty.summary = true;
        // A stream socket opening is journalled too: start the figures' tick if it had stopped.
        ensureFigures();
        schedule(c);
      });
    }
  };

  const flush = (c: Client): void => {
    c.scheduled = false;
    if (c.ws.readyState !== c.ws.OPEN) return;
    if (c.dirty.sessions) {
      c.dirty.sessions = false;
      attach(c);
      send(c, sessionsMessage(c));
    }
    const s = c.session;
    if (c.dirty.summary && c.name !== '') {
      c.dirty.summary = false;
      send(c, { type: 'session', session: c.name, summary: s ? sessionSummary(s) : null });
    }
    if (c.dirty.network && s) {
      c.dirty.network = false;
      send(c, { type: 'network', summary: networkSummary(s) });
    }
    if (c.dirty.journal) {
      c.dirty.journal = false;
      if (s) sendJournal(c, s);
    }
  };

  /** The next batch of the watched journal; more left over waits for the socket (see `send`) or the next turn. */
  const sendJournal = (c: Client, s: MockSession): void => {
    const reset = c.epoch !== s.journal.epoch;
    if (reset) {
      c.epoch = s.journal.epoch;
      c.seq = 0;
    }
    let entries = s.journal.entries(c.seq);
    const more = entries.length > FEED_BATCH;
    if (more) entries = entries.slice(0, FEED_BATCH);
    if (entries.length > 0 || reset) {
      c.seq = entries.at(-1)?.seq ?? c.seq;
      send(c, { type: 'journal', session: c.name, reset, entries });
    }
    if (more) {
      c.dirty.journal = true;
      schedule(c);
    }
  };

  const schedule = (c: Client): void => {
    if (c.scheduled || c.inFlight > MAX_FEED_BUFFERED) return;
    c.scheduled = true;
    // After the code that changed things: a burst of entries (a scenario, a socket's messages) goes out as one message.
    queueMicrotask(() => flush(c));
  };

  /** Stream figures once a second for consoles watching a session with a game stream; no timer otherwise. */
  const tickFigures = (): void => {
    let any = false;
    for (const c of clients) {
      if (c.session && gameStateOf({ session: c.session }).sessions.size > 0) {
        any = true;
        c.dirty.network = true;
        schedule(c);
      }
    }
    if (!any && figuresTimer !== undefined) {
      o.clock.clearInterval(figuresTimer);
      figuresTimer = undefined;
    }
  };
  const ensureFigures = (): void => {
    figuresTimer ??= o.clock.setInterval(tickFigures, FEED_FIGURES_MS);
  };

  const watch = (c: Client, name: string): void => {
    c.name = name;
    c.session = undefined;
    c.unwatch?.();
    c.unwatch = undefined;
    Object.assign(c.dirty, { sessions: true, summary: true, journal: true, network: true });
    ensureFigures();
    schedule(c);
  };

  const stopWatching = o.sessions.watch(() => {
    for (const c of clients) {
      c.dirty.sessions = true;
      schedule(c);
    }
  });

  const accept = (ws: WebSocket, initial: string): void => {
    const c: Client = {
      ws,
      name: '',
      session: undefined,
      unwatch: undefined,
      epoch: -1,
      seq: 0,
      inFlight: 0,
      dirty: { sessions: true, summary: false, journal: false, network: false },
      scheduled: false,
    };
    clients.add(c);
    send(c, { type: 'hello', listing });
    watch(c, initial);
    ws.on('message', (data) => {
      let value: unknown;
      try {
        value = JSON.parse(String(data)) as unknown;
      } catch {
        value = undefined;
      }
      const m = value as Partial<FeedClientMessage> | undefined;
      if (!isObj(value) || m?.type !== 'watch' || typeof m.session !== 'string' || (m.session !== '' && !SESSION_NAME.test(m.session))) {
        send(c, { type: 'error', error: 'Send {"type": "watch", "session": "<name>"} (1 to 64 letters, digits, "_", "." or "-")' });
        return;
      }
      watch(c, m.session);
    });
    ws.on('close', () => {
      c.unwatch?.();
      clients.delete(c);
    });
    ws.on('error', (err) => o.log(`console feed socket error: ${err.message}`));
  };

  return {
    upgrade(req, socket, head) {
      const name = new URL(req.url ?? '/', 'http://mock.invalid').searchParams.get('session') ?? '';
      wss.handleUpgrade(req, socket, head, (ws) => {
        if (clients.size >= MAX_FEED_CLIENTS) {
          ws.close(1013, `At most ${MAX_FEED_CLIENTS} consoles at once`);
          return;
        }
        accept(ws, SESSION_NAME.test(name) ? name : '');
      });
    },
    changed(session) {
      for (const c of clients) {
        // The list shows each session's scenario and clock: every console's list may change.
        c.dirty.sessions = true;
        if (c.session === session) Object.assign(c.dirty, { summary: true, journal: true, network: true });
        schedule(c);
      }
    },
    close() {
      stopWatching();
      if (figuresTimer !== undefined) o.clock.clearInterval(figuresTimer);
      for (const c of clients) {
        c.unwatch?.();
        c.ws.terminate();
      }
      clients.clear();
      return new Promise((resolve) => wss.close(() => resolve()));
    },
  };
}
