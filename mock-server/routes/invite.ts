/**
 * Invitation group: GET user/invite_info (this user's code, link and invited
 * friends) and POST user/bind_invite {code}. A user binds one code, never
 * their own; the friend gets `invitee_reward` seconds of play time at once
 * and the inviter `inviter_reward`, for up to `max_rewarded` friends
 * (fixtures/invite.json). Codes are derived from the uid, so they are stable.
 */
import { BODY_CODE, PATH, type InvitedFriend } from '../../web/api/contract.ts';
import { maskMobile } from '../../web/api/mask.ts';
import { contentState } from '../content/state.ts';
import { fail, ok } from '../http/envelope.ts';
import { Wording, wordsIn } from '../http/words.ts';
import { requestOrigin } from '../content/media.ts';
import * as z from 'zod';
import { text } from '../validate.ts';
import { defineUserRoute, NO_INPUT, type Route } from './route.ts';

const FACTOR = 7919;
const OFFSET = 1_000_003;
export const INVITE_CODE = /^[A-Za-z0-9]{4,16}$/;

export function inviteCode(uid: number): string {
  return (uid * FACTOR + OFFSET).toString(36).toUpperCase();
}

/** The uid a code belongs to, or undefined when it is not one inviteCode makes. */
export function uidOfInviteCode(code: string): number | undefined {
  const n = parseInt(code.toLowerCase(), 36);
  if (!Number.isSafeInteger(n) || n < OFFSET || (n - OFFSET) % FACTOR !== 0) return undefined;
  const uid = (n - OFFSET) / FACTOR;
  return inviteCode(uid) === code.toUpperCase() ? uid : undefined;
}

export const inviteRoutes: Route[] = [
  defineUserRoute(PATH.inviteInfo, NO_INPUT(), (_req, ctx, user) => {
    const state = contentState(ctx.session);
    const conf = ctx.fixtures.content.invite;
    const code = inviteCode(user.uid);
    // Latest first; the same instant keeps the later binding first.
    const invited = [...state.invites]
      .reverse()
      .filter(([, inv]) => inv.inviterUid === user.uid)
      .sort(([, a], [, b]) => b.atMs - a.atMs)
      .flatMap(([friendUid, inv]): InvitedFriend[] => {
        const friend = ctx.store.userByUid(friendUid);
        return friend
          ? [{ uid: friend.uid, username: friend.username, mobile: maskMobile(friend.mobile), bound_at: Math.floor(inv.atMs / 1000), reward: inv.inviterReward }]
          : [];
      });
    const bound = state.invites.get(user.uid);
    return ok({
      code,
      invite_url: `${requestOrigin(ctx.headers)}/main/login/index?invite_code=${code}`,
      invited_count: invited.length,
      inviter_reward: conf.inviter_reward,
      invitee_reward: conf.invitee_reward,
      max_rewarded: conf.max_rewarded,
      total_reward: invited.reduce((sum, f) => sum + f.reward, 0),
      bound_code: bound?.code ?? '',
      invited,
      rules: [...conf.rules],
    });
  }),

  defineUserRoute(
    PATH.bindInvite,
    () => z.object({ code: text({ pattern: INVITE_CODE, hint: '4 to 16 letters or digits' }) }),
    (req, ctx, user) => {
      const state = contentState(ctx.session);
      const inviterUid = uidOfInviteCode(req.code);
      const inviter = inviterUid === undefined ? undefined : ctx.store.userByUid(inviterUid);
      if (!inviter) return fail(BODY_CODE.failed, wordsIn(ctx.language, 'inviteInvalid'));
      if (inviter.uid === user.uid) return fail(BODY_CODE.failed, wordsIn(ctx.language, 'inviteOwn'));
      if (state.invites.has(user.uid)) return fail(BODY_CODE.failed, wordsIn(ctx.language, 'inviteBound'));
      const conf = ctx.fixtures.content.invite;
      const now = ctx.clock.now();
      const rewarded = [...state.invites.values()].filter((i) => i.inviterUid === inviter.uid && i.inviterReward > 0).length;
      const inviterReward = rewarded < conf.max_rewarded ? conf.inviter_reward : 0;
      state.invites.set(user.uid, { inviterUid: inviter.uid, code: inviteCode(inviter.uid), atMs: now, inviterReward });
      state.grant(user, 'invite', new Wording('inviteJoined', { name: inviter.username }), now, { duration: conf.invitee_reward });
      if (inviterReward > 0) state.grant(inviter, 'invite', new Wording('inviteBrought', { name: user.username }), now, { duration: inviterReward });
      return ok(
        { inviter: inviter.username, duration: conf.invitee_reward, user_duration: user.duration, duration_coin: user.durationCoin },
        'Invitation bound',
      );
    },
  ),
];
