/**
 * The layouts of a game screen (SPEC §7 get_op_plan): fetched once, kept per
 * op type; the settings' choice (SPEC §3 handles_id / keyboard_id /
 * op_custom) decides the active layout; a failed fetch falls back to the
 * built-in layout and says so once; saving stores the player's own and
 * plays it.
 */
import { signal } from '@preact/signals-core';
import { describe, expect, it, vi } from 'vitest';
import { OP_TYPE, type OpPlan, type OpPlanListResponse } from '../../../web/api/contract.ts';
import { GAME_SETTING_DEFAULTS, type GameSettings } from '../../../web/core/storage/db-schema.ts';
import { BUILT_IN_GAMEPAD } from '../../../web/game/layouts-choice.ts';
import { createManualClock } from '../../../web/core/clock.ts';
import { createLayoutController, LAYOUTS_WAIT_MS, PLANS_FAILED, type LayoutControllerDeps } from '../../../web/game/layouts.ts';
import { createMemoryLayoutStore, type CustomLayoutStore } from '../../../web/game/layouts-store.ts';
import { flush } from '../../flush.ts';


const plan = (id: number, op_type: 0 | 1, is_default: 0 | 1, code: string): OpPlan => ({
  id,
  game_id: 1,
  name: `plan ${id}`,
  op_type,
  is_default,
  config: [{ code, label: code, x: 50, y: 50, size: 9 }],
  screen: { width: 1920, height: 1080 },
});
const LIST: OpPlanListResponse = { list: [plan(101, 0, 1, 'BTN_A'), plan(102, 1, 1, 'KeyW'), plan(103, 1, 0, 'ArrowUp')] };

function setup(opts: { plans?: () => Promise<OpPlanListResponse>; store?: CustomLayoutStore; openStore?: () => Promise<CustomLayoutStore> } = {}) {
  const settings = signal<GameSettings>({ ...GAME_SETTING_DEFAULTS });
  const notes: string[] = [];
  const logs: string[] = [];
  const store = opts.store ?? createMemoryLayoutStore();
  const getOpPlan = vi.fn(opts.plans ?? (() => Promise.resolve(LIST)));
  const clock = createManualClock();
  const deps: LayoutControllerDeps = {
    gameId: 1,
    owner: { username: 'u1', gameKey: 'g1' },
    clock,
    getOpPlan,
    openStore: opts.openStore ?? (() => Promise.resolve(store)),
    fallbackStore: createMemoryLayoutStore,
    settings,
    updateSettings: async (patch) => {
      settings.value = { ...settings.value, ...patch };
    },
    notify: (m) => notes.push(m),
    log: (m) => logs.push(m),
  };
  return { c: createLayoutController(deps), settings, notes, logs, getOpPlan, store, clock };
}

describe('layout controller', () => {
  it('fetches get_op_plan once for the game and keeps the plans per op type', async () => {
    const t = setup();
    expect(t.c.status.value).toBe('loading');
    await Promise.all([t.c.load(), t.c.load()]);
    await t.c.load();
    expect(t.getOpPlan).toHaveBeenCalledTimes(1);
    expect(t.getOpPlan).toHaveBeenCalledWith({ game_id: 1 });
    expect(t.c.status.value).toBe('ready');
    expect(t.c.official.value[OP_TYPE.gamepad].map((p) => p.planId)).toEqual([101]);
    expect(t.c.official.value[OP_TYPE.keyboard].map((p) => p.planId)).toEqual([102, 103]);
    expect(t.c.active(OP_TYPE.gamepad)?.planId).toBe(101);
    expect(t.c.active(OP_TYPE.keyboard)?.planId).toBe(102);
    expect(t.c.active(OP_TYPE.touch)).toBeNull();
  });

  it('choosing an official plan writes handles_id / keyboard_id and leaves the own layout', async () => {
    const t = setup();
    await t.c.load();
    t.settings.value = { ...t.settings.value, op_custom: 1 };
    await t.c.chooseOfficial(OP_TYPE.keyboard, 103);
    expect(t.settings.value).toMatchObject({ keyboard_id: 103, handles_id: 0, op_custom: 0 });
    expect(t.c.active(OP_TYPE.keyboard)?.planId).toBe(103);
    await t.c.chooseOfficial(OP_TYPE.gamepad, 101);
    expect(t.settings.value).toMatchObject({ keyboard_id: 103, handles_id: 101 });
  });

  it('saving stores the own layout and plays it (op_custom 1); the official choice stays the reset target', async () => {
    const t = setup();
    await t.c.load();
    await t.c.chooseOfficial(OP_TYPE.keyboard, 103);
    const keys = [{ code: 'KeyQ', label: 'Q', x: 10, y: 10, size: 12 }];
    await t.c.saveCustom(OP_TYPE.keyboard, keys, { width: 844, height: 390 });
    expect(t.settings.value.op_custom).toBe(1);
    expect(t.c.active(OP_TYPE.keyboard)).toMatchObject({ source: 'custom', keys });
    expect(t.c.custom.value[OP_TYPE.gamepad]).toBeUndefined();
    // The gamepad has no own layout: op_custom 1 still plays its official plan.
    expect(t.c.active(OP_TYPE.gamepad)?.planId).toBe(101);
    expect(t.c.officialFor(OP_TYPE.keyboard)?.planId).toBe(103);
    await t.c.chooseCustom();
    // A new game screen reads it back.
    const again = setup({ store: t.store });
    again.settings.value = { ...again.settings.value, op_custom: 1 };
    await again.c.load();
    expect(again.c.active(OP_TYPE.keyboard)?.keys).toEqual(keys);
  });

  it('a failed fetch: the built-in gamepad and the full keyboard, said once, own layouts still played', async () => {
    const store = createMemoryLayoutStore();
    await store.save({ username: 'u1', gameKey: 'g1' }, OP_TYPE.keyboard, [{ code: 'KeyE', label: 'E', x: 1, y: 1, size: 10 }], { width: 1, height: 1 }, null);
    const t = setup({ plans: () => Promise.reject(new Error('network down')), store });
    await t.c.load();
    await t.c.load();
    expect(t.c.status.value).toBe('fallback');
    expect(t.notes).toEqual([PLANS_FAILED]);
    expect(t.logs.join()).toMatch(/get_op_plan failed: network down/);
    expect(t.c.active(OP_TYPE.gamepad)).toBe(BUILT_IN_GAMEPAD);
    expect(t.c.active(OP_TYPE.keyboard)).toBeNull();
    t.settings.value = { ...t.settings.value, op_custom: 1 };
    expect(t.c.active(OP_TYPE.keyboard)?.keys.map((k) => k.code)).toEqual(['KeyE']);
  });

  it(`a hanging get_op_plan: the built-in layouts after ${LAYOUTS_WAIT_MS / 1000} s, said once; the late answer replaces them`, async () => {
    let answer: (r: OpPlanListResponse) => void = () => undefined;
    const t = setup({ plans: () => new Promise((r) => (answer = r)) });
    const loading = t.c.load();
    await flush();
    t.clock.advance(LAYOUTS_WAIT_MS - 1);
    expect(t.c.status.value).toBe('loading');
    expect(t.c.active(OP_TYPE.gamepad)).toBe(BUILT_IN_GAMEPAD);
    t.clock.advance(1);
    expect(t.c.status.value).toBe('fallback');
    expect(t.notes).toEqual([PLANS_FAILED]);
    answer(LIST);
    await loading;
    expect(t.c.status.value).toBe('ready');
    expect(t.c.active(OP_TYPE.gamepad)?.planId).toBe(101);
    expect(t.notes).toHaveLength(1);
  });

  it('an answer in time cancels the wait', async () => {
    const t = setup();
    await t.c.load();
    t.clock.advance(LAYOUTS_WAIT_MS * 2);
    expect(t.c.status.value).toBe('ready');
    expect(t.notes).toEqual([]);
  });

  it('an answer without a list is no plans, not a crash', async () => {
    const t = setup({ plans: () => Promise.resolve({} as OpPlanListResponse) });
    await t.c.load();
    expect(t.c.status.value).toBe('ready');
    expect(t.c.active(OP_TYPE.gamepad)).toBe(BUILT_IN_GAMEPAD);
  });

  it('without IndexedDB the own layouts last for the visit', async () => {
    const t = setup({ openStore: () => Promise.reject(new Error('no indexedDB')) });
    await t.c.load();
    expect(t.c.status.value).toBe('ready');
    await t.c.saveCustom(OP_TYPE.gamepad, BUILT_IN_GAMEPAD.keys, { width: 844, height: 390 });
    expect(t.c.active(OP_TYPE.gamepad)?.source).toBe('custom');
    expect(t.logs.join()).toMatch(/local database unavailable/);
  });

  it('answers arriving after the screen went away are dropped', async () => {
    let answer: (r: OpPlanListResponse) => void = () => undefined;
    const t = setup({ plans: () => new Promise((r) => (answer = r)) });
    const loading = t.c.load();
    await flush();
    t.c.dispose();
    answer(LIST);
    await loading;
    expect(t.c.official.value[OP_TYPE.gamepad]).toEqual([]);
    expect(t.c.status.value).toBe('loading');
  });
});
