/** User group (SPEC §7): SMS code, phone login and the user's balance. */
import { BODY_CODE, PATH, SMS_RESEND_SECONDS } from '../../web/api/contract.ts';
import { MOCK_SMS_CODE } from '../limits.ts';
import { badRequest, fail, ok } from '../http/envelope.ts';
import { wordsIn } from '../http/words.ts';
import { AREA_CODE_PATTERN, mobileFailure } from '../phone.ts';
import * as z from 'zod';
import { optional, text } from '../validate.ts';
import { defineRoute, defineUserRoute, type Route, type RouteContext } from './route.ts';

const phone = {
  mobile: text({ max: 20 }),
  area_code: text({ pattern: AREA_CODE_PATTERN, hint: '1 to 4 digits without "+", e.g. "86"' }),
};

/** A well-formed but impossible number is a business failure the app shows as a toast, not a malformed request. */
function invalidMobile(ctx: RouteContext, areaCode: string, mobile: string): string | null {
  return mobileFailure(areaCode, mobile)?.in(ctx.language) ?? null;
}

export const userRoutes: Route[] = [
  defineRoute(PATH.sendCode, () => z.object(phone), (req, ctx) => {
    const invalid = invalidMobile(ctx, req.area_code, req.mobile);
    if (invalid) return fail(BODY_CODE.failed, invalid);
    const wait = ctx.store.sendSms(req.area_code, req.mobile);
    if (wait > 0) return fail(BODY_CODE.failed, wordsIn(ctx.language, 'smsWait', { wait }), { resend_after: wait });
    return ok({ resend_after: SMS_RESEND_SECONDS }, 'Verification code sent');
  }),

  // A code need not have been sent first: QA scripts log in directly with MOCK_SMS_CODE.
  defineRoute(
    PATH.webLogin,
    () =>
      z.object({
        ...phone,
        code: text({ max: 12 }),
        device_id: text({ max: 128 }),
        agent_code: optional(text({ max: 64, empty: true })),
      }),
    (req, ctx) => {
      const invalid = invalidMobile(ctx, req.area_code, req.mobile);
      if (invalid) return fail(BODY_CODE.failed, invalid);
      if (req.code !== MOCK_SMS_CODE) return fail(BODY_CODE.failed, wordsIn(ctx.language, 'wrongCode'));
      const user = ctx.store.findOrCreateUser(req.area_code, req.mobile);
      const token = ctx.store.issueToken(user.uid);
      return ok(ctx.store.loginInfo(user, token, req.device_id), 'Login successful');
    },
  ),

  defineUserRoute(
    PATH.getUserBalance,
    (n) => z.object({ uid: n.int({ min: 1 }) }),
    (req, ctx, user) => {
      if (req.uid !== user.uid) throw badRequest(`Field "uid" (${req.uid}) does not match the logged-in user`);
      return ok(ctx.store.balance(user));
    },
  ),
];
