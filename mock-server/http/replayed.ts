/**
 * The replay step of the API pipeline: in a session replaying a recorded
 * scenario (sessions/replay.ts), a call answers the next recorded answer
 * for its method and path, through the envelope step (call.ts) like any
 * other answer; without one it goes on to the live mock, journalled
 * `replay: "not-recorded"`.
 */
import { wireText } from '../scenarios/recorded.ts';
import { NOT_RECORDED, replaySlot } from '../sessions/replay.ts';
import type { MockSession } from '../sessions/session.ts';
import { discardRest, readBody } from './body.ts';
import { answerBody, dropConnection, logUrl, type ApiCall, type ApiOptions } from './call.ts';
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
  if (found.status === 0) dropConnection(o, call);
  else await answerBody(o, call, found.status, found.body === undefined ? undefined : wireText(found.body));
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
