/**
 * The replay step of the API pipeline: in a session replaying a recorded
 * scenario (sessions/replay.ts), a call answers the next recorded answer
 * for its method and path; without one it goes on to the live mock,
 * journalled `replay: "not-recorded"`.
 */
import { wireText } from '../scenarios/recorded.ts';
import { recordAnswer } from '../sessions/recorder.ts';
import { NOT_RECORDED, replaySlot } from '../sessions/replay.ts';
import type { MockSession } from '../sessions/session.ts';
import { discardRest, readBody } from './body.ts';
import { logUrl, type ApiCall, type ApiOptions } from './call.ts';
import { envelopeOf } from './fault.ts';
import { JSON_TYPE, send, TEXT_TYPE } from './reply.ts';
import { verifySignature } from './signature.ts';

/** True when a recorded answer was given (or the recorded drop done); false when the request goes on. */
export async function answerReplayed(o: ApiOptions, call: ApiCall, session: MockSession): Promise<boolean> {
  const found = session.slot(replaySlot).take(call.method, call.pathname);
  if (found === undefined) return false;
  if (found === NOT_RECORDED) {
    call.journal.replay = NOT_RECORDED;
    o.log(`${call.method} ${logUrl(call.req)}: not in the recording, answered by the live mock`);
    return false;
  }
  call.journal.replay = 'recorded';
  // Journalled as the live pipeline journals it: only a signed body.
  const body = await readBody(call.req, undefined, o.bodyIdleMs);
  if (!body.ok) discardRest(call.req);
  else if (signed(call, body.text)) call.journal.bodyText = body.text;
  if (found.status === 0) {
    session.journal.add({ ...call.journal, status: 0 });
    recordAnswer(session, call.method, call.pathname, 0, undefined);
    o.log(`${call.method} ${logUrl(call.req)} → dropped [replay]`);
    call.req.socket.destroy();
    return true;
  }
  if (o.latencyMs > 0) await o.wait(o.latencyMs);
  const wire = found.body === undefined ? undefined : wireText(found.body);
  send(call.res, found.status, wire?.text ?? '', wire ? { 'content-type': wire.json ? JSON_TYPE : TEXT_TYPE } : {});
  const envelope = wire?.json ? envelopeOf(wire.text) : undefined;
  session.journal.add({ ...call.journal, status: found.status, code: envelope?.code, msg: envelope?.msg });
  recordAnswer(session, call.method, call.pathname, found.status, wire?.text);
  o.log(`${call.method} ${logUrl(call.req)} → ${found.status} [replay]`);
  return true;
}

function signed(call: ApiCall, text: string): boolean {
  try {
    verifySignature(call.req, text);
    return true;
  } catch {
    return false;
  }
}
