/**
 * The purchase pop-ups (SPEC §5: recommend and activity pop-ups appear only
 * for non-buyers, buy_member 0, with a countdown). After one is closed it
 * stays hidden until an expire time kept in the local database user record
 * (`recommend_product_dialog_expire` / `activity_product_dialog_expire`),
 * now + system_info `recommend_product_pop_conf.expire_times` seconds.
 */
import type { SystemInfo, UserInfo } from '../api/contract.ts';
import { canShowPurchasePopup } from './rules.ts';

/** Seconds the pop-up counts down before it closes itself. */
export const POPUP_COUNTDOWN_SECONDS = 10;

export type PopupKind = 'recommend' | 'activity';

export const POPUP_EXPIRE_FIELD = {
  recommend: 'recommend_product_dialog_expire',
  activity: 'activity_product_dialog_expire',
} as const satisfies Record<PopupKind, string>;

/** The stored value means "never hidden" when 0 (db-schema USER_DEFAULTS). */
export function storedExpire(value: number | undefined): number | null {
  return value && value > 0 ? value : null;
}

/** Whether to show the pop-up now (SPEC §5). */
export function shouldShowPopup(user: Pick<UserInfo, 'buy_member'> | null, storedExpireMs: number | undefined, now: number): boolean {
  return canShowPurchasePopup(user, storedExpire(storedExpireMs), now);
}

/** When a pop-up closed at `now` may show again: expire_times seconds later (at least now). */
export function nextExpire(system: Pick<SystemInfo, 'recommend_product_pop_conf'> | null, now: number): number {
  const secs = system?.recommend_product_pop_conf.expire_times ?? 0;
  return now + Math.max(0, Number.isFinite(secs) ? secs : 0) * 1000;
}
