/**
 * Checking scenario data (files in fixtures/scenarios/ and inline scenarios
 * sent to `POST /__mock/scenario`) into a typed `Scenario`. Every problem is
 * a FieldError naming the field by its full path (`game.queue.positions[2]`);
 * unknown fields are refused, since a typo in a scenario would otherwise
 * silently play the default flow.
 *
 * A new GameScript field (mock-server/game/script.ts) needs a line here.
 */
import type { UserInfo } from '../../web/api/contract.ts';
import type { DurationMessageCode, GameScript, StreamEventCode } from '../game/script.ts';
import { FieldError, Fields, isObj } from '../validate.ts';
import { parseNetwork } from '../stream/network.ts';
import { parseFault, type FaultSpec } from './faults.ts';

export interface Scenario {
  /** File name without .json; "inline" for one sent in a request. */
  name: string;
  description: string;
  game: GameScript;
  /** Faults added to the session when the scenario is applied. */
  faults: FaultSpec[];
  /** Switch the session to virtual time when applied. */
  virtualClock: boolean;
  /** Absolute path of the file it was read from (named scenarios). */
  file?: string;
}

export const SCENARIO_NAME = /^[a-z0-9][a-z0-9-]{0,63}$/;

const STREAM_CODES: readonly StreamEventCode[] = [43000, 43001, 43100, 45001, 54001];
const DURATION_CODES: readonly DurationMessageCode[] = [200, 202, 408, 500, 5001];
const MAX_LIST = 1000;
const MAX_MS = 7 * 24 * 60 * 60 * 1000;

/** UserInfo fields a scenario may override; the rest are derived (current_time, the formatted dates). */
export const USER_OVERRIDE_FLAGS = ['is_auth', 'quick_status', 'buy_member', 'is_new_user', 'trial_status'] as const;
export const USER_OVERRIDE_COUNTS = ['coin_balance', 'duration', 'coin_balance_duration', 'duration_coin'] as const;
export const USER_OVERRIDE_TIMES = ['member_end_time', 'quick_end_time', 'bgmember_end_time'] as const;
const DERIVED_USER_FIELDS: Readonly<Record<string, string>> = {
  current_time: 'the session clock',
  member_endtime: 'member_end_time',
  bgmember_endtime: 'bgmember_end_time',
};

function keys(value: unknown, allowed: readonly string[], at: string): void {
  if (!isObj(value)) return;
  for (const key of Object.keys(value)) {
    if (!allowed.includes(key)) {
      throw new FieldError(at ? `${at}.${key}` : key, `is not a known field (expected one of ${allowed.join(', ')})`);
    }
  }
}

function optionalBool(f: Fields, key: string): boolean | undefined {
  const v = f.raw(key);
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'boolean') throw new FieldError(f.path(key), 'must be true or false');
  return v;
}

function list(f: Fields, key: string): unknown[] {
  const v = f.raw(key);
  if (!Array.isArray(v)) throw new FieldError(f.path(key), 'must be an array');
  if (v.length > MAX_LIST) throw new FieldError(f.path(key), `must have at most ${MAX_LIST} items`);
  return v;
}

const ms = (f: Fields, key: string): number => f.int(key, { min: 0, max: MAX_MS });

function parseUser(f: Fields): Partial<UserInfo> {
  const allowed = [...USER_OVERRIDE_FLAGS, 'member_status', ...USER_OVERRIDE_COUNTS, ...USER_OVERRIDE_TIMES];
  const raw = f.raw('user');
  if (isObj(raw)) {
    for (const key of Object.keys(raw)) {
      const from = DERIVED_USER_FIELDS[key];
      if (from !== undefined) throw new FieldError(f.path(`user.${key}`), `cannot be overridden: it is derived from ${from}`);
    }
  }
  keys(raw, allowed, f.path('user'));
  const u = f.object('user');
  const out: Partial<UserInfo> = {};
  for (const key of USER_OVERRIDE_FLAGS) if (u.has(key)) out[key] = u.flag(key);
  if (u.has('member_status')) out.member_status = u.oneOfNumber('member_status', [0, 1, 2] as const);
  for (const key of USER_OVERRIDE_COUNTS) if (u.has(key)) out[key] = u.int(key, { min: 0 });
  for (const key of USER_OVERRIDE_TIMES) if (u.has(key)) out[key] = u.int(key, { min: 0 });
  return out;
}

/** Check a GameScript; `at` names it in errors ("game"). */
export function parseGameScript(value: unknown, at = 'game'): GameScript {
  const f = Fields.of(value, at);
  keys(value, ['play', 'queue', 'seatExpiryMs', 'progress', 'stream', 'duration', 'sessions', 'user', 'tokenExpired', 'tokenLifetimeMs', 'video', 'network', 'idleAfterMs'], at);
  const script: GameScript = {};

  if (f.has('play')) {
    const p = f.object('play');
    keys(f.raw('play'), ['code', 'sub_msg'], f.path('play'));
    script.play = { code: p.int('code') };
    const sub = p.optionalString('sub_msg', { maxLength: 500 });
    if (sub !== undefined) script.play.sub_msg = sub;
  }

  if (f.has('queue')) {
    const q = f.object('queue');
    keys(f.raw('queue'), ['positions', 'errorAtPoll', 'errorMsg'], f.path('queue'));
    script.queue = {};
    if (q.has('positions')) {
      script.queue.positions = list(q, 'positions').map((p, i) => {
        if (typeof p !== 'number' || !Number.isSafeInteger(p) || p < 0) throw new FieldError(`${q.path('positions')}[${i}]`, 'must be an integer ≥ 0');
        return p;
      });
    }
    if (q.has('errorAtPoll')) script.queue.errorAtPoll = q.int('errorAtPoll', { min: 1, max: MAX_LIST });
    const msg = q.optionalString('errorMsg', { maxLength: 500 });
    if (msg !== undefined) script.queue.errorMsg = msg;
  }

  if (f.has('seatExpiryMs')) script.seatExpiryMs = ms(f, 'seatExpiryMs');

  if (f.has('progress')) {
    const p = f.object('progress');
    keys(f.raw('progress'), ['stepMs', 'stallAt'], f.path('progress'));
    script.progress = {};
    if (p.has('stepMs')) script.progress.stepMs = ms(p, 'stepMs');
    if (p.has('stallAt')) script.progress.stallAt = p.oneOfNumber('stallAt', [30, 50, 80] as const);
  }

  if (f.has('stream')) {
    const rawStream = list(f, 'stream');
    script.stream = f.objects('stream').map((e, i) => {
      keys(rawStream[i], ['atMs', 'code'], `${f.path('stream')}[${i}]`);
      return { atMs: ms(e, 'atMs'), code: e.oneOfNumber('code', STREAM_CODES) };
    });
  }

  if (f.has('duration')) {
    const d = f.object('duration');
    const raw = f.raw('duration');
    keys(raw, ['chargePerMinute', 'messages', 'dropAtMs'], f.path('duration'));
    script.duration = {};
    if (d.has('chargePerMinute')) script.duration.chargePerMinute = d.int('chargePerMinute', { min: 0 });
    if (d.has('messages')) {
      const rawMessages = list(d, 'messages');
      script.duration.messages = d.objects('messages').map((m, i) => {
        keys(rawMessages[i], ['atMs', 'code', 'event', 'msg'], `${d.path('messages')}[${i}]`);
        const message: { atMs: number; code: DurationMessageCode; event?: number; msg?: string } = {
          atMs: ms(m, 'atMs'),
          code: m.oneOfNumber('code', DURATION_CODES),
        };
        if (m.has('event')) message.event = m.int('event');
        const text = m.optionalString('msg', { maxLength: 500 });
        if (text !== undefined) message.msg = text;
        return message;
      });
    }
    if (d.has('dropAtMs')) script.duration.dropAtMs = ms(d, 'dropAtMs');
  }

  if (f.has('sessions')) {
    const rawSessions = list(f, 'sessions');
    script.sessions = f.objects('sessions').map((s, i) => {
      keys(rawSessions[i], ['sc_id', 'game_key', 'type'], `${f.path('sessions')}[${i}]`);
      return {
        sc_id: s.string('sc_id', { maxLength: 64 }),
        game_key: s.string('game_key', { maxLength: 64 }),
        type: s.oneOf('type', ['able_recon', 'stop'] as const),
      };
    });
  }

  if (f.has('user')) script.user = parseUser(f);

  const expired = optionalBool(f, 'tokenExpired');
  if (expired !== undefined) script.tokenExpired = expired;
  if (f.has('tokenLifetimeMs')) script.tokenLifetimeMs = ms(f, 'tokenLifetimeMs');
  const video = optionalBool(f, 'video');
  if (video !== undefined) script.video = video;
  if (f.has('network')) script.network = parseNetwork(f.raw('network'), f.path('network'));
  if (f.has('idleAfterMs')) script.idleAfterMs = ms(f, 'idleAfterMs');
  return script;
}

/**
 * Check a whole scenario. `expectedName` (a file's base name) must equal its `name`;
 * inline scenarios may leave out name and description.
 */
export function parseScenario(value: unknown, expectedName?: string): Scenario {
  const f = Fields.of(value, '');
  keys(value, ['$comment', 'name', 'description', 'game', 'faults', 'virtualClock'], '');
  const inline = expectedName === undefined;
  const name = inline ? (f.optionalString('name', { maxLength: 64 }) ?? 'inline') : f.string('name', { maxLength: 64 });
  if (!inline) {
    if (!SCENARIO_NAME.test(name)) throw new FieldError('name', 'must be lower-case letters, digits and dashes, at most 64 characters');
    if (name !== expectedName) throw new FieldError('name', `must equal the file name "${expectedName}", got "${name}"`);
  }
  const description = inline ? (f.optionalString('description', { maxLength: 2000 }) ?? '') : f.string('description', { maxLength: 2000 });
  const game = f.has('game') ? parseGameScript(f.raw('game')) : {};
  const faults: FaultSpec[] = f.has('faults') ? list(f, 'faults').map((x, i) => parseFault(x, `faults[${i}]`)) : [];
  const virtualClock = optionalBool(f, 'virtualClock') ?? false;
  return { name, description, game, faults, virtualClock };
}

/** The scenario every session starts in: the personas, every call answering normally. */
export const DEFAULT_SCENARIO_DATA: Scenario = {
  name: 'default',
  description: 'Personas from fixtures/users.json; every call answers normally, on the app clock.',
  game: {},
  faults: [],
  virtualClock: false,
};

/** A deep copy, so a session can never change a shared scenario. */
export function copyScenario(s: Scenario): Scenario {
  return structuredClone(s);
}
