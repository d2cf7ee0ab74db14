/**
 * Clarity (SPEC §3 "Clarity list", §5 blu-ray rule, system info
 * definition_default_conf). The `clarity` setting is an index into
 * CLARITY_LIST: 0 standard (service level 6), 1 HD (8), 2 ultra (9),
 * 3 blu-ray (10), the same index definition_default_conf's
 * vip_user_default / normal_user_default use.
 */
import { CLARITY_LIST, DISPLAY_GRADE, type DisplayGrade, type SystemInfo, type UserInfo } from '../api/contract.ts';
import { canUseBluray, isMember } from './membership.ts';

export type ClarityName = 'standard' | 'hd' | 'ultra' | 'bluray';

const NAMES: Readonly<Record<DisplayGrade, ClarityName>> = { 6: 'standard', 8: 'hd', 9: 'ultra', 10: 'bluray' };
export const BLURAY_INDEX = CLARITY_LIST.indexOf(DISPLAY_GRADE.bluray);

export interface ClarityContext {
  user: Pick<UserInfo, 'member_status' | 'trial_status'> | null;
  system: Pick<SystemInfo, 'definition_default_conf'> | null;
  /** Seconds of blu-ray trial left (local user record). */
  trialSeconds: number;
}

/**
 * Why blu-ray is open to this user: members always; non-members when the
 * system config allows it (vip_can_use), or during the trial (trial_status 1
 * with trial seconds left, counted down while playing on blu-ray).
 */
export type BlurayAccess = 'member' | 'config' | 'trial' | 'none';

export function blurayAccess(ctx: ClarityContext): BlurayAccess {
  if (isMember(ctx.user)) return 'member';
  if (ctx.system?.definition_default_conf.vip_can_use === 1) return 'config';
  if (canUseBluray(ctx.user, ctx.system) && ctx.trialSeconds > 0) return 'trial';
  return 'none';
}

export interface ClarityOption {
  index: number;
  grade: DisplayGrade;
  name: ClarityName;
  available: boolean;
  /** Blu-ray through the trial: playing on it spends trial seconds. */
  trial: boolean;
}

export function clarityOptions(ctx: ClarityContext): ClarityOption[] {
  const access = blurayAccess(ctx);
  return CLARITY_LIST.map((grade, index) => ({
    index,
    grade,
    name: NAMES[grade],
    available: grade !== DISPLAY_GRADE.bluray || access !== 'none',
    trial: grade === DISPLAY_GRADE.bluray && access === 'trial',
  }));
}

export function gradeOf(index: number): DisplayGrade {
  return CLARITY_LIST[index] ?? DISPLAY_GRADE.standard;
}

export function indexOfGrade(grade: DisplayGrade): number {
  return CLARITY_LIST.indexOf(grade);
}

export function clarityName(index: number): ClarityName {
  return NAMES[gradeOf(index)];
}

function isValidIndex(index: number): boolean {
  return Number.isInteger(index) && index >= 0 && index < CLARITY_LIST.length;
}

/**
 * The default clarity by membership (definition_default_conf), never one the
 * user may not use: an unusable blu-ray default steps down to ultra.
 * Without system info: HD (the settings default, SPEC §3 clarity 1).
 */
export function defaultClarityIndex(ctx: ClarityContext, member = isMember(ctx.user)): number {
  const conf = ctx.system?.definition_default_conf;
  const raw = conf ? (member ? conf.vip_user_default : conf.normal_user_default) : 1;
  const index = isValidIndex(raw) ? raw : 1;
  if (index === BLURAY_INDEX && blurayAccess(member ? ctx : { ...ctx, user: ctx.user && { ...ctx.user, member_status: 0 } }) === 'none') {
    return BLURAY_INDEX - 1;
  }
  return index;
}

/** The clarity non-members fall back to (membership loss, trial over, blu-ray no longer allowed). */
export function nonMemberDefaultIndex(ctx: ClarityContext): number {
  return defaultClarityIndex(ctx, false);
}

/**
 * The clarity to play with: the stored setting when there is one and it is
 * allowed, the membership default when nothing was stored, the non-member
 * default when the stored blu-ray is no longer allowed.
 */
export function effectiveClarityIndex(setting: number, stored: boolean, ctx: ClarityContext): number {
  if (!stored || !isValidIndex(setting)) return defaultClarityIndex(ctx);
  if (setting === BLURAY_INDEX && blurayAccess(ctx) === 'none') return nonMemberDefaultIndex(ctx);
  return setting;
}

export function isClarityAllowed(index: number, ctx: ClarityContext): boolean {
  if (!isValidIndex(index)) return false;
  return index !== BLURAY_INDEX || blurayAccess(ctx) !== 'none';
}
