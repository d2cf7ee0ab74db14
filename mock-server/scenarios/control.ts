/**
 * The QA control API under `/__mock/` (docs/qa-guide.md). JSON in, JSON
 * out; the session comes from `?session=` or the X-Mock-Session header
 * ("default" without either). Errors answer `{error}` with 400 (bad input,
 * JSON nested too deep), 404 (unknown path or scenario), 405 (wrong method),
 * 413 (body, fault body or pushed message too large; limits.ts) or 503 (a new
 * session over the cap while every session has open sockets).
 *
 *   GET    /__mock/scenarios   named scenarios: name, description
 *   POST   /__mock/scenario    {name} | {scenario: {...}}, keepState?: apply to the session
 *   POST   /__mock/reset       fresh session state
 *   POST   /__mock/faults      a fault, an array of faults, or {faults: [...]}
 *   GET    /__mock/faults      pending faults;  DELETE: drop them
 *   POST   /__mock/push        {socket: "duration"|"stream", message}: send to the session's open sockets
 *                               (a stream {type:"event", code, sc_id?} or a duration {code, event?, msg?} goes
 *                               through the game logic, so 43000/54001 also end the game session)
 *   GET    /__mock/journal     ?since=SEQ&kind=http,ws-in&limit=N
 *   GET    /__mock/events      ?event=NAME&limit=N: what the app reported with event_report, whole (field vitals among them)
 *   GET    /__mock/clock       {virtual, now}
 *   POST   /__mock/clock       {virtual: true} and/or {advanceMs: N}
 *   GET    /__mock/network     the stream network conditions in force and each stream's figures
 *   POST   /__mock/network     {latencyMs?, bitrateKbps?, dropPercent?, stall?}: change them now (over the script's)
 *   DELETE /__mock/network     back to the script's conditions
 *   POST   /__mock/record      {action: "start"|"stop"};  GET: what it holds;  GET /__mock/recording?name=: it as a
 *                               scenario (record-control.ts)
 *   GET    /__mock/session     the session's scenario, script, faults, sockets, clock
 *   GET    /__mock/sessions    the cap, how many sessions and evictions; the names of every session and of the newest
 *                               evicted only with --admin (otherwise the caller's own session alone)
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { HEADER, SOCKET_PATH } from '../../web/api/contract.ts';
import { ApiError } from '../http/envelope.ts';
import type { Fixtures } from '../fixtures/index.ts';
import { DURATION_MESSAGE_CODES, STREAM_EVENT_CODES, type DurationMessageCode, type StreamEventCode } from '../game/script.ts';
import { gameStateOf } from '../game/state.ts';
import { pushDurationMessage, pushStreamEvent, streamEventTargets } from '../game/timelines.ts';
import { depthMessage, jsonTextTooDeep, kib, MAX_PUSH_MESSAGE_BYTES, TooLargeError } from '../limits.ts';
import { sendJson } from '../http/reply.ts';
import { BodyTimeoutError, DEFAULT_BODY_IDLE_MS, discardRest, header, readBody } from '../http/body.ts';
import * as z from 'zod';
import { check, FieldError, int, isObj, optional, text } from '../validate.ts';
import { networkOf, parseNetwork } from '../stream/network.ts';
import { parseFault, type FaultSpec } from './faults.ts';
import { UnknownScenarioError, type ScenarioRegistry } from './index.ts';
import type { JournalKind } from '../sessions/journal.ts';
import { parseScenario } from './parse.ts';
import { recordRoutes } from './record-control.ts';
import { RecordingError } from '../sessions/recorder.ts';
import { ClockNotVirtualError } from '../sessions/clock.ts';
import { SessionLimitError, SessionNameError, type SessionRegistry } from '../sessions/registry.ts';
import { type MockSession } from '../sessions/session.ts';
import type { NetworkSummary, SessionSummary } from '../client/types.ts';
import { contentState, MAX_EVENTS } from '../content/state.ts';

export const CONTROL_PREFIX = '/__mock/';
/** Largest single clock advance: virtual time is for minutes and hours of play, not for replaying years of timers. */
export const MAX_ADVANCE_MS = 30 * 24 * 60 * 60 * 1000;
const JOURNAL_KINDS: readonly JournalKind[] = ['http', 'ws-in', 'ws-out', 'ws-open', 'ws-close'];
/** Socket kinds QA can push to: the SOCKET_PATH keys, mapped to the path the hub registers sockets under. */
const SOCKET_KINDS: Readonly<Record<string, string>> = Object.assign({ duration: 'duration', stream: 'stream' }, SOCKET_PATH);

export interface ControlOptions {
  sessions: SessionRegistry;
  scenarios: ScenarioRegistry;
  /** The fixtures the game flow reads (a pushed duration 200 carries the user's balance). */
  fixtures: Fixtures;
  log: (line: string) => void;
  /** A body upload that stalls this long is cut (default DEFAULT_BODY_IDLE_MS). */
  bodyIdleMs?: number;
  /** `GET /__mock/sessions` names every session (`--admin`); otherwise only the caller's own (names are what keeps sessions apart). */
  admin?: boolean;
  /** Told after every control call that changed a session (the console's live feed). */
  onChange?: (session: MockSession) => void;
}

const isStreamEventCode = (v: unknown): v is StreamEventCode => (STREAM_EVENT_CODES as readonly unknown[]).includes(v);
const isDurationMessageCode = (v: unknown): v is DurationMessageCode => (DURATION_MESSAGE_CODES as readonly unknown[]).includes(v);

/** POST /__mock/scenario: a named scenario or an inline one (checked by parseScenario), and whether to keep the state. */
const scenarioRequest = z.object({ keepState: optional(z.boolean()), name: optional(text({ max: 128 })), scenario: z.unknown().optional() });
/** POST /__mock/push: which sockets, and the message (any JSON). */
const pushRequest = z.object({ socket: text({ max: 64 }), message: z.unknown().optional() });
/** POST /__mock/clock: switch to virtual time and/or move it. */
const clockRequest = z.strictObject(
  { virtual: optional(z.boolean()), advanceMs: optional(int({ min: 0, max: MAX_ADVANCE_MS })) },
  { error: (iss) => (iss.code === 'unrecognized_keys' ? 'is not known: send {"virtual": true} and/or {"advanceMs": N}' : undefined) },
);

/**
 * A pushed message the game logic knows, sent through it so the server state
 * follows (a stream 43000/54001 ends the game session, as when scripted):
 * stream `{type: "event", code, msg?, sc_id?}`, duration `{code, event?, msg?}`
 * without `data` (a 200 gets the user's balance). Answers how many sockets got
 * it, or undefined for any other message (relayed as is).
 */
function pushThroughGame(o: ControlOptions, session: MockSession, kind: string, message: unknown): number | undefined {
  if (!isObj(message)) return undefined;
  const code = message['code'];
  const msg = typeof message['msg'] === 'string' ? message['msg'] : undefined;
  const state = gameStateOf({ session });
  if (kind === SOCKET_PATH.stream && message['type'] === 'event' && isStreamEventCode(code)) {
    const scId = typeof message['sc_id'] === 'string' ? message['sc_id'] : undefined;
    const sockets = streamEventTargets(state, scId).reduce((n, s) => n + s.streams.size, 0);
    pushStreamEvent(state, code, scId, msg);
    return sockets;
  }
  if (kind === SOCKET_PATH.duration && isDurationMessageCode(code) && !Object.hasOwn(message, 'data')) {
    const event = typeof message['event'] === 'number' ? message['event'] : undefined;
    return pushDurationMessage({ session, store: session.store, fixtures: o.fixtures }, state, {
      code,
      ...(event !== undefined ? { event } : {}),
      ...(msg !== undefined ? { msg } : {}),
    });
  }
  return undefined;
}

class ControlError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ControlError';
  }
}

const bad = (message: string): ControlError => new ControlError(400, message);

async function readJson(req: IncomingMessage, idleMs: number): Promise<unknown> {
  const body = await readBody(req, undefined, idleMs);
  if (!body.ok) throw new ControlError(413, 'Request body is larger than 1 MiB');
  if (body.text.trim() === '') return {};
  // Refused before parsing: a deep value is kept (a fault, a script) and breaks every later answer that serialises it.
  if (jsonTextTooDeep(body.text)) throw bad(depthMessage('The JSON body'));
  try {
    return JSON.parse(body.text) as unknown;
  } catch (err) {
    throw bad(`Malformed JSON body: ${err instanceof Error ? err.message : String(err)}`);
  }
}

async function readObject(req: IncomingMessage, idleMs: number): Promise<Record<string, unknown>> {
  const value = await readJson(req, idleMs);
  if (!isObj(value)) throw bad('The body must be a JSON object');
  return value;
}

export function clockState(s: MockSession): { virtual: boolean; now: number; pending: number } {
  return { virtual: s.clock.virtual, now: s.clock.now(), pending: s.clock.pending() };
}

export function sessionSummary(s: MockSession): SessionSummary {
  return {
    session: s.name,
    scenario: s.scenario,
    clock: clockState(s),
    script: s.script,
    faults: s.faults.list(),
    sockets: s.sockets.counts(),
    journal: { size: s.journal.size, bytes: s.journal.bytes, maxBytes: s.journal.maxBytes, dropped: s.journal.dropped },
    users: s.store.users.length,
  };
}

/** The conditions in force and what each game session's stream is doing (frames, drops, input, cost). */
export function networkSummary(session: MockSession): NetworkSummary {
  const state = gameStateOf({ session });
  const streams = [...state.sessions.values()]
    .filter((s) => s.game !== undefined)
    .map((s) => ({ sc_id: s.scId, status: s.status, level_config: s.level, ...s.game?.figures() }));
  return { session: session.name, network: networkOf(state), streams };
}

function faultsFrom(value: unknown): FaultSpec[] {
  if (Array.isArray(value)) return value.map((f, i) => parseFault(f, `[${i}]`));
  if (isObj(value) && Array.isArray(value['faults'])) return value['faults'].map((f: unknown, i) => parseFault(f, `faults[${i}]`));
  return [parseFault(value)];
}

function intQuery(query: URLSearchParams, key: string, min: number, max: number): number | undefined {
  const raw = query.get(key);
  if (raw === null || raw === '') return undefined;
  if (!/^\d{1,15}$/.test(raw) || Number(raw) < min || Number(raw) > max) throw bad(`Query "${key}" must be a whole number from ${min} to ${max}`);
  return Number(raw);
}

type Handler = (req: IncomingMessage, session: MockSession, query: URLSearchParams) => Promise<unknown> | unknown;

/** The `/__mock/` request handler. */
export function createControlApi(o: ControlOptions): (req: IncomingMessage, res: ServerResponse, pathname: string, query: URLSearchParams) => Promise<void> {
  const idleMs = o.bodyIdleMs ?? DEFAULT_BODY_IDLE_MS;
  const routes: Record<string, Partial<Record<'GET' | 'POST' | 'DELETE', Handler>>> = {
    scenarios: {
      GET: () => ({ scenarios: o.scenarios.list().map((s) => ({ name: s.name, description: s.description })) }),
    },
    scenario: {
      POST: async (req, session) => {
        const body = check(scenarioRequest, await readObject(req, idleMs));
        let scenario;
        if (body.scenario !== undefined && body.scenario !== null) {
          if (body.name !== undefined) throw bad('Send either "name" (a named scenario) or "scenario" (an inline one), not both');
          try {
            scenario = parseScenario(body.scenario);
          } catch (err) {
            if (err instanceof FieldError) {
              const message = `Invalid inline scenario: ${new FieldError(`scenario.${err.field}`, err.problem).message}`;
              throw err instanceof TooLargeError ? new ControlError(413, message) : bad(message);
            }
            throw err;
          }
        } else if (body.name !== undefined) {
          scenario = o.scenarios.get(body.name);
          if (!scenario) throw new ControlError(404, new UnknownScenarioError(body.name, o.scenarios.names()).message);
        } else {
          throw bad('Send {"name": "<scenario>"} or {"scenario": {...}}; GET /__mock/scenarios lists the names');
        }
        const keepRaw = body.keepState;
        session.apply(scenario, { keepState: keepRaw === true });
        o.log(`mock session ${session.name}: scenario ${scenario.name}${keepRaw === true ? ' (state kept)' : ''}`);
        return sessionSummary(session);
      },
    },
    reset: {
      POST: (_req, session) => {
        session.reset();
        o.log(`mock session ${session.name}: reset`);
        return sessionSummary(session);
      },
    },
    faults: {
      GET: (_req, session) => ({ session: session.name, faults: session.faults.list() }),
      POST: async (req, session) => {
        const specs = faultsFrom(await readJson(req, idleMs));
        session.faults.addAll(specs);
        return { session: session.name, added: specs.length, faults: session.faults.list() };
      },
      DELETE: (_req, session) => {
        const dropped = session.faults.size;
        session.faults.clear();
        return { session: session.name, dropped, faults: [] };
      },
    },
    push: {
      POST: async (req, session) => {
        const { socket, message } = check(pushRequest, await readObject(req, idleMs));
        const kind = Object.hasOwn(SOCKET_KINDS, socket) ? SOCKET_KINDS[socket] : undefined;
        if (kind === undefined) throw bad(`Field "socket" must be one of ${Object.keys(SOCKET_KINDS).map((k) => JSON.stringify(k)).join(', ')}`);
        if (message === undefined || message === null) throw bad('Missing field "message" (the JSON message to send)');
        const size = Buffer.byteLength(JSON.stringify(message) ?? '', 'utf8');
        if (size > MAX_PUSH_MESSAGE_BYTES) {
          throw new ControlError(413, `Field "message" is ${size} bytes as JSON; a pushed message may be at most ${MAX_PUSH_MESSAGE_BYTES} bytes (${kib(MAX_PUSH_MESSAGE_BYTES)})`);
        }
        const delivered = pushThroughGame(o, session, kind, message) ?? session.sockets.push(kind, message);
        return { session: session.name, socket, delivered };
      },
    },
    journal: {
      GET: (_req, session, query) => {
        const since = intQuery(query, 'since', 0, Number.MAX_SAFE_INTEGER) ?? 0;
        const limit = intQuery(query, 'limit', 1, session.journal.limit);
        const kindsRaw = query.get('kind');
        let kinds: Set<string> | undefined;
        if (kindsRaw !== null && kindsRaw !== '') {
          kinds = new Set(kindsRaw.split(','));
          for (const k of kinds) {
            if (!(JOURNAL_KINDS as readonly string[]).includes(k)) throw bad(`Query "kind" must be a comma list of ${JOURNAL_KINDS.join(', ')}; got "${k}"`);
          }
        }
        let entries = session.journal.entries(since);
        if (kinds) entries = entries.filter((e) => kinds.has(e.kind));
        if (limit !== undefined) entries = entries.slice(-limit);
        return {
          session: session.name,
          now: session.clock.now(),
          dropped: session.journal.dropped,
          bytes: session.journal.bytes,
          maxBytes: session.journal.maxBytes,
          entries,
        };
      },
    },
    events: {
      // The journal cuts bodies at 512 characters; a vitals batch is longer, so the reported events are read whole here.
      GET: (_req, session, query) => {
        const name = query.get('event');
        const limit = intQuery(query, 'limit', 1, MAX_EVENTS);
        let events = contentState(session).events.filter((e) => name === null || name === '' || e.event === name);
        if (limit !== undefined) events = events.slice(-limit);
        return { session: session.name, events };
      },
    },
    clock: {
      GET: (_req, session) => ({ session: session.name, ...clockState(session) }),
      POST: async (req, session) => {
        const { virtual, advanceMs: advance } = check(clockRequest, await readObject(req, idleMs));
        if (virtual === false && session.clock.virtual) throw bad('A virtual clock cannot go back to real time: POST /__mock/reset');
        if (virtual === undefined && advance === undefined) throw bad('Send {"virtual": true} and/or {"advanceMs": N}');
        if (virtual === true) session.clock.goVirtual();
        if (advance !== undefined) session.clock.advance(advance);
        return { session: session.name, ...clockState(session) };
      },
    },
    network: {
      GET: (_req, session) => networkSummary(session),
      POST: async (req, session) => {
        const patch = parseNetwork(await readObject(req, idleMs), 'body');
        const state = gameStateOf({ session });
        state.network = { ...state.network, ...patch };
        o.log(`mock session ${session.name}: network ${JSON.stringify(networkOf(state))}`);
        return networkSummary(session);
      },
      DELETE: (_req, session) => {
        gameStateOf({ session }).network = {};
        return networkSummary(session);
      },
    },
    session: {
      GET: (_req, session) => sessionSummary(session),
    },
    ...recordRoutes((req) => readObject(req, idleMs)),
    sessions: {
      GET: (_req, caller) => {
        const listed = o.admin === true ? o.sessions.list() : [caller];
        return {
          max: o.sessions.max,
          count: o.sessions.list().length,
          evicted: o.sessions.evicted,
          // Another session's name is the key to its journal and its controls: only the admin sees them.
          listing: o.admin === true ? 'all' : 'own',
          recentlyEvicted: o.admin === true ? o.sessions.recentEvictions() : o.sessions.recentEvictions().filter((e) => e.session === caller.name),
          journalBytes: o.sessions.journalBytes(),
          sessions: listed.map((s) => ({ session: s.name, scenario: s.scenario, virtual: s.clock.virtual, sockets: s.sockets.counts() })),
        };
      },
    },
  };

  return async (req, res, pathname, query) => {
    const method = req.method ?? 'GET';
    try {
      const name = pathname.slice(CONTROL_PREFIX.length).replace(/\/$/, '');
      const route = Object.hasOwn(routes, name) ? routes[name] : undefined;
      if (!route) throw new ControlError(404, `Unknown control path "${pathname.slice(0, 200)}": see GET /__mock/scenarios and docs/qa-guide.md`);
      const handler = method === 'GET' || method === 'POST' || method === 'DELETE' ? route[method] : undefined;
      if (!handler) {
        const allowed = Object.keys(route).join(', ');
        res.setHeader('allow', allowed);
        throw new ControlError(405, `Method ${method} is not allowed on ${CONTROL_PREFIX}${name}; use ${allowed}`);
      }
      const sessionName = query.get('session') ?? header(req, HEADER.mockSession);
      let session: MockSession;
      try {
        session = o.sessions.get(sessionName ?? undefined);
      } catch (err) {
        if (err instanceof SessionNameError) throw bad(err.message);
        if (err instanceof SessionLimitError) throw new ControlError(503, err.message);
        throw err;
      }
      const answer = await handler(req, session, query);
      if (method !== 'GET') o.onChange?.(session);
      sendJson(res, 200, answer);
    } catch (err) {
      // The stalled upload's connection is already gone.
      if (err instanceof BodyTimeoutError) return;
      // Let an unread upload drain (bounded) so the client can read the answer.
      if (!req.complete) discardRest(req);
      if (err instanceof ControlError) sendJson(res, err.status, { error: err.message });
      else if (err instanceof FieldError) sendJson(res, err instanceof TooLargeError ? err.status : 400, { error: err.message });
      else if (err instanceof ClockNotVirtualError || err instanceof ApiError) sendJson(res, 400, { error: err.message });
      else if (err instanceof RecordingError) sendJson(res, err.status, { error: err.message });
      else throw err;
    }
  };
}
