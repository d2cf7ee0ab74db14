/**
 * The control API's recording handlers (docs/qa-guide.md "Record and replay"):
 *
 *   POST /__mock/record      {action: "start" | "stop"}: record the caller's session (start drops an earlier recording)
 *   GET  /__mock/record      whether recording, what it holds, and the session's replay (answers left, fall-throughs)
 *   GET  /__mock/recording   ?name=NAME: the recording as a scenario file (save it as fixtures/scenarios/NAME.json,
 *                            or send it back as POST /__mock/scenario {scenario})
 *
 * A reset, or applying a scenario without keepState, drops the recording with the rest of the session's state.
 */
import * as z from 'zod';
import { RecordingError, recorderSlot } from '../sessions/recorder.ts';
import { replaySlot } from '../sessions/replay.ts';
import type { MockSession } from '../sessions/session.ts';
import { check, oneOf } from '../validate.ts';
import type { ControlHandler } from './control-call.ts';
import { SCENARIO_NAME } from './parse.ts';

const recordRequest = z.strictObject(
  { action: oneOf(['start', 'stop']) },
  { error: (iss) => (iss.code === 'unrecognized_keys' ? 'is not known: send {"action": "start"} or {"action": "stop"}' : undefined) },
);

function status(session: MockSession): Record<string, unknown> {
  return { ...session.slot(recorderSlot).status(), replay: session.slot(replaySlot).status() };
}

export const readRecorder: ControlHandler = ({ session }) => status(session);

export const startOrStopRecorder: ControlHandler = async ({ session, object }) => {
  const { action } = check(recordRequest, await object());
  const recorder = session.slot(recorderSlot);
  if (action === 'start') recorder.start();
  else recorder.stop();
  return status(session);
};

export const readRecording: ControlHandler = ({ session, query }) => {
  const name = query.get('name') ?? 'recording';
  if (!SCENARIO_NAME.test(name)) throw new RecordingError(400, 'Query "name" must be lower-case letters, digits and dashes, at most 64 characters (the file name to save it under)');
  if (name === 'default') throw new RecordingError(400, 'Query "name" cannot be "default": that scenario is built in');
  return session.slot(recorderSlot).scenario(name);
};
