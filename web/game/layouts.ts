/**
 * The layouts of one game screen: get_op_plan's official plans (fetched once,
 * kept per op type), the player's own layouts from the local database, and
 * the choice between them that the game settings make (layouts-choice.ts).
 * Choosing or saving writes the settings through the session, so the choice
 * is kept per user and game like every other setting (SPEC §3).
 */
import { computed, signal, type ReadonlySignal } from '@preact/signals-core';
import { OP_TYPE, type GameIdRequest, type OpPlanListResponse, type OpType } from '../api/contract.ts';
import type { Clock } from '../core/clock.ts';
import type { GameSettings } from './settings.ts';
import { chooseLayout, isLayoutOpType, officialChoice, officialLayouts, planSetting, type Layout, type LayoutOpType } from './layouts-choice.ts';
import type { LayoutKey, Size } from './layouts-math.ts';
import type { CustomLayoutStore, CustomLayouts, LayoutOwner } from './layouts-store.ts';

/** What the controller tells the player; the view picks the words in the player's language. */
export type LayoutNote = 'plans-failed';

export const PLANS_FAILED: LayoutNote = 'plans-failed';
/**
 * How long the pads wait for the plans and the own layouts before drawing the
 * built-in ones: long enough that a normal answer (well before the stream is
 * up) never makes a layout jump, short enough that a hanging request (the
 * request timeout is 120 s) never leaves the player without controls. An
 * answer after it still replaces the built-in layout.
 */
export const LAYOUTS_WAIT_MS = 5000;

type LayoutSettings = Pick<GameSettings, 'op_custom' | 'handles_id' | 'keyboard_id'>;

export interface LayoutControllerDeps {
  gameId: number;
  owner: LayoutOwner;
  clock: Clock;
  getOpPlan(req: GameIdRequest): Promise<OpPlanListResponse>;
  /** The local database's layouts (opened on first use; a failure falls back to memory for the visit). */
  openStore(): Promise<CustomLayoutStore>;
  fallbackStore(): CustomLayoutStore;
  settings: ReadonlySignal<LayoutSettings>;
  updateSettings(patch: Partial<LayoutSettings>): Promise<void>;
  /** Tells the player (a toast): said once per game screen. */
  notify(note: LayoutNote): void;
  log(message: string): void;
}

/** loading: plans and own layouts not read yet; ready: both read; fallback: the plans failed, the built-in ones stand in. */
export type LayoutStatus = 'loading' | 'ready' | 'fallback';

export interface LayoutController {
  readonly status: ReadonlySignal<LayoutStatus>;
  /** Official plans per op type; empty lists until fetched and after a failed fetch. */
  readonly official: ReadonlySignal<Readonly<Record<LayoutOpType, readonly Layout[]>>>;
  readonly custom: ReadonlySignal<CustomLayouts>;
  /** The layout `opType` is played with (reads signals: call it in a computed or a component that tracks them). */
  active(opType: OpType): Layout | null;
  /** The official layout the settings choose (the editor's reset target). */
  officialFor(opType: OpType): Layout | null;
  /** Plays the official plan `planId` from now on. */
  chooseOfficial(opType: LayoutOpType, planId: number): Promise<void>;
  /** Plays the player's own layout from now on. */
  chooseCustom(): Promise<void>;
  /** Stores the player's own layout of `opType` and plays it. */
  saveCustom(opType: LayoutOpType, keys: readonly LayoutKey[], screen: Size): Promise<void>;
  /** Fetches the plans and reads the own layouts; once per game screen. */
  load(): Promise<void>;
  dispose(): void;
}

export function createLayoutController(deps: LayoutControllerDeps): LayoutController {
  const plans = signal<Readonly<Record<LayoutOpType, readonly Layout[]>> | null>(null);
  const plansFailed = signal(false);
  const custom = signal<CustomLayouts>({});
  const customRead = signal(false);
  let store: Promise<CustomLayoutStore> | null = null;
  let loading: Promise<void> | null = null;
  let disposed = false;
  let said = false;
  let waitTimer: number | undefined;

  const fallBack = (why: string): void => {
    deps.log(`layouts: ${why}`);
    plansFailed.value = true;
    if (said) return;
    said = true;
    deps.notify(PLANS_FAILED);
  };

  const storeNow = (): Promise<CustomLayoutStore> =>
    (store ??= deps.openStore().catch((e: unknown) => {
      deps.log(`layouts: local database unavailable, keeping layouts for this visit: ${String(e)}`);
      return deps.fallbackStore();
    }));

  const status = computed<LayoutStatus>(() => {
    if (!customRead.value || (!plans.value && !plansFailed.value)) return 'loading';
    return plansFailed.value ? 'fallback' : 'ready';
  });
  const official = computed(() => plans.value ?? { [OP_TYPE.gamepad]: [], [OP_TYPE.keyboard]: [] });

  const choice = (opType: OpType) => ({
    opType,
    official: plansFailed.value || !isLayoutOpType(opType) ? null : official.value[opType],
    settings: deps.settings.value,
  });

  async function fetchPlans(): Promise<void> {
    try {
      const res = await deps.getOpPlan({ game_id: deps.gameId });
      const list = Array.isArray(res?.list) ? res.list : [];
      if (disposed) return;
      plans.value = { [OP_TYPE.gamepad]: officialLayouts(list, OP_TYPE.gamepad), [OP_TYPE.keyboard]: officialLayouts(list, OP_TYPE.keyboard) };
      plansFailed.value = false;
    } catch (e) {
      if (!disposed) fallBack(`get_op_plan failed: ${e instanceof Error ? e.message : String(e)}`);
    }
  }

  async function readCustom(): Promise<void> {
    try {
      const found = await (await storeNow()).load(deps.owner);
      if (!disposed) custom.value = found;
    } catch (e) {
      deps.log(`layouts: reading own layouts failed: ${e instanceof Error ? e.message : String(e)}`);
    } finally {
      if (!disposed) customRead.value = true;
    }
  }

  return {
    status,
    official,
    custom,
    active(opType) {
      if (!isLayoutOpType(opType)) return null;
      return chooseLayout({ ...choice(opType), custom: custom.value[opType] ?? null });
    },
    officialFor: (opType) => officialChoice(choice(opType)),
    chooseOfficial: (opType, planId) =>
      deps.updateSettings(planSetting(opType) === 'handles_id' ? { handles_id: planId, op_custom: 0 } : { keyboard_id: planId, op_custom: 0 }),
    chooseCustom: () => deps.updateSettings({ op_custom: 1 }),
    async saveCustom(opType, keys, screen) {
      const from = officialChoice(choice(opType));
      const saved = await (await storeNow()).save(deps.owner, opType, keys, screen, from?.planId ?? null);
      if (disposed) return;
      custom.value = { ...custom.value, [opType]: saved };
      await deps.updateSettings({ op_custom: 1 });
    },
    load() {
      if (loading) return loading;
      waitTimer = deps.clock.setTimeout(() => {
        if (disposed) return;
        if (!plans.value) fallBack(`get_op_plan gave no answer within ${LAYOUTS_WAIT_MS} ms`);
        if (!customRead.value) {
          deps.log('layouts: own layouts not read yet; they join when they are');
          customRead.value = true;
        }
      }, LAYOUTS_WAIT_MS);
      loading = Promise.all([fetchPlans(), readCustom()]).then(() => deps.clock.clearTimeout(waitTimer));
      return loading;
    },
    dispose() {
      disposed = true;
      deps.clock.clearTimeout(waitTimer);
    },
  };
}
