/**
 * The player's account as the game flow sees it: the session store's
 * balance (scenario overrides and /__db/ edits are already in it),
 * membership, the blu-ray rule and the play time the sessions charge.
 */
import type { UserInfo } from '../../web/api/contract.ts';
import type { UserRecord } from '../sessions/store.ts';
import type { GameContext } from './state.ts';

export function userInfo(ctx: GameContext, user: UserRecord): UserInfo {
  return ctx.store.balance(user);
}

/** SPEC §6: member_status 1 and 2 are members. */
export function isMember(info: UserInfo): boolean {
  return info.member_status === 1 || info.member_status === 2;
}

/** SPEC §5: blu-ray for members, or for non-members on the trial (trial_status 1) or when system config allows (vip_can_use). */
export function canUseBluray(ctx: GameContext, info: UserInfo): boolean {
  return isMember(info) || info.trial_status === 1 || ctx.fixtures.systemInfo.definition_default_conf.vip_can_use === 1;
}

/** Take `seconds` of play time (duration_coin, not below 0). Returns what is left. */
export function charge(user: UserRecord, seconds: number): number {
  user.durationCoin = Math.max(0, user.durationCoin - seconds);
  return user.durationCoin;
}
