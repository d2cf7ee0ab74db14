/**
 * Derived business rules of SPEC §5–§6. One rule, one function; each is a
 * pure function of the stores' values so it is tested without any I/O.
 */
import type { SystemInfo, UserInfo } from '../api/contract.ts';

/** SPEC §6: member_status 0 is non-member; 1 and 2 are members. */
export function isMember(user: Pick<UserInfo, 'member_status'> | null | undefined): boolean {
  return user?.member_status === 1 || user?.member_status === 2;
}

/** SPEC §6: non-member 1 (5 with quick card, 3 if new user); member 7 (8 with quick card). */
export function queueGrade(user: Pick<UserInfo, 'member_status' | 'quick_status' | 'is_new_user'>): number {
  const quick = user.quick_status === 1;
  if (isMember(user)) return quick ? 8 : 7;
  if (quick) return 5;
  if (user.is_new_user === 1) return 3;
  return 1;
}

/** SPEC §5: blu-ray for members, or non-members while trial_status is 1 or when system config allows it. */
export function canUseBluray(
  user: Pick<UserInfo, 'member_status' | 'trial_status'> | null,
  system: Pick<SystemInfo, 'definition_default_conf'> | null,
): boolean {
  if (isMember(user)) return true;
  if (user?.trial_status === 1) return true;
  return system?.definition_default_conf.vip_can_use === 1;
}

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
