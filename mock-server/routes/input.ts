/** Input checks and user lookups shared by the content route groups (games, home, sign-in, account, shop, pay, invite). */
import { badRequest } from '../http/envelope.ts';
import type { RouteContext } from './route.ts';
import type { UserRecord } from '../sessions/store.ts';
import type { Fields } from '../validate.ts';

export const gameId = (input: Fields): number => input.int('game_id', { min: 1 });
export const uid = (input: Fields): number => input.int('uid', { min: 1 });

/** A `uid` in the request must be the logged-in user's (like get_user_balance). */
export function requireSameUid(given: number | undefined, user: UserRecord): void {
  if (given !== undefined && given !== user.uid) throw badRequest(`Field "uid" (${given}) does not match the logged-in user`);
}

/** The logged-in user when the request carries a valid token; a visitor (undefined) otherwise. For calls that work both ways. */
export function optionalUser(ctx: RouteContext): UserRecord | undefined {
  return ctx.token === undefined ? undefined : ctx.store.userForToken(ctx.token);
}
