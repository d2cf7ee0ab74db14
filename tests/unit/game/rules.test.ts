import { describe, expect, it } from 'vitest';
import { DEFAULT_HANG_OPTIONS } from '../../../web/api/contract.ts';
import {
  blurayAccess,
  clarityName,
  clarityOptions,
  defaultClarityIndex,
  effectiveClarityIndex,
  gradeOf,
  indexOfGrade,
  isClarityAllowed,
  nonMemberDefaultIndex,
  type ClarityContext,
} from '../../../web/game/clarity.ts';
import { defaultHangupMinutes, effectiveHangupMinutes, hangChoices, hangupMs, isHangupAllowed } from '../../../web/game/hangup.ts';
import { clampProgress, progressStage } from '../../../web/game/progress.ts';
import { GAMEPAD_AXES, GAMEPAD_BUTTONS, normaliseGamepad } from '../../../web/game/sdk.ts';
import { clampSensitivity, sdkMouseSensitivity } from '../../../web/game/settings.ts';
import { member, systemInfo, userInfo } from './fakes.ts';

const ctx = (over: Partial<ClarityContext> = {}): ClarityContext => ({ user: userInfo(), system: systemInfo(), trialSeconds: 300, ...over });

describe('clarity rules (SPEC §3 clarity list, §5 blu-ray)', () => {
  it('SPEC §3 maps indexes to service levels 6/8/9/10 and back', () => {
    expect([0, 1, 2, 3].map(gradeOf)).toEqual([6, 8, 9, 10]);
    expect(indexOfGrade(9)).toBe(2);
    expect(clarityName(3)).toBe('bluray');
    expect(gradeOf(99)).toBe(6);
  });

  it('SPEC §5 blu-ray access: member, config (vip_can_use), trial (trial_status 1 with seconds left) or none', () => {
    expect(blurayAccess(ctx({ user: member() }))).toBe('member');
    expect(blurayAccess(ctx({ system: systemInfo({ vip_can_use: 1 }) }))).toBe('config');
    expect(blurayAccess(ctx({ user: userInfo({ trial_status: 1 }) }))).toBe('trial');
    expect(blurayAccess(ctx({ user: userInfo({ trial_status: 1 }), trialSeconds: 0 }))).toBe('none');
    expect(blurayAccess(ctx())).toBe('none');
    expect(blurayAccess(ctx({ user: null, system: null }))).toBe('none');
  });

  it('SPEC §5 only blu-ray is gated', () => {
    expect(clarityOptions(ctx()).map((o) => o.available)).toEqual([true, true, true, false]);
    expect(clarityOptions(ctx({ user: userInfo({ trial_status: 1 }) }))[3]).toMatchObject({ available: true, trial: true });
    expect(isClarityAllowed(3, ctx())).toBe(false);
    expect(isClarityAllowed(2, ctx())).toBe(true);
    expect(isClarityAllowed(7, ctx())).toBe(false);
  });

  it('SPEC §3 definition_default_conf picks the default by membership', () => {
    expect(defaultClarityIndex(ctx())).toBe(1);
    expect(defaultClarityIndex(ctx({ user: member() }))).toBe(2);
    expect(defaultClarityIndex(ctx({ system: null }))).toBe(1);
  });

  it('a blu-ray default the user may not use steps down to ultra', () => {
    const c = ctx({ system: systemInfo({ normal_user_default: 3, vip_user_default: 3 }) });
    expect(defaultClarityIndex(c)).toBe(2);
    expect(defaultClarityIndex({ ...c, user: member() })).toBe(3);
    expect(nonMemberDefaultIndex({ ...c, user: member() })).toBe(2);
  });

  it('effective clarity: default when nothing stored, the stored one when allowed, the non-member default for a forbidden blu-ray', () => {
    expect(effectiveClarityIndex(0, false, ctx({ user: member() }))).toBe(2);
    expect(effectiveClarityIndex(0, true, ctx())).toBe(0);
    expect(effectiveClarityIndex(3, true, ctx())).toBe(1);
    expect(effectiveClarityIndex(3, true, ctx({ user: member() }))).toBe(3);
    expect(effectiveClarityIndex(-1, true, ctx())).toBe(1);
  });
});

describe('hang-up rules (SPEC §3 hang, §5 type 2, §9)', () => {
  it('SPEC §5 type-2 options are available to members only', () => {
    expect(hangChoices(DEFAULT_HANG_OPTIONS, false).filter((c) => !c.available).map((c) => c.duration)).toEqual([10, 30]);
    expect(hangChoices(DEFAULT_HANG_OPTIONS, true).every((c) => c.available)).toBe(true);
    expect(hangChoices([], false)).toHaveLength(DEFAULT_HANG_OPTIONS.length);
  });

  it('SPEC §3 the default is 3 minutes when offered as a free option, else the first free option', () => {
    expect(defaultHangupMinutes(undefined)).toBe(3);
    expect(defaultHangupMinutes([{ duration: 2, type: 1 }, { duration: 3, type: 2 }])).toBe(2);
    expect(defaultHangupMinutes([{ duration: 20, type: 2 }])).toBe(3);
  });

  it('SPEC §5 a type-2 setting falls back to the default for non-members; an unknown one too', () => {
    expect(effectiveHangupMinutes(30, undefined, false)).toBe(3);
    expect(effectiveHangupMinutes(30, undefined, true)).toBe(30);
    expect(effectiveHangupMinutes(7, undefined, true)).toBe(3);
    expect(isHangupAllowed(5, undefined, false)).toBe(true);
  });

  it('SPEC §9 minutes × 60000', () => {
    expect(hangupMs(3)).toBe(180_000);
    expect(hangupMs(-1)).toBe(0);
  });
});

describe('progress (SPEC §4)', () => {
  it('SPEC §4 stages: token, sdk, sdk ready, 30 server connect, 50 exchange, 80 game start, 100 stream received', () => {
    expect(progressStage(0, false, false)).toBe('token');
    expect(progressStage(0, false)).toBe('sdk');
    expect(progressStage(0, true)).toBe('sdk_ready');
    expect(progressStage(30, true)).toBe('server_connect');
    expect(progressStage(50, true)).toBe('exchange');
    expect(progressStage(80, true)).toBe('game_start');
    expect(progressStage(100, true)).toBe('stream_received');
    expect(clampProgress(140)).toBe(100);
    expect(clampProgress(Number.NaN)).toBe(0);
  });
});

describe('input helpers (SPEC §9)', () => {
  it('SPEC §9 gamepad input is 17 buttons (0–1) and 4 axes (−1–1)', () => {
    const g = normaliseGamepad({ buttons: [1, 2, -1, Number.NaN], axes: [0.5, -3, 0, 0, 9] });
    expect(g.buttons).toHaveLength(GAMEPAD_BUTTONS);
    expect(g.axes).toHaveLength(GAMEPAD_AXES);
    expect(g.buttons.slice(0, 4)).toEqual([1, 1, 0, 0]);
    expect(g.axes).toEqual([0.5, -1, 0, 0]);
  });

  it('SPEC §9 mouse sensitivity scaling 119 %: round(setting × 119) / 100', () => {
    expect(sdkMouseSensitivity(50)).toBe(59.5);
    expect(sdkMouseSensitivity(100)).toBe(119);
    expect(sdkMouseSensitivity(3)).toBe(3.57);
    expect(sdkMouseSensitivity(0)).toBe(0);
    expect(sdkMouseSensitivity(200)).toBe(119);
    expect(clampSensitivity(Number.NaN)).toBe(50);
    expect(clampSensitivity(-4)).toBe(0);
  });
});
