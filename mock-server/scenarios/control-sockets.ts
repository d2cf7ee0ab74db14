/**
 * The control API's handlers for what reaches the session's sockets
 * (docs/qa-guide.md §2): a pushed message, and the stream's network
 * conditions.
 */
import * as z from 'zod';
import { SOCKET_PATH } from '../../web/api/contract.ts';
import { DURATION_MESSAGE_CODES, STREAM_EVENT_CODES, type DurationMessageCode, type StreamEventCode } from '../game/script.ts';
import { gameStateOf } from '../game/state.ts';
import { pushDurationMessage, pushStreamEvent, streamEventTargets } from '../game/timelines.ts';
import { kib, MAX_PUSH_MESSAGE_BYTES } from '../limits.ts';
import type { MockSession } from '../sessions/session.ts';
import { networkOf, parseNetwork } from '../stream/network.ts';
import { check, isObj, text } from '../validate.ts';
import { bad, ControlError, type ControlHandler, type ControlOptions } from './control-call.ts';
import { networkSummary } from './control-summary.ts';

/** Socket kinds QA can push to: the SOCKET_PATH keys, mapped to the path the hub registers sockets under. */
const SOCKET_KINDS: Readonly<Record<string, string>> = Object.assign({ duration: 'duration', stream: 'stream' }, SOCKET_PATH);
/** POST /__mock/push: which sockets, and the message (any JSON). */
const pushRequest = z.object({ socket: text({ max: 64 }), message: z.unknown().optional() });

const isStreamEventCode = (v: unknown): v is StreamEventCode => (STREAM_EVENT_CODES as readonly unknown[]).includes(v);
const isDurationMessageCode = (v: unknown): v is DurationMessageCode => (DURATION_MESSAGE_CODES as readonly unknown[]).includes(v);

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

export const push: ControlHandler = async ({ session, options, object }) => {
  const { socket, message } = check(pushRequest, await object());
  const kind = Object.hasOwn(SOCKET_KINDS, socket) ? SOCKET_KINDS[socket] : undefined;
  if (kind === undefined) throw bad(`Field "socket" must be one of ${Object.keys(SOCKET_KINDS).map((k) => JSON.stringify(k)).join(', ')}`);
  if (message === undefined || message === null) throw bad('Missing field "message" (the JSON message to send)');
  const size = Buffer.byteLength(JSON.stringify(message) ?? '', 'utf8');
  if (size > MAX_PUSH_MESSAGE_BYTES) {
    throw new ControlError(413, `Field "message" is ${size} bytes as JSON; a pushed message may be at most ${MAX_PUSH_MESSAGE_BYTES} bytes (${kib(MAX_PUSH_MESSAGE_BYTES)})`);
  }
  const delivered = pushThroughGame(options, session, kind, message) ?? session.sockets.push(kind, message);
  return { session: session.name, socket, delivered };
};

export const readNetwork: ControlHandler = ({ session }) => networkSummary(session);

export const setNetwork: ControlHandler = async ({ session, options, object }) => {
  const patch = parseNetwork(await object(), 'body');
  const state = gameStateOf({ session });
  state.network = { ...state.network, ...patch };
  options.log(`mock session ${session.name}: network ${JSON.stringify(networkOf(state))}`);
  return networkSummary(session);
};

export const clearNetwork: ControlHandler = ({ session }) => {
  gameStateOf({ session }).network = {};
  return networkSummary(session);
};
