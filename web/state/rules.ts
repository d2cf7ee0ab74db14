/**
 * Derived business rules of SPEC §5–§6. One rule, one function; each is a
 * pure function of the stores' values so it is tested without any I/O.
 */
import type { SystemInfo, UserInfo } from '../api/contract.ts';

// The membership rules live with the game session, their main user (play_game's queue_grade,
// the clarity list); they are part of this module's rules all the same (docs/decisions/0004).
import { isMember } from '../game/membership.ts';
export { canUseBluray, isMember, queueGrade } from '../game/membership.ts';

/** SPEC §5: recommend and activity pop-ups only for users who never bought a membership. */
export function canShowPurchasePopup(user: Pick<UserInfo, 'buy_member'> | null, expireAt: number | null, now: number): boolean {
  if (!user || user.buy_member !== 0) return false;
  return expireAt === null || now >= expireAt;
}

/** SPEC §6: the channel decides whether going back home is limited (comma list in system info). */
export function isBackHomeLimited(system: Pick<SystemInfo, 'h5_limit_back_home'> | null, agentCode: string | null): boolean {
  if (!system || !agentCode) return false;
  return listHas(system.h5_limit_back_home, agentCode);
}

/** SPEC §4 Sign-in: auto sign-in is skipped in single mode unless the channel allows it and the user is a member. */
export function canAutoSignIn(opts: {
  singleMode: boolean;
  agentCode: string | null;
  system: Pick<SystemInfo, 'h5_can_sign_agents'> | null;
  user: Pick<UserInfo, 'member_status'> | null;
}): boolean {
  if (!opts.singleMode) return true;
  const allowed = !!opts.agentCode && !!opts.system && listHas(opts.system.h5_can_sign_agents, opts.agentCode);
  return allowed && isMember(opts.user);
}

/** SPEC §6: some games are hidden via the shield list (comma list of ids). */
export function isShielded(shield: string | null | undefined, gameId: number | string): boolean {
  return !!shield && listHas(shield, String(gameId));
}

function listHas(list: string, item: string): boolean {
  return list
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .includes(item);
}
