/**
 * The game duration socket (SPEC §4 "Duration socket messages", §7, §8, §9):
 * `<socketBase>duration?jtoken=…&version_code=103&mock_session=…`.
 *
 * - The jtoken from generate_token authorises it; missing, unknown or
 *   expired → closed at once with 4003.
 * - `{"type":"heartbeat"}` → `{"type":"heartbeat","time":ms}`; closed with
 *   4001 when no message arrived for SOCKET_HEARTBEAT_TIMEOUT_MS.
 * - Every minute a game session of the user runs, it is charged and this
 *   socket gets `{code: 200, msg, data: UserInfo}` (game/sessions.ts).
 * - The script's messages (202, 408 with event, 500, 5001, 200) and the
 *   abrupt drop run on a timeline from the session's first connection
 *   (game/timelines.ts).
 *
 * Every timer is on the socket's mock-session clock.
 */
import type { IncomingMessage } from 'node:http';
import type { WebSocket } from 'ws';
import {
  SOCKET_CLOSE_HEARTBEAT_TIMEOUT,
  SOCKET_CLOSE_INVALID_JTOKEN,
  SOCKET_HEARTBEAT_TIMEOUT_MS,
  type DurationSocketMessage,
  type SocketErrorMessage,
  type SocketHeartbeatReply,
} from '../../web/api/contract.ts';
import type { TimerId } from '../../web/core/clock.ts';
import type { Fixtures } from '../fixtures/index.ts';
import { gameStateOf, type DurationPeer, type GameContext } from '../game/state.ts';
import { startDurationTimeline } from '../game/timelines.ts';
import type { MockSession } from '../sessions/session.ts';
import { isObj } from '../validate.ts';
import { messageText, type SocketContext, type SocketHandler } from './handler.ts';
import { peerOf } from './peer.ts';
import { sessionFixtures } from '../sessions/db-fixtures.ts';
import { contentLanguage } from '../http/language.ts';

export interface GameSocketContext extends SocketContext {
  fixtures: Fixtures;
}

export function createDurationSocket(ctx: GameSocketContext): SocketHandler {
  return {
    handle(ws: WebSocket, req: IncomingMessage, session: MockSession): void {
      // Timers follow the socket's mock session (virtual once QA switched it).
      const clock = session.clock;
      const game: GameContext = { session, store: session.store, fixtures: sessionFixtures(session, ctx.fixtures) };
      const state = gameStateOf(game);
      const jtoken = new URL(req.url ?? '/', 'http://mock.invalid').searchParams.get('jtoken');
      const grant = jtoken ? state.jtokens.get(jtoken) : undefined;
      if (!grant || grant.expiresAt <= clock.now()) {
        const why = !jtoken ? 'missing jtoken' : grant ? 'expired jtoken' : 'invalid jtoken';
        ctx.log(`duration socket refused: ${why}`);
        ws.close(SOCKET_CLOSE_INVALID_JTOKEN, why);
        return;
      }

      const language = contentLanguage(req.headers['accept-language']);
      const peer: DurationPeer = { ...peerOf<DurationSocketMessage>(ws), uid: grant.uid, gameId: grant.gameId, language };
      const reply = (msg: SocketHeartbeatReply | SocketErrorMessage): void => {
        if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(msg));
      };
      let timer: TimerId | undefined;
      const arm = (): void => {
        clock.clearTimeout(timer);
        timer = clock.setTimeout(() => {
          timer = undefined;
          ctx.log(`duration socket: no message for ${SOCKET_HEARTBEAT_TIMEOUT_MS} ms, closing with ${SOCKET_CLOSE_HEARTBEAT_TIMEOUT}`);
          ws.close(SOCKET_CLOSE_HEARTBEAT_TIMEOUT, 'heartbeat timeout');
        }, SOCKET_HEARTBEAT_TIMEOUT_MS);
      };
      const done = (): void => {
        clock.clearTimeout(timer);
        state.durationPeers.delete(peer);
      };
      arm();
      state.durationPeers.add(peer);
      startDurationTimeline(game, state);

      ws.on('message', (data) => {
        // Any message proves the client is alive.
        arm();
        let msg: unknown;
        try {
          msg = JSON.parse(messageText(data)) as unknown;
        } catch {
          reply({ type: 'error', msg: 'Messages must be JSON objects like {"type":"heartbeat"}' });
          return;
        }
        const type = isObj(msg) ? msg['type'] : undefined;
        if (type === 'heartbeat') reply({ type: 'heartbeat', time: clock.now() });
        else reply({ type: 'error', msg: `Unknown message type ${JSON.stringify(type ?? null)}` });
      });
      ws.on('close', done);
      ws.on('error', done);
    },
  };
}
