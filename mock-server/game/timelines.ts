/**
 * The scripted socket timelines (SPEC §4 "Stream events", "Duration socket
 * messages"): each fires once per mock session (stream events once per game
 * session), so a client that reconnects after a drop or a 43001 is not hit
 * by the same script again. Also the entry points for pushing a message now.
 */
import {
  DURATION_CODE,
  STREAM_EVENT,
  type DurationSocketMessage,
  type StreamEventCode,
} from '../../web/api/contract.ts';
import type { DurationMessageCode } from './script.ts';
import { userInfo } from './account.ts';
import { wordsIn, type WordsId } from '../http/words.ts';
import { scriptedText, type ScriptedMessage } from './scripted-message.ts';
import { stopSession } from './sessions.ts';
import type { DurationPeer, GameContext, GameState, PlaySession } from './state.ts';

export interface DurationScriptMessage {
  code: DurationMessageCode;
  event?: number;
  msg?: ScriptedMessage;
}

const STREAM_MESSAGES: Readonly<Record<StreamEventCode, string>> = {
  43000: 'The game has quit',
  43001: 'Stream interrupted, reconnecting',
  43100: 'Stream node changed, reconnecting',
  45001: 'No operation detected: the game will quit in 60 s',
  54001: 'The game session has ended',
};

/** The message one duration socket gets for a scripted or pushed code (200 carries that user's balance now). */
export function durationMessage(ctx: GameContext, peer: DurationPeer, m: DurationScriptMessage): DurationSocketMessage | undefined {
  // Worded in the language of the socket's handshake, the scenario's own text first.
  const say = (id: WordsId): string => scriptedText(m.msg, peer.language) ?? wordsIn(peer.language, id);
  switch (m.code) {
    case DURATION_CODE.balance: {
      const user = ctx.store.userByUid(peer.uid);
      return user ? { code: 200, msg: scriptedText(m.msg, peer.language) ?? 'success', data: userInfo(ctx, user) } : undefined;
    }
    case DURATION_CODE.timeout:
      return { code: 202, msg: say('durationTimeout') };
    case DURATION_CODE.relogin:
      return m.event === 1 ? { code: 408, msg: say('reloginRequired'), event: 1 } : { code: 408, msg: say('playingElsewhere'), event: 0 };
    case DURATION_CODE.serverError:
      return { code: 500, msg: say('gameServiceError') };
    case DURATION_CODE.kicked:
      return { code: 5001, msg: say('sessionStopped') };
  }
}

/** Send a duration message to every open duration socket of the session now; answers how many got it. */
export function pushDurationMessage(ctx: GameContext, state: GameState, m: DurationScriptMessage): number {
  let n = 0;
  for (const peer of state.durationPeers) {
    const msg = durationMessage(ctx, peer, m);
    if (msg) {
      peer.send(msg);
      n++;
    }
  }
  return n;
}

/** Started by the session's first duration socket: script.duration.messages at their atMs, and the drop at dropAtMs. */
export function startDurationTimeline(ctx: GameContext, state: GameState): void {
  if (state.durationTimeline !== null) return;
  const script = state.script.duration;
  const timers = (state.durationTimeline = [] as number[]);
  for (const m of script?.messages ?? []) timers.push(state.clock.setTimeout(() => pushDurationMessage(ctx, state, m), m.atMs));
  if (script?.dropAtMs !== undefined) {
    // Abrupt: no close frame, so the client sees 1006 and runs its reconnect (SPEC §8: 10 × 5 s).
    timers.push(state.clock.setTimeout(() => [...state.durationPeers].forEach((p) => p.terminate()), script.dropAtMs));
  }
}

/** Send a stream event to the session's stream sockets; 43000 and 54001 end the game session (SPEC §4). */
export function fireStreamEvent(state: GameState, s: PlaySession, code: StreamEventCode, msg: string = STREAM_MESSAGES[code]): void {
  for (const peer of s.streams) peer.send({ type: 'event', code, msg });
  if (code === STREAM_EVENT.quit || code === STREAM_EVENT.ended) stopSession(state, s, `stream event ${code}`);
}

/** The game sessions a pushed stream event goes to: one (sc_id) or every one with an open stream. */
export function streamEventTargets(state: GameState, scId?: string): PlaySession[] {
  return [...state.sessions.values()].filter((s) => s.streams.size > 0 && (scId === undefined || s.scId === scId));
}

/** Push a stream event now to one game session (sc_id) or to every one with an open stream; answers how many sessions got it. */
export function pushStreamEvent(state: GameState, code: StreamEventCode, scId?: string, msg?: string): number {
  const targets = streamEventTargets(state, scId);
  for (const s of targets) fireStreamEvent(state, s, code, msg);
  return targets.length;
}

/** Started when a game session first reaches 100 %: script.stream events at their atMs after that. */
export function startStreamTimeline(state: GameState, s: PlaySession): void {
  if (s.streamTimeline !== null) return;
  s.streamTimeline = (state.script.stream ?? []).map((e) => state.clock.setTimeout(() => fireStreamEvent(state, s, e.code), e.atMs));
}
