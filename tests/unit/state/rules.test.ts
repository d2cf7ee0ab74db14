import { describe, expect, it } from 'vitest';
import { canAutoSignIn, canShowPurchasePopup, canUseBluray, isBackHomeLimited, isMember, isShielded, queueGrade } from '../../../web/state/rules.ts';

const conf = (vip_can_use: 0 | 1) => ({ definition_default_conf: { vip_can_use, vip_user_default: 3, normal_user_default: 1 } });

describe('membership and queue grade (SPEC §6 Roles and permissions)', () => {
  it('treats member_status 1 and 2 as members and 0 as non-member', () => {
    expect(isMember({ member_status: 0 })).toBe(false);
    expect(isMember({ member_status: 1 })).toBe(true);
    expect(isMember({ member_status: 2 })).toBe(true);
    expect(isMember(null)).toBe(false);
  });

  it.each([
    [{ member_status: 0, quick_status: 0, is_new_user: 0 }, 1],
    [{ member_status: 0, quick_status: 1, is_new_user: 0 }, 5],
    [{ member_status: 0, quick_status: 0, is_new_user: 1 }, 3],
    [{ member_status: 1, quick_status: 0, is_new_user: 0 }, 7],
    [{ member_status: 2, quick_status: 1, is_new_user: 0 }, 8],
  ] as const)('queue grade of %o is %i', (user, grade) => {
    expect(queueGrade(user)).toBe(grade);
  });
});

describe('blu-ray clarity (SPEC §5)', () => {
  it('is usable by members', () => expect(canUseBluray({ member_status: 1, trial_status: 0 }, conf(0))).toBe(true));
  it('is usable by non-members only while trial_status is 1', () => {
    expect(canUseBluray({ member_status: 0, trial_status: 1 }, conf(0))).toBe(true);
    expect(canUseBluray({ member_status: 0, trial_status: 0 }, conf(0))).toBe(false);
  });
  it('is usable by non-members when system config allows it', () => expect(canUseBluray({ member_status: 0, trial_status: 0 }, conf(1))).toBe(true));
});

describe('purchase pop-ups (SPEC §5)', () => {
  it('appear only for non-buyers once the stored expiry has passed', () => {
    expect(canShowPurchasePopup({ buy_member: 0 }, null, 100)).toBe(true);
    expect(canShowPurchasePopup({ buy_member: 1 }, null, 100)).toBe(false);
    expect(canShowPurchasePopup({ buy_member: 0 }, 200, 100)).toBe(false);
    expect(canShowPurchasePopup({ buy_member: 0 }, 200, 200)).toBe(true);
    expect(canShowPurchasePopup(null, null, 0)).toBe(false);
  });
});

describe('channel rules (SPEC §6, §4 Sign-in)', () => {
  const system = { h5_limit_back_home: 'a1, b2', h5_can_sign_agents: 'a1' };
  it('limits going back home for listed channels', () => {
    expect(isBackHomeLimited(system, 'b2')).toBe(true);
    expect(isBackHomeLimited(system, 'c3')).toBe(false);
    expect(isBackHomeLimited(system, null)).toBe(false);
  });
  it('skips auto sign-in in single mode unless the channel allows it and the user is a member', () => {
    const member = { member_status: 1 as const };
    expect(canAutoSignIn({ singleMode: false, agentCode: null, system, user: null })).toBe(true);
    expect(canAutoSignIn({ singleMode: true, agentCode: 'a1', system, user: member })).toBe(true);
    expect(canAutoSignIn({ singleMode: true, agentCode: 'a1', system, user: { member_status: 0 } })).toBe(false);
    expect(canAutoSignIn({ singleMode: true, agentCode: 'b2', system, user: member })).toBe(false);
  });
  it('hides shielded games (SPEC §6)', () => {
    expect(isShielded('3,17', 17)).toBe(true);
    expect(isShielded('3,17', 7)).toBe(false);
    expect(isShielded('', 7)).toBe(false);
  });
});
