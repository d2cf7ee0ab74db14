/**
 * Account group (SPEC §7 minor_web_config, auth_post, get_auth_message,
 * cg_property_detail): anti-addiction limits, real-name verification and
 * the user's assets. All need a login.
 */
import { BODY_CODE, PATH, type AuthMessage, type MinorWebConfig, type PropertyCard } from '../../web/api/contract.ts';
import { MINOR_AGE } from '../limits.ts';
import { ID_CARD_SHAPE } from '../../web/api/idcard.ts';
import { findGame } from '../content/catalogue.ts';
import { wordsIn } from '../http/words.ts';
import type { MinorFixture } from '../fixtures/index.ts';
import { gameId, requireSameUid, uid } from './input.ts';
import { contentState, maskIdCard, maskName, type ContentState } from '../content/state.ts';
import { ageOn, cstDate, cstMinuteOfDay, cstWeekday } from '../content/days.ts';
import { fail, ok } from '../http/envelope.ts';
import { checkIdCard } from '../idcard.ts';
import { formatBackendTime, type UserRecord } from '../sessions/store.ts';
import { contentLanguage } from '../http/language.ts';
import type { ContentLanguage } from '../languages.ts';
import * as z from 'zod';
import { optional, text } from '../validate.ts';
import { defineUserRoute, NO_INPUT, type Route } from './route.ts';

const REAL_NAME = /^[\u3400-\u9fffA-Za-z·• ]{2,30}$/u;
const DAY_NAMES = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

const hhmm = (minutes: number): string => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

export function playWindow(m: MinorFixture): string {
  const days = [...m.play_days].sort((a, b) => a - b).map((d) => DAY_NAMES[d - 1] ?? '');
  return `${days.join(', ')}${m.holidays.length > 0 ? ' and holidays' : ''} ${hhmm(m.play_start_minute)}–${hhmm(m.play_end_minute)}`;
}

function isMinor(state: ContentState, user: UserRecord, now: number): boolean {
  const auth = state.auth.get(user.uid);
  return auth !== undefined && ageOn(auth.birth, now) < MINOR_AGE;
}

/** The limits for `user` at `now`, given the seconds played today (`usageSeconds`, as the client counts them). */
export function minorConfig(m: MinorFixture, state: ContentState, user: UserRecord, now: number, usageSeconds: number): MinorWebConfig {
  if (!isMinor(state, user, now)) {
    return {
      is_auth: user.isAuth,
      is_minor: 0,
      can_play: 1,
      daily_limit_minutes: 0,
      remaining_minutes: -1,
      play_window: '',
      tip: user.isAuth ? '' : 'Please complete real-name verification (required by anti-addiction rules).',
    };
  }
  const playDay = m.play_days.includes(cstWeekday(now)) || m.holidays.includes(cstDate(now));
  const minute = cstMinuteOfDay(now);
  const windowLeft = playDay && minute >= m.play_start_minute && minute < m.play_end_minute ? m.play_end_minute - minute : 0;
  const remaining = Math.max(0, Math.min(m.daily_limit_minutes - Math.floor(usageSeconds / 60), windowLeft));
  const window = playWindow(m);
  return {
    is_auth: 1,
    is_minor: 1,
    can_play: remaining > 0 ? 1 : 0,
    daily_limit_minutes: m.daily_limit_minutes,
    remaining_minutes: remaining,
    play_window: window,
    tip:
      remaining > 0
        ? `Players under 18 may play ${remaining} more minutes now.`
        : `Players under 18 may play only ${window}, at most ${m.daily_limit_minutes} minutes a day.`,
  };
}

/** The scenario's minor (script `minor`): a verified minor with `limitSeconds` of play today, whatever the hour. */
export function scriptedMinorConfig(limitSeconds: number, usageSeconds: number): MinorWebConfig {
  const leftSeconds = Math.max(0, limitSeconds - usageSeconds);
  const limitMinutes = Math.ceil(limitSeconds / 60);
  return {
    is_auth: 1,
    is_minor: 1,
    can_play: leftSeconds > 0 ? 1 : 0,
    daily_limit_minutes: limitMinutes,
    remaining_minutes: Math.ceil(leftSeconds / 60),
    play_window: '',
    tip: leftSeconds > 0 ? `Players under 18 may play ${Math.ceil(leftSeconds / 60)} more minutes today.` : `Players under 18 may play at most ${limitMinutes} minutes a day.`,
  };
}

function authMessage(state: ContentState, user: UserRecord, now: number): AuthMessage {
  const auth = state.auth.get(user.uid);
  return {
    is_auth: user.isAuth,
    real_name: auth ? maskName(auth.realName) : '',
    id_card: auth ? maskIdCard(auth.idCard) : '',
    is_minor: isMinor(state, user, now) ? 1 : 0,
    auth_time: auth ? formatBackendTime(auth.atMs) : '',
  };
}

/** The asset cards' names, in the request's language like the rest of what players read (docs/decisions/0010-i18n.md). */
const CARD_NAMES: Readonly<Record<ContentLanguage, Readonly<Record<PropertyCard['kind'], string>>>> = {
  en: { member: 'Membership', quick: 'Quick card', bgmember: 'Background membership' },
  'zh-Hans': { member: '会员', quick: '加速卡', bgmember: '后台挂机会员' },
  'zh-Hant': { member: '會員', quick: '加速卡', bgmember: '背景掛機會員' },
};

function card(kind: PropertyCard['kind'], name: string, active: boolean, endMs: number): PropertyCard {
  return { kind, name, active: active ? 1 : 0, end_time: Math.floor(endMs / 1000), endtime: formatBackendTime(endMs) };
}

export const accountRoutes: Route[] = [
  defineUserRoute(
    PATH.minorWebConfig,
    (n) => z.object({ uid: uid(n), game_id: gameId(n), usage_time: n.int({ min: 0, max: 86_400 }) }),
    (req, ctx, user) => {
      requireSameUid(req.uid, user);
      if (!findGame(ctx.fixtures, req.game_id)) return fail(BODY_CODE.failed, wordsIn(ctx.language, 'gameNotFound'));
      const scripted = ctx.session.script.minor;
      if (scripted) return ok(scriptedMinorConfig(scripted.limitSeconds, req.usage_time));
      return ok(minorConfig(ctx.fixtures.content.minor, contentState(ctx.session), user, ctx.clock.now(), req.usage_time));
    },
  ),

  defineUserRoute(
    PATH.authPost,
    () =>
      z.object({
        real_name: text({ pattern: REAL_NAME, hint: '2 to 30 Chinese characters, letters, spaces or "·"' }).transform((name) => name.trim()),
        id_card: text({ pattern: ID_CARD_SHAPE, hint: '18 characters: 17 digits and a digit or X' }),
      }),
    (req, ctx, user) => {
      const state = contentState(ctx.session);
      if (user.isAuth === 1 || state.auth.has(user.uid)) return fail(BODY_CODE.failed, wordsIn(ctx.language, 'alreadyVerified'));
      const now = ctx.clock.now();
      const check = checkIdCard(req.id_card, cstDate(now));
      if (!check.ok) return fail(BODY_CODE.failed, wordsIn(ctx.language, check.failure));
      state.auth.set(user.uid, { realName: req.real_name, idCard: check.normalized, birth: check.birth, atMs: now });
      user.isAuth = 1;
      return ok(authMessage(state, user, now), 'Verified');
    },
  ),

  defineUserRoute(PATH.getAuthMessage, NO_INPUT(), (_req, ctx, user) => ok(authMessage(contentState(ctx.session), user, ctx.clock.now()))),

  defineUserRoute(
    PATH.cgPropertyDetail,
    (n) => z.object({ uid: optional(uid(n)) }),
    (req, ctx, user) => {
      requireSameUid(req.uid, user);
      const now = ctx.clock.now();
      const names = CARD_NAMES[contentLanguage(ctx.headers['accept-language'])];
      return ok({
        coin_balance: user.coinBalance,
        duration: user.duration,
        coin_balance_duration: user.coinBalanceDuration,
        duration_coin: user.durationCoin,
        member_status: user.memberStatus,
        cards: [
          card('member', names.member, user.memberStatus !== 0, user.memberEndMs),
          card('quick', names.quick, user.quickStatus === 1, user.quickEndMs),
          card('bgmember', names.bgmember, user.bgmemberEndMs > now, user.bgmemberEndMs),
        ],
        records: contentState(ctx.session).recordsOf(user.uid, ctx.language),
      });
    },
  ),
];
