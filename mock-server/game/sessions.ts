/**
 * Game sessions (sc_id): start, look up (including the scripted ones of
 * script.sessions), bill, stop, and the answers that describe them
 * (play 200, user_sc_list rows). SPEC §3 game session variables, §4.
 */
import { createHash } from 'node:crypto';
import {
  CLARITY_LIST,
  SOCKET_PATH,
  type DisplayGrade,
  type LevelConfig,
  type PlayStartInfo,
  type UserInfo,
  type UserSession,
} from '../../web/api/contract.ts';
import { DEFAULT_CHARGE_PER_MINUTE } from '../limits.ts';
import type { UserRecord } from '../sessions/store.ts';
import { charge, isMember, userInfo, canUseBluray } from './account.ts';
import { gameMeta, type GameContext, type GameState, type PlaySession, type SessionStatus } from './state.ts';

const MINUTE_MS = 60_000;

/**
 * What each clarity streams (docs/decisions/0005-webrtc-stream.md): real picture sizes and encoder caps, 60 fps. Chosen for
 * what a 2-core mock sustains (draw, convert and VP8-encode; BENCHMARKS.md "stream"): blu-ray may drop frames there.
 */
export const LEVELS: Readonly<Record<DisplayGrade, LevelConfig>> = {
  6: { display_grade: 6, name: 'standard', width: 640, height: 360, fps: 60, bitrate: 1500 },
  8: { display_grade: 8, name: 'hd', width: 960, height: 540, fps: 60, bitrate: 3000 },
  9: { display_grade: 9, name: 'ultra', width: 1280, height: 720, fps: 60, bitrate: 5000 },
  10: { display_grade: 10, name: 'bluray', width: 1920, height: 1080, fps: 60, bitrate: 8000 },
};

/** The clarity a new session starts with: definition_default_conf by membership, never a blu-ray the user may not use. */
export function defaultGrade(ctx: GameContext, info: UserInfo): DisplayGrade {
  const conf = ctx.fixtures.systemInfo.definition_default_conf;
  const grade = CLARITY_LIST[isMember(info) ? conf.vip_user_default : conf.normal_user_default] ?? 6;
  return grade === 10 && !canUseBluray(ctx, info) ? 9 : grade;
}

/** The user's stable id at a manufacturer. */
export function openIdFor(uid: number, manufacturer: string): string {
  return createHash('sha256').update(`${manufacturer}:${uid}`).digest('hex').slice(0, 32);
}

export function streamUrl(scId: string): string {
  return `${SOCKET_PATH.stream}?sc_id=${encodeURIComponent(scId)}`;
}

export const seconds = (ms: number): number => Math.floor(ms / 1000);

export interface NewSession {
  gameKey: string;
  manufacturer: string;
  openId: string;
  status: Extract<SessionStatus, 'seat' | 'running'>;
  queueId?: string;
}

/** Records a session and starts billing it when it runs. */
function addSession(ctx: GameContext, state: GameState, user: UserRecord, scId: string, n: NewSession & { reconnectable: boolean }): PlaySession {
  const s: PlaySession = {
    scId,
    uid: user.uid,
    gameKey: n.gameKey,
    gameId: gameMeta(ctx, n.gameKey).gameId,
    manufacturer: n.manufacturer,
    openId: n.openId,
    status: n.status,
    reconnectable: n.reconnectable,
    queueId: n.queueId,
    startedAt: state.clock.now(),
    level: LEVELS[defaultGrade(ctx, userInfo(ctx, user))],
    hangUpMinutes: 0,
    hangUpEndsAt: 0,
    hangUpTimer: undefined,
    seatTimer: undefined,
    billingTimer: undefined,
    streamTimeline: null,
    streams: new Set(),
    game: undefined,
    idleTimer: undefined,
  };
  state.sessions.set(scId, s);
  if (n.status === 'running') startBilling(ctx, state, s);
  return s;
}

export function startSession(ctx: GameContext, state: GameState, user: UserRecord, n: NewSession): PlaySession {
  return addSession(ctx, state, user, String(++state.seq.sc), { ...n, reconnectable: true });
}

/** A running session charges its owner every minute of session time and tells their duration sockets (SPEC §4 "200"). */
export function startBilling(ctx: GameContext, state: GameState, s: PlaySession): void {
  if (s.billingTimer !== undefined) return;
  s.billingTimer = state.clock.setInterval(() => {
    const user = ctx.store.userByUid(s.uid);
    if (!user) return;
    const left = charge(user, state.script.duration?.chargePerMinute ?? DEFAULT_CHARGE_PER_MINUTE);
    const data = userInfo(ctx, user);
    for (const peer of state.durationPeers) if (peer.uid === s.uid) peer.send({ code: 200, msg: 'success', data });
    // Out of play time: the cloud ends every session of the user (the app quits on duration_coin 0).
    if (left === 0) for (const other of liveSessionsOf(state, s.uid)) stopSession(state, other, 'out of play time');
  }, MINUTE_MS);
}

/** Sessions of `uid` holding a machine: running, hanging up or waiting on a seat. */
export function liveSessionsOf(state: GameState, uid: number): PlaySession[] {
  return [...state.sessions.values()].filter((s) => s.uid === uid && s.status !== 'stopped');
}

/**
 * The user's session `scId`, or undefined. A not-yet-touched scripted session
 * (script.sessions) becomes a real running session of this user here.
 */
export function findSession(ctx: GameContext, state: GameState, user: UserRecord, scId: string): PlaySession | undefined {
  const real = state.sessions.get(scId);
  if (real) return real.uid === user.uid && real.status !== 'stopped' ? real : undefined;
  if (state.scriptedTaken.has(scId)) return undefined;
  const scripted = state.script.sessions?.find((x) => x.sc_id === scId);
  if (!scripted) return undefined;
  state.scriptedTaken.add(scId);
  const manufacturer = '';
  return addSession(ctx, state, user, scId, {
    gameKey: scripted.game_key,
    manufacturer,
    openId: openIdFor(user.uid, manufacturer),
    status: 'running',
    reconnectable: scripted.type === 'able_recon',
  });
}

/** End a session: timers cleared, its stream sockets closed (1000). Returns the seconds it ran. */
export function stopSession(state: GameState, s: PlaySession, reason: string): number {
  const { clock } = state;
  s.status = 'stopped';
  clock.clearTimeout(s.hangUpTimer);
  clock.clearTimeout(s.seatTimer);
  clock.clearInterval(s.billingTimer);
  for (const t of s.streamTimeline ?? []) clock.clearTimeout(t);
  clock.clearTimeout(s.idleTimer);
  s.hangUpTimer = s.seatTimer = s.billingTimer = s.idleTimer = undefined;
  s.game?.dispose();
  s.game = undefined;
  s.hangUpEndsAt = 0;
  for (const peer of [...s.streams]) peer.close(1000, `session stopped: ${reason}`);
  s.streams.clear();
  return seconds(clock.now() - s.startedAt);
}

export function playStartInfo(s: PlaySession): PlayStartInfo {
  return {
    code: 200,
    sc_id: s.scId,
    game_key: s.gameKey,
    game_id: s.gameId,
    open_id: s.openId,
    stream_url: streamUrl(s.scId),
    level_config: s.level,
    hang_up_timer: s.hangUpMinutes,
    start_time: seconds(s.startedAt),
  };
}

/** user_sc_list: the user's sessions holding a machine (of this manufacturer), then the scripted ones not yet touched. */
export function userSessions(ctx: GameContext, state: GameState, user: UserRecord, manufacturer: string): UserSession[] {
  const list: UserSession[] = [];
  for (const s of state.sessions.values()) {
    if (s.uid !== user.uid || (s.status !== 'running' && s.status !== 'hangup')) continue;
    if (s.manufacturer !== '' && s.manufacturer !== manufacturer) continue;
    const row: UserSession = { sc_id: s.scId, game_key: s.gameKey, game_id: s.gameId, type: s.reconnectable ? 'able_recon' : 'stop' };
    if (s.status === 'hangup') row.hang_up_end_time = seconds(s.hangUpEndsAt);
    list.push(row);
  }
  for (const x of state.script.sessions ?? []) {
    if (state.scriptedTaken.has(x.sc_id) || state.sessions.has(x.sc_id)) continue;
    list.push({ sc_id: x.sc_id, game_key: x.game_key, game_id: gameMeta(ctx, x.game_key).gameId, type: x.type });
  }
  return list;
}
