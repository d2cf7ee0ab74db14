/**
 * One API request on its way through the pipeline (api.ts), and the
 * envelope step every answer goes through: the network latency, a fault's
 * malformed cut, the journal line and the log line, in one place.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ApiEnvelope } from '../../web/api/contract.ts';
import type { Fixtures } from '../fixtures/index.ts';
import type { RouteMatch } from '../routes/index.ts';
import { faultKind, type TakenFault } from '../scenarios/faults.ts';
import type { JournalInput } from '../sessions/journal.ts';
import type { SessionRegistry } from '../sessions/registry.ts';
import type { MockSession } from '../sessions/session.ts';
import { redactPath } from '../sessions/redact.ts';
import { recordAnswer } from '../sessions/recorder.ts';
import { JSON_TYPE, send } from './reply.ts';

export interface ApiOptions {
  fixtures: Fixtures;
  sessions: SessionRegistry;
  findRoute: (apiPath: string) => RouteMatch | undefined;
  /** Mount paths with a trailing slash: the game base may sit inside the API base ("/api/game/" in "/api/"). */
  apiBase: string;
  gameBase: string;
  /** Added before every answer (--latency), on the app clock: it models the wire, not the session's time. */
  latencyMs: number;
  wait: (ms: number) => Promise<void>;
  bodyIdleMs: number;
  log: (line: string) => void;
}

/** One API request on its way through the pipeline. */
export interface ApiCall {
  readonly req: IncomingMessage;
  readonly res: ServerResponse;
  readonly method: string;
  readonly pathname: string;
  readonly query: URLSearchParams;
  /** Monotonic start, for the log line's duration. */
  readonly started: number;
  readonly journal: JournalInput;
  session?: MockSession;
  fault?: TakenFault;
}

/** The URL for a log line: bounded, whatever the client sent. */
export const logUrl = (req: IncomingMessage): string => redactPath((req.url ?? '').slice(0, 200));

/** The envelope step: answer `body`, after the network latency unless `now`. */
export async function answer(o: ApiOptions, call: ApiCall, status: number, body: ApiEnvelope, extra: Record<string, string> = {}, now = false): Promise<void> {
  if (!now && o.latencyMs > 0) await o.wait(o.latencyMs);
  let text = JSON.stringify(body);
  if (call.fault?.malformed) text = text.slice(0, Math.max(1, Math.floor(text.length / 2)));
  send(call.res, status, text, { 'content-type': JSON_TYPE, ...extra });
  call.session?.journal.add({ ...call.journal, status, code: body.code, msg: body.msg });
  recordAnswer(call.session, call.method, call.pathname, status, text);
  const fault = call.fault ? ` [fault ${faultKind(call.fault)}]` : '';
  o.log(`${call.method} ${logUrl(call.req)} → ${status} ${body.code} ${body.msg}${fault} (${Math.round(performance.now() - call.started)} ms)`);
}
