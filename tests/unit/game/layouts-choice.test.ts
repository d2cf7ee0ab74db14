/**
 * Which layout a game is played with (SPEC §3 game settings: op_custom,
 * handles_id, keyboard_id; get_op_plan's is_default), and what the server's
 * plans turn into.
 */
import { describe, expect, it } from 'vitest';
import { OP_TYPE, type OpPlan } from '../../../web/api/contract.ts';
import { GAME_SETTING_DEFAULTS } from '../../../web/core/storage/db-schema.ts';
import { BUILT_IN_GAMEPAD, chooseLayout, officialChoice, officialLayouts, pickOfficial, planSetting, sanitizeKeys, type Layout } from '../../../web/game/layouts-choice.ts';
import { BUTTON, keyAction } from '../../../web/game/layouts-codes.ts';

const plan = (id: number, op_type: 0 | 1 | 2, is_default: 0 | 1, name = `plan ${id}`): OpPlan => ({
  id,
  game_id: 1,
  name,
  op_type,
  is_default,
  config: [{ code: op_type === 0 ? 'BTN_A' : 'KeyW', label: 'x', x: 50, y: 50, size: 9 }],
  screen: { width: 1920, height: 1080 },
});
const PLANS: OpPlan[] = [plan(101, 0, 1, 'Standard gamepad'), plan(102, 1, 1, 'WASD and mouse'), plan(103, 1, 0, 'Arrow keys'), plan(104, 2, 1, 'Touch')];
const gamepadPlans = officialLayouts(PLANS, OP_TYPE.gamepad);
const keyboardPlans = officialLayouts(PLANS, OP_TYPE.keyboard);
const MINE: Layout = { ...BUILT_IN_GAMEPAD, source: 'custom', name: 'Mine', isDefault: false };
const settings = (s: Partial<typeof GAME_SETTING_DEFAULTS> = {}) => ({ ...GAME_SETTING_DEFAULTS, ...s });

describe('official plans (get_op_plan)', () => {
  it('are kept per op type, in the server order, with their ids and default flag', () => {
    expect(gamepadPlans.map((p) => [p.planId, p.name, p.isDefault])).toEqual([[101, 'Standard gamepad', true]]);
    expect(keyboardPlans.map((p) => [p.planId, p.name, p.isDefault])).toEqual([
      [102, 'WASD and mouse', true],
      [103, 'Arrow keys', false],
    ]);
    expect(keyboardPlans[0]).toMatchObject({ source: 'official', opType: 1, screen: { width: 1920, height: 1080 } });
  });

  it('leave out keys no device has, or with broken numbers, instead of drawing them wrong', () => {
    expect(
      sanitizeKeys([
        { code: 'BTN_A', label: 'A', x: 88, y: 72, size: 9 },
        { code: 'BTN_TURBO', label: '?', x: 1, y: 1, size: 9 },
        { code: 'KeyW', label: 'W', x: '14', y: 62, size: 9 },
        { code: 'Space', label: '', x: 140, y: -3, size: 12, opacity: 0.01 },
        null,
        'STICK_L',
      ]),
    ).toEqual([
      { code: 'BTN_A', label: 'A', x: 88, y: 72, size: 9 },
      { code: 'Space', label: 'Space', x: 100, y: 0, size: 12, opacity: 0.2 },
    ]);
    expect(sanitizeKeys({ keys: [] })).toEqual([]);
  });

  it('0 or an id the server no longer offers picks the plan marked is_default (else the first)', () => {
    expect(pickOfficial(keyboardPlans, 0)?.planId).toBe(102);
    expect(pickOfficial(keyboardPlans, 103)?.planId).toBe(103);
    expect(pickOfficial(keyboardPlans, 999)?.planId).toBe(102);
    expect(pickOfficial(keyboardPlans.map((p) => ({ ...p, isDefault: false })), 0)?.planId).toBe(102);
    expect(pickOfficial([], 0)).toBeNull();
  });
});

describe('the layout in force (SPEC §3 handles_id, keyboard_id, op_custom)', () => {
  it('gamepad: handles_id names the plan, 0 is the default one', () => {
    expect(planSetting(OP_TYPE.gamepad)).toBe('handles_id');
    expect(chooseLayout({ opType: OP_TYPE.gamepad, official: gamepadPlans, custom: null, settings: settings() })?.planId).toBe(101);
    expect(chooseLayout({ opType: OP_TYPE.gamepad, official: gamepadPlans, custom: null, settings: settings({ handles_id: 101 }) })?.planId).toBe(101);
  });

  it('keyboard: keyboard_id names the plan; handles_id does not touch it', () => {
    expect(planSetting(OP_TYPE.keyboard)).toBe('keyboard_id');
    expect(chooseLayout({ opType: OP_TYPE.keyboard, official: keyboardPlans, custom: null, settings: settings({ keyboard_id: 103 }) })?.name).toBe('Arrow keys');
    expect(chooseLayout({ opType: OP_TYPE.keyboard, official: keyboardPlans, custom: null, settings: settings({ handles_id: 103 }) })?.name).toBe('WASD and mouse');
  });

  it('op_custom 1 plays the player’s own layout when one is stored, else the official choice', () => {
    expect(chooseLayout({ opType: OP_TYPE.gamepad, official: gamepadPlans, custom: MINE, settings: settings({ op_custom: 1 }) })).toBe(MINE);
    expect(chooseLayout({ opType: OP_TYPE.gamepad, official: gamepadPlans, custom: MINE, settings: settings({ op_custom: 0 }) })?.planId).toBe(101);
    expect(chooseLayout({ opType: OP_TYPE.gamepad, official: gamepadPlans, custom: null, settings: settings({ op_custom: 1 }) })?.planId).toBe(101);
  });

  it('without plans (the fetch failed) the built-in pad, or the full keyboard (null) for keyboard and mouse', () => {
    expect(chooseLayout({ opType: OP_TYPE.gamepad, official: null, custom: null, settings: settings() })).toBe(BUILT_IN_GAMEPAD);
    expect(chooseLayout({ opType: OP_TYPE.keyboard, official: null, custom: null, settings: settings() })).toBeNull();
    // A game without keyboard plans is the same.
    expect(chooseLayout({ opType: OP_TYPE.keyboard, official: [], custom: null, settings: settings() })).toBeNull();
    // The player's own still wins.
    expect(chooseLayout({ opType: OP_TYPE.gamepad, official: null, custom: MINE, settings: settings({ op_custom: 1 }) })).toBe(MINE);
  });

  it('touch-to-mouse has no layout', () => {
    expect(chooseLayout({ opType: OP_TYPE.touch, official: [], custom: MINE, settings: settings({ op_custom: 1 }) })).toBeNull();
    expect(officialChoice({ opType: OP_TYPE.touch, official: [], settings: settings() })).toBeNull();
  });

  it('the built-in pad has every one of the 17 standard buttons once (SPEC §9) and both sticks', () => {
    const buttons = BUILT_IN_GAMEPAD.keys.flatMap((k) => {
      const a = keyAction(k.code);
      return a?.kind === 'button' ? [BUTTON[a.button]] : a?.kind === 'dpad' ? [12, 13, 14, 15] : [];
    });
    expect(buttons.sort((a, b) => a - b)).toEqual(Array.from({ length: 17 }, (_, i) => i));
    expect(BUILT_IN_GAMEPAD.keys.filter((k) => keyAction(k.code)?.kind === 'stick').map((k) => k.code)).toEqual(['STICK_L', 'STICK_R']);
  });
});
