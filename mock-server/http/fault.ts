/**
 * The faults step of the API pipeline: a fault QA queued for this request
 * waits on the session clock, then drops the connection, or answers its own
 * status and body instead of the route, or (delay or malformed alone) lets
 * the request go on.
 */
import { BODY_CODE, type ApiEnvelope } from '../../web/api/contract.ts';
import { faultKind, type TakenFault } from '../scenarios/faults.ts';
import type { MockSession } from '../sessions/session.ts';
import { recordAnswer } from '../sessions/recorder.ts';
import { isObj } from '../validate.ts';
import { discardRest } from './body.ts';
import { logUrl, type ApiCall, type ApiOptions } from './call.ts';
import { JSON_TYPE, send, TEXT_TYPE } from './reply.ts';

/** The envelope a fault's JSON body is, if it is one (for the journal's code and msg). */
export function envelopeOf(text: string): ApiEnvelope | undefined {
  try {
    const value = JSON.parse(text) as unknown;
    return isObj(value) && typeof value['code'] === 'number' && typeof value['msg'] === 'string' ? (value as unknown as ApiEnvelope) : undefined;
  } catch {
    return undefined;
  }
}

/** Act out `fault`; true when it answered (or dropped) the request, false when the request goes on. */
export async function answerFault(o: ApiOptions, call: ApiCall, session: MockSession, fault: TakenFault): Promise<boolean> {
  const kind = faultKind(fault);
  call.journal.fault = kind;
  if (fault.delayMs !== undefined && fault.delayMs > 0) await session.wait(fault.delayMs);
  if (fault.drop) {
    session.journal.add({ ...call.journal, status: 0 });
    recordAnswer(session, call.method, call.pathname, 0, undefined);
    o.log(`${call.method} ${logUrl(call.req)} → dropped [fault ${kind}]`);
    call.req.socket.destroy();
    return true;
  }
  if (fault.status === undefined && fault.body === undefined) return false;
  discardRest(call.req);
  if (o.latencyMs > 0) await o.wait(o.latencyMs);
  const status = fault.status ?? 200;
  const body = fault.body ?? {
    text: JSON.stringify({ code: status >= 500 ? BODY_CODE.serverError : BODY_CODE.failed, msg: `Mock fault: HTTP ${status}`, data: null }),
    json: true,
  };
  const text = fault.malformed ? body.text.slice(0, Math.max(1, Math.floor(body.text.length / 2))) : body.text;
  send(call.res, status, text, { 'content-type': body.json ? JSON_TYPE : TEXT_TYPE });
  const envelope = body.json ? envelopeOf(body.text) : undefined;
  session.journal.add({ ...call.journal, status, code: envelope?.code, msg: envelope?.msg });
  recordAnswer(session, call.method, call.pathname, status, text);
  o.log(`${call.method} ${logUrl(call.req)} → ${status} [fault ${kind}]`);
  return true;
}
