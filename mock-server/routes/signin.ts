/**
 * Sign-in group (SPEC §4 Sign-in, §7 sign_in_conf / sign_in): a Monday–Sunday
 * week in China time on the server clock. Each day grants the duration of
 * fixtures/sign_in.json once; signing adds it to the user's `duration` and
 * `duration_coin`. Past days not signed read -1, today and later days 0
 * until signed, signed days 1. A second sign-in the same day answers code 0.
 */
import { BODY_CODE, PATH, type SignInDay } from '../../web/api/contract.ts';
import { requireSameUid, uid } from './input.ts';
import { contentState } from '../content/state.ts';
import { cstDate, cstWeek, cstWeekday } from '../content/days.ts';
import { fail, ok } from '../http/envelope.ts';
import { Wording, wordsIn } from '../http/words.ts';
import type { UserRecord } from '../sessions/store.ts';
import * as z from 'zod';
import { optional } from '../validate.ts';
import { defineUserRoute, type Route, type RouteContext } from './route.ts';


function week(ctx: RouteContext, user: UserRecord): { days: SignInDay[]; today: number; monday: string } {
  const now = ctx.clock.now();
  const today = cstWeekday(now);
  const signed = contentState(ctx.session).signedDays(user.uid);
  const scriptedToday = ctx.session.script.signedToday === true;
  const durations = ctx.fixtures.content.signIn.durations;
  const dates = cstWeek(now);
  const days = dates.map((date, i): SignInDay => ({
    day: i + 1,
    date,
    duration: durations[i] ?? 0,
    state: signed.has(date) || (scriptedToday && i + 1 === today) ? 1 : i + 1 < today ? -1 : 0,
  }));
  return { days, today, monday: dates[0] ?? cstDate(now) };
}

export const signInRoutes: Route[] = [
  defineUserRoute(
    PATH.signInConf,
    (n) => z.object({ uid: optional(uid(n)) }),
    (req, ctx, user) => {
      requireSameUid(req.uid, user);
      const w = week(ctx, user);
      const todayState = w.days[w.today - 1]?.state ?? 0;
      return ok({ user_sign_data: w.days, current_week: w.today, week_start: w.monday, signed_today: todayState === 1 ? 1 : 0 });
    },
  ),

  defineUserRoute(
    PATH.signIn,
    (n) => z.object({ uid: uid(n) }),
    (req, ctx, user) => {
      requireSameUid(req.uid, user);
      const now = ctx.clock.now();
      const date = cstDate(now);
      const state = contentState(ctx.session);
      if (ctx.session.script.signedToday === true || !state.sign(user.uid, date)) return fail(BODY_CODE.failed, wordsIn(ctx.language, 'alreadySigned'));
      const granted = ctx.fixtures.content.signIn.durations[cstWeekday(now) - 1] ?? 0;
      state.grant(user, 'sign_in', new Wording('signInRecord', { date }), now, { duration: granted });
      const w = week(ctx, user);
      return ok(
        { user_sign_data: w.days, current_week: w.today, duration: granted, user_duration: user.duration, duration_coin: user.durationCoin },
        'Signed in',
      );
    },
  ),
];
