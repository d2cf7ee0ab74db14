/**
 * One API request on its way through the pipeline (api.ts), and the
 * envelope step every answer goes through, whoever made it (a route, a
 * refusal, a fault, a recorded answer): the network latency, a fault's
 * malformed cut, the journal line, the recording and the log line, in one
 * place, so a fault's answer is journalled, recorded and logged as a
 * route's is (docs/qa-guide.md "Faults", "Journal", "Record and replay").
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ApiEnvelope } from '../../web/api/contract.ts';
import type { Fixtures } from '../fixtures/index.ts';
import type { RouteMatch } from '../routes/index.ts';
import type { TakenFault } from '../scenarios/faults.ts';
import type { JournalInput } from '../sessions/journal.ts';
import type { SessionRegistry } from '../sessions/registry.ts';
import type { MockSession } from '../sessions/session.ts';
import { redactPath } from '../sessions/redact.ts';
import { recordAnswer } from '../sessions/recorder.ts';
import { isObj } from '../validate.ts';
import { JSON_TYPE, send, TEXT_TYPE } from './reply.ts';

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
  /** The journal entry so far: the steps add what they learn (the fault's kind, the replay, a signed body). */
  readonly journal: JournalInput;
  session?: MockSession;
  fault?: TakenFault;
}

/** An answer's body as sent: JSON text (with its envelope when the sender has it as a value) or plain text. */
export interface AnswerBody {
  text: string;
  json: boolean;
  envelope?: Pick<ApiEnvelope, 'code' | 'msg'>;
}

/** The URL for a log line: bounded, whatever the client sent. */
export const logUrl = (req: IncomingMessage): string => redactPath((req.url ?? '').slice(0, 200));

/** The envelope a JSON body is, if it is one (for the journal's and the log's code and msg). */
function envelopeOf(text: string): Pick<ApiEnvelope, 'code' | 'msg'> | undefined {
  try {
    const value = JSON.parse(text) as unknown;
    return isObj(value) && typeof value['code'] === 'number' && typeof value['msg'] === 'string' ? { code: value['code'], msg: value['msg'] } : undefined;
  } catch {
    return undefined;
  }
}

/** The envelope step for an envelope: answer `body`, after the network latency unless `now`. */
export function answer(o: ApiOptions, call: ApiCall, status: number, body: ApiEnvelope, extra: Record<string, string> = {}, now = false): Promise<void> {
  return answerBody(o, call, status, { text: JSON.stringify(body), json: true, envelope: body }, extra, now);
}

/** The envelope step for any body (undefined: none), after the network latency unless `now`. */
export async function answerBody(o: ApiOptions, call: ApiCall, status: number, body: AnswerBody | undefined, extra: Record<string, string> = {}, now = false): Promise<void> {
  if (!now && o.latencyMs > 0) await o.wait(o.latencyMs);
  let text = body?.text;
  // Cut after the envelope is read: the journal names what the answer would have been.
  const envelope = body?.json ? (body.envelope ?? envelopeOf(body.text)) : undefined;
  if (text !== undefined && call.fault?.malformed) text = text.slice(0, Math.max(1, Math.floor(text.length / 2)));
  send(call.res, status, text ?? '', body ? { 'content-type': body.json ? JSON_TYPE : TEXT_TYPE, ...extra } : extra);
  settle(o, call, status, text, envelope);
}

/** Destroy the connection without an answer (a drop fault, a recorded drop): journalled and recorded as status 0. */
export function dropConnection(o: ApiOptions, call: ApiCall): void {
  settle(o, call, 0, undefined, undefined);
  call.req.socket.destroy();
}

/** What every answer (and drop) leaves behind: the journal entry, the recorded answer and the log line. */
function settle(o: ApiOptions, call: ApiCall, status: number, text: string | undefined, envelope: Pick<ApiEnvelope, 'code' | 'msg'> | undefined): void {
  call.session?.journal.add({ ...call.journal, status, code: envelope?.code, msg: envelope?.msg });
  recordAnswer(call.session, call.method, call.pathname, status, text);
  const outcome = status === 0 ? 'dropped' : envelope ? `${status} ${envelope.code} ${envelope.msg}` : String(status);
  const fault = call.journal.fault !== undefined ? ` [fault ${call.journal.fault}]` : '';
  const replay = call.journal.replay === 'recorded' ? ' [replay]' : '';
  o.log(`${call.method} ${logUrl(call.req)} → ${outcome}${fault}${replay} (${Math.round(performance.now() - call.started)} ms)`);
}
