/**
 * The membership rules of SPEC §5–§6 the game session needs (queue_grade for
 * play_game, blu-ray in the clarity list, membership loss). They live here so
 * web/game does not import upward; web/state/rules.ts re-exports them with the
 * app's other rules (docs/decisions/0004).
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
