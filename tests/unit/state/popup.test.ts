import { describe, expect, it } from 'vitest';
import { nextExpire, POPUP_EXPIRE_FIELD, shouldShowPopup, storedExpire } from '../../../web/state/popup.ts';

const system = (expire_times: number) => ({ recommend_product_pop_conf: { expire_times } });

describe('purchase pop-ups (SPEC §5: only for non-buyers, buy_member 0)', () => {
  it('shows for a non-buyer with nothing stored', () => {
    expect(shouldShowPopup({ buy_member: 0 }, 0, 1_000)).toBe(true);
    expect(shouldShowPopup({ buy_member: 0 }, undefined, 1_000)).toBe(true);
  });

  it('never shows for a buyer or when the user is unknown', () => {
    expect(shouldShowPopup({ buy_member: 1 }, 0, 1_000)).toBe(false);
    expect(shouldShowPopup(null, 0, 1_000)).toBe(false);
  });

  it('stays hidden until the stored expire time, then shows again', () => {
    expect(shouldShowPopup({ buy_member: 0 }, 5_000, 4_999)).toBe(false);
    expect(shouldShowPopup({ buy_member: 0 }, 5_000, 5_000)).toBe(true);
  });

  it('hides for expire_times seconds of system_info after a close', () => {
    expect(nextExpire(system(86_400), 1_000)).toBe(1_000 + 86_400_000);
    expect(nextExpire(system(0), 1_000)).toBe(1_000);
    expect(nextExpire(null, 1_000)).toBe(1_000);
    expect(nextExpire(system(-5), 1_000)).toBe(1_000);
  });

  it('reads 0 as "never hidden" and names the database fields (SPEC §3 user record)', () => {
    expect(storedExpire(0)).toBeNull();
    expect(storedExpire(undefined)).toBeNull();
    expect(storedExpire(7)).toBe(7);
    expect(POPUP_EXPIRE_FIELD).toEqual({ recommend: 'recommend_product_dialog_expire', activity: 'activity_product_dialog_expire' });
  });
});
