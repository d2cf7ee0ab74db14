/**
 * The faults step of the API pipeline: a fault QA queued for this request
 * waits on the session clock, then drops the connection, or answers its own
 * status and body instead of the route, or (delay or malformed alone) lets
 * the request go on. Whatever it answers goes through the envelope step
 * (call.ts), as a route's answer does: latency, the malformed cut, the
 * journal, the recording and the log line are applied there alone.
 */
import { BODY_CODE } from '../../web/api/contract.ts';
import { faultKind, type TakenFault } from '../scenarios/faults.ts';
import type { MockSession } from '../sessions/session.ts';
import { discardRest } from './body.ts';
import { answer, answerBody, dropConnection, type ApiCall, type ApiOptions } from './call.ts';

/** Act out `fault`; true when it answered (or dropped) the request, false when the request goes on. */
export async function answerFault(o: ApiOptions, call: ApiCall, session: MockSession, fault: TakenFault): Promise<boolean> {
  call.journal.fault = faultKind(fault);
  if (fault.delayMs !== undefined && fault.delayMs > 0) await session.wait(fault.delayMs);
  if (fault.drop) {
    dropConnection(o, call);
    return true;
  }
  if (fault.status === undefined && fault.body === undefined) return false;
  // The fault answers before the request is read (docs/qa-guide.md "Faults"): let the upload drain.
  discardRest(call.req);
  const status = fault.status ?? 200;
  if (fault.body) await answerBody(o, call, status, fault.body);
  else await answer(o, call, status, { code: status >= 500 ? BODY_CODE.serverError : BODY_CODE.failed, msg: `Mock fault: HTTP ${status}`, data: null });
  return true;
}
