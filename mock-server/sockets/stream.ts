/**
 * The game stream socket the app's mock SDK plays against:
 * `<socketBase>stream?sc_id=…&mock_session=…` (stream_url of play 200).
 *
 * - Unknown or ended sc_id → closed at once with 4004. Connecting takes a
 *   ready queue seat, and ends a hang-up (the user is back).
 * - Progress (SPEC §4): `{type:"progress", value: 30|50|80|100, stage}` one
 *   every script.progress.stepMs (default 500 ms); none past `stallAt`.
 * - From 100: `{type:"frame", seq, t, hue, inputs, last_input}` every second,
 *   and the session's scripted stream events `{type:"event", code, msg}`
 *   (43000 and 54001 end the session and close this socket with 1000).
 * - Accepts `{type:"input", device, …}` (gamepad, keyboard, touch, mouse)
 *   and `{type:"heartbeat"}`; anything else answers `{type:"error"}`.
 * - When the last stream of a running session closes, the session hangs up
 *   for its hang-up minutes (or the SPEC §3 default) and then stops.
 *
 * Every timer is on the socket's mock-session clock.
 */
import type { IncomingMessage } from 'node:http';
import type { WebSocket } from 'ws';
import {
  SOCKET_CLOSE_UNKNOWN_SESSION,
  STREAM_FRAME_MS,
  STREAM_PROGRESS,
  STREAM_PROGRESS_STEP_MS,
  type StreamInputDevice,
  type StreamServerMessage,
} from '../../web/api/contract.ts';
import type { TimerId } from '../../web/core/clock.ts';
import { cancelHangUp, onStreamsGone } from '../game/hangup.ts';
import { takeSeat } from '../game/queue.ts';
import { gameStateOf, type GameContext, type StreamPeer } from '../game/state.ts';
import { startStreamTimeline } from '../game/timelines.ts';
import type { MockSession } from '../scenarios/session.ts';
import { isObj, type Obj } from '../validate.ts';
import type { GameSocketContext } from './duration.ts';
import { messageText, type SocketHandler } from './hub.ts';
import { peerOf } from './peer.ts';

const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const numbers = (v: unknown, max: number): boolean => Array.isArray(v) && v.length <= max && v.every(isNum);

/** The device of a well-formed input message, or what is wrong with it. */
export function inputDevice(msg: Obj): { device: StreamInputDevice } | { error: string } {
  switch (msg['device']) {
    case 'gamepad':
      return numbers(msg['buttons'], 17) && numbers(msg['axes'], 4)
        ? { device: 'gamepad' }
        : { error: 'gamepad input needs buttons (up to 17 numbers) and axes (up to 4 numbers)' };
    case 'keyboard':
      return typeof msg['key'] === 'string' && msg['key'].length <= 32 && typeof msg['down'] === 'boolean'
        ? { device: 'keyboard' }
        : { error: 'keyboard input needs key (a string) and down (true or false)' };
    case 'touch':
    case 'mouse': {
      const action = msg['action'];
      return isNum(msg['x']) && isNum(msg['y']) && (action === 'down' || action === 'move' || action === 'up')
        ? { device: msg['device'] }
        : { error: `${msg['device']} input needs x, y (numbers) and action ("down", "move" or "up")` };
    }
    default:
      return { error: 'input device must be "gamepad", "keyboard", "touch" or "mouse"' };
  }
}

export function createStreamSocket(ctx: GameSocketContext): SocketHandler {
  return {
    handle(ws: WebSocket, req: IncomingMessage, session: MockSession): void {
      const clock = session.clock;
      const game: GameContext = { session, store: session.store, fixtures: ctx.fixtures };
      const state = gameStateOf(game);
      const scId = new URL(req.url ?? '/', 'http://mock.invalid').searchParams.get('sc_id');
      const s = scId ? state.sessions.get(scId) : undefined;
      if (!s || s.status === 'stopped') {
        const why = !scId ? 'missing sc_id' : `unknown or ended game session ${scId}`;
        ctx.log(`stream socket refused: ${why}`);
        ws.close(SOCKET_CLOSE_UNKNOWN_SESSION, why.slice(0, 100));
        return;
      }
      if (s.status === 'seat') takeSeat(game, state, s);
      else cancelHangUp(state, s);

      const peer: StreamPeer = peerOf<StreamServerMessage>(ws);
      s.streams.add(peer);
      const timers: TimerId[] = [];
      let frames: TimerId | undefined;
      let seq = 0;
      let inputs = 0;
      let lastInput: StreamInputDevice | null = null;

      const progress = state.script.progress;
      const stepMs = progress?.stepMs ?? STREAM_PROGRESS_STEP_MS;
      STREAM_PROGRESS.forEach((p, i) => {
        if (progress?.stallAt !== undefined && p.value > progress.stallAt) return;
        timers.push(
          clock.setTimeout(() => {
            peer.send({ type: 'progress', value: p.value, stage: p.stage });
            if (p.value !== 100) return;
            frames = clock.setInterval(() => {
              seq += 1;
              peer.send({ type: 'frame', seq, t: clock.now(), hue: (seq * 15) % 360, inputs, last_input: lastInput });
            }, STREAM_FRAME_MS);
            startStreamTimeline(state, s);
          }, stepMs * (i + 1)),
        );
      });

      ws.on('message', (data) => {
        let msg: unknown;
        try {
          msg = JSON.parse(messageText(data)) as unknown;
        } catch {
          peer.send({ type: 'error', msg: 'Messages must be JSON objects like {"type":"input",...}' });
          return;
        }
        const type = isObj(msg) ? msg['type'] : undefined;
        if (type === 'heartbeat') {
          peer.send({ type: 'heartbeat', time: clock.now() });
        } else if (type === 'input' && isObj(msg)) {
          const got = inputDevice(msg);
          if ('error' in got) {
            peer.send({ type: 'error', msg: got.error });
            return;
          }
          inputs += 1;
          lastInput = got.device;
        } else {
          peer.send({ type: 'error', msg: `Unknown message type ${JSON.stringify(type ?? null)}` });
        }
      });

      let closed = false;
      const done = (): void => {
        if (closed) return;
        closed = true;
        for (const t of timers) clock.clearTimeout(t);
        clock.clearInterval(frames);
        s.streams.delete(peer);
        if (!state.disposed) onStreamsGone(state, s);
      };
      ws.on('close', done);
      ws.on('error', done);
    },
  };
}
