/**
 * The game stream socket the app's SDK plays against:
 * `<socketBase>stream?sc_id=…&mock_session=…` (stream_url of play 200).
 *
 * - Unknown or ended sc_id → closed at once with 4004. Connecting takes a
 *   ready queue seat, and ends a hang-up (the user is back).
 * - First message: `{type:"hello", transport, level_config}`.
 * - `webrtc` transport (the default): the socket carries WebRTC signalling
 *   (`{type:"rtc", kind:"offer"|"answer"|"candidate"}`); the session's game
 *   streams as a video track, input comes up the data channel, and a frame
 *   report per frame (and rumble) comes down this socket (rtc-peer.ts says
 *   why not the channel). `script.progress.stallAt` stalls the real step
 *   (rtc-peer.ts). The client reports progress from what it sees.
 * - `socket` transport (`video: false`): progress `{type:"progress", value}`
 *   every script.progress.stepMs (none past `stallAt`; 100 waits out a network
 *   stall), then a status frame `{type:"frame", …}` a second (none while
 *   stalled); input comes on the socket.
 * - Both: the session's scripted stream events `{type:"event", code, msg}`
 *   from the stream's start (43000 and 54001 end the session and close this
 *   socket with 1000); 45001 after `idleAfterMs` without input.
 * - Accepts `{type:"input", seq, device, …}` and `{type:"heartbeat"}`;
 *   anything else answers `{type:"error"}`.
 * - When the last stream of a running session closes, the session hangs up
 *   for its hang-up minutes (or the SPEC §3 default) and then stops.
 *
 * Scripted timers are on the socket's mock-session clock; the game loop and
 * the video on the real frame clock (game-stream.ts).
 */
import type { IncomingMessage } from 'node:http';
import type { WebSocket } from 'ws';
import {
  SOCKET_CLOSE_UNKNOWN_SESSION,
  STREAM_PROGRESS,
  type StreamInputDevice,
  type StreamInputMessage,
  type StreamRtcMessage,
  type StreamServerMessage,
  type StreamTransport,
} from '../../web/api/contract.ts';
import { STREAM_FRAME_MS } from '../limits.ts';
import type { Clock, TimerId } from '../../web/core/clock.ts';
import { findGameByKey } from '../content/catalogue.ts';
import { cancelHangUp, onStreamsGone } from '../game/hangup.ts';
import { armIdle, disarmIdle } from '../game/idle.ts';
import { takeSeat } from '../game/queue.ts';
import { gameStateOf, type GameContext, type GameState, type PlaySession, type StreamPeer } from '../game/state.ts';
import { startStreamTimeline } from '../game/timelines.ts';
import type { MockSession } from '../sessions/session.ts';
import type { GameHandle, PeerHandle, StreamEngine } from '../stream/engine.ts';
import { gameKindFor } from '../stream/games/index.ts';
import { parseInput } from '../stream/input.ts';
import { networkOf } from '../stream/network.ts';
import { isObj, type Obj } from '../validate.ts';
import type { GameSocketContext } from './duration.ts';
import { messageText, type SocketHandler } from './handler.ts';
import { peerOf } from './peer.ts';
import { sessionFixtures } from '../sessions/db-fixtures.ts';
import { localizedFixtures } from '../sessions/db-localized.ts';
import { contentLanguage } from '../http/language.ts';
import type { ContentLanguage } from '../languages.ts';
import { hasCjkFont } from '../stream/native.ts';
import type { Fixtures } from '../fixtures/index.ts';

/** Frame reports are skipped while this much is queued on the socket. */
const MAX_REPORT_BUFFER = 256 * 1024;

export interface StreamSocketContext extends GameSocketContext {
  /** WebRTC video unless a scenario says `video: false` (default true). */
  video: boolean;
  /** Real time for the socket transport's status frames. */
  frameClock: Clock;
  /** Where the games and their WebRTC peers run (stream/engine.ts). */
  engine: StreamEngine;
  /** No input this long while streaming sends 45001 (0: never), unless the scenario says otherwise. */
  idleAfterMs: number;
  /** Between the socket transport's progress steps, unless the scenario says otherwise. */
  progressStepMs: number;
}

/**
 * The language the stream draws in: the app's (`lang` on the socket URL), else the browser's handshake
 * Accept-Language; English when no font can draw Chinese.
 */
function streamLanguage(req: IncomingMessage, url: URL): ContentLanguage {
  const language = contentLanguage(url.searchParams.get('lang') ?? req.headers['accept-language']);
  return language === 'en' || hasCjkFont() ? language : 'en';
}

function streamGameOf(ctx: StreamSocketContext, fixtures: Fixtures, state: GameState, s: PlaySession, language: ContentLanguage): GameHandle {
  if (s.game) return s.game;
  const fixture = findGameByKey(localizedFixtures(fixtures, ctx.fixtures, language), s.gameKey);
  const tags = ctx.fixtures.content.catalogue.tags;
  const tagNames = (fixture?.tag_ids ?? []).map((id) => tags.find((t) => t.id === id)?.name ?? '');
  const game = ctx.engine.game({
    kind: gameKindFor(tagNames),
    title: fixture?.title ?? s.gameKey,
    language,
    seed: Number(s.scId.replace(/\D/g, '').slice(-9)) || 1,
    level: () => s.level,
    network: () => networkOf(state),
    ended: (why) => {
      // Its streams are lost with it (each socket closes 1011, saying why); a reconnect makes a new game.
      if (s.game === game) s.game = undefined;
      ctx.log(`stream: the game of ${s.scId} ended with its process: ${why}`);
    },
    log: ctx.log,
  });
  s.game = game;
  return game;
}

export function createStreamSocket(ctx: StreamSocketContext): SocketHandler {
  return {
    handle(ws: WebSocket, req: IncomingMessage, session: MockSession): void {
      const clock = session.clock;
      const game: GameContext = { session, store: session.store, fixtures: sessionFixtures(session, ctx.fixtures) };
      const state = gameStateOf(game);
      const url = new URL(req.url ?? '/', 'http://mock.invalid');
      const scId = url.searchParams.get('sc_id');
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
      const script = state.script;
      const transport: StreamTransport = (script.video ?? ctx.video) ? 'webrtc' : 'socket';
      const idleAfterMs = script.idleAfterMs ?? ctx.idleAfterMs;
      const timers: TimerId[] = [];
      let statusFrames: TimerId | undefined;
      let rtc: PeerHandle | null = null;
      // Socket transport: the status frame's counters (the WebRTC game keeps its own).
      let frame = 0;
      let inputs = 0;
      let inputSeq = 0;
      let lastInput: StreamInputDevice | null = null;

      peer.send({ type: 'hello', transport, level_config: s.level });

      /** The stream is up: scripted events start (once per session) and idleness is watched. */
      const live = (): void => {
        startStreamTimeline(state, s);
        armIdle(state, s, idleAfterMs);
      };

      if (transport === 'socket') {
        const progress = script.progress;
        const stepMs = progress?.stepMs ?? ctx.progressStepMs;
        STREAM_PROGRESS.forEach((p, i) => {
          if (progress?.stallAt !== undefined && p.value > progress.stallAt) return;
          const step = (): void => {
            // As the WebRTC stream waits for its first frame: while the network is stalled nothing is received, so
            // 100 (stream received) and the status frames wait for the stall to end.
            if (p.value === 100 && networkOf(state).stall) {
              timers.push(clock.setTimeout(step, stepMs));
              return;
            }
            peer.send({ type: 'progress', value: p.value, stage: p.stage });
            if (p.value !== 100) return;
            statusFrames = clock.setInterval(() => {
              if (networkOf(state).stall) return;
              frame += 1;
              peer.send({ type: 'frame', frame, input_seq: inputSeq, t: ctx.frameClock.now(), inputs, last_input: lastInput, game: null });
            }, STREAM_FRAME_MS);
            live();
          };
          timers.push(clock.setTimeout(step, stepMs * (i + 1)));
        });
      } else {
        const stream = streamGameOf(ctx, game.fixtures, state, s, streamLanguage(req, url));
        const stallAt = script.progress?.stallAt;
        rtc = ctx.engine.peer(stream, {
          signal: (m) => peer.send(m),
          message: (text) => onMessage(text, 'channel'),
          inputApplied: () => {
            if (s.status === 'running') armIdle(state, s, idleAfterMs);
          },
          report: (m) => {
            // Frame reports wait while the client reads slowly (its memory is not ours to grow); a rumble always goes.
            if (m.type === 'vibrate' || ws.bufferedAmount < MAX_REPORT_BUFFER) peer.send(m);
          },
          connected: live,
          lost: (why) => peer.close(1011, why),
          ...(stallAt !== undefined ? { stallAt } : {}),
          log: ctx.log,
        });
      }

      function onInput(input: StreamInputMessage): void {
        if (s && s.status === 'running') armIdle(state, s, idleAfterMs);
        if (transport === 'socket') {
          inputs += 1;
          inputSeq = Math.max(inputSeq, input.seq);
          lastInput = input.device;
        } else {
          s?.game?.input(input);
        }
      }

      function onMessage(text: string, from: 'socket' | 'channel'): void {
        let msg: unknown;
        try {
          msg = JSON.parse(text) as unknown;
        } catch {
          peer.send({ type: 'error', msg: 'Messages must be JSON objects like {"type":"input",...}' });
          return;
        }
        const type = isObj(msg) ? msg['type'] : undefined;
        if (type === 'heartbeat' && from === 'socket') {
          peer.send({ type: 'heartbeat', time: clock.now() });
        } else if (type === 'input' && isObj(msg)) {
          const got = parseInput(msg);
          if ('error' in got) peer.send({ type: 'error', msg: got.error });
          else onInput(got.input);
        } else if (type === 'rtc' && isObj(msg) && from === 'socket') {
          const signal = rtcSignal(msg);
          if (!signal) peer.send({ type: 'error', msg: 'rtc messages are {"type":"rtc","kind":"offer","sdp":"…"} or {"type":"rtc","kind":"candidate","candidate":{…}|null}' });
          else if (!rtc) peer.send({ type: 'error', msg: 'This stream has no video (socket transport): rtc messages are not used' });
          else rtc.signal(signal);
        } else {
          peer.send({ type: 'error', msg: `Unknown message type ${JSON.stringify(type ?? null)}` });
        }
      }

      ws.on('message', (data) => onMessage(messageText(data), 'socket'));

      let closed = false;
      const done = (): void => {
        if (closed) return;
        closed = true;
        for (const t of timers) clock.clearTimeout(t);
        clock.clearInterval(statusFrames);
        rtc?.close();
        s.streams.delete(peer);
        if (s.streams.size === 0) disarmIdle(state, s);
        if (!state.disposed) onStreamsGone(state, s);
      };
      ws.on('close', done);
      ws.on('error', done);
    },
  };
}

/** A well-formed signalling message, or null. */
function rtcSignal(msg: Obj): StreamRtcMessage | null {
  const kind = msg['kind'];
  if ((kind === 'offer' || kind === 'answer') && typeof msg['sdp'] === 'string' && msg['sdp'].length <= 64 * 1024) {
    return { type: 'rtc', kind, sdp: msg['sdp'] };
  }
  if (kind !== 'candidate') return null;
  const c = msg['candidate'];
  if (c === null) return { type: 'rtc', kind, candidate: null };
  if (!isObj(c) || typeof c['candidate'] !== 'string' || c['candidate'].length > 1024) return null;
  const mid = c['sdpMid'];
  const line = c['sdpMLineIndex'];
  return {
    type: 'rtc',
    kind,
    candidate: {
      candidate: c['candidate'],
      ...(typeof mid === 'string' || mid === null ? { sdpMid: mid } : {}),
      ...(typeof line === 'number' || line === null ? { sdpMLineIndex: line } : {}),
    },
  };
}
