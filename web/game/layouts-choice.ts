/**
 * Which layout a game is played with (SPEC §3 game settings `op_custom`,
 * `handles_id`, `keyboard_id`): the player's own when `op_custom` is 1 and one
 * is stored for the op type; else the official plan the setting names (0 or
 * an id the server no longer offers: the plan marked `is_default`); without
 * official plans (get_op_plan failed) the built-in one. Touch-to-mouse has no
 * layout.
 */
import { OP_TYPE, type OpPlan, type OpType } from '../api/contract.ts';
import type { GameSettings } from './settings.ts';
import { defaultLabel, keyAction } from './layouts-codes.ts';
import { clampOpacity, type LayoutKey, type Size } from './layouts-math.ts';

/** The op types drawn from a layout: gamepad and keyboard-and-mouse. */
export type LayoutOpType = typeof OP_TYPE.gamepad | typeof OP_TYPE.keyboard;

export const isLayoutOpType = (t: OpType): t is LayoutOpType => t === OP_TYPE.gamepad || t === OP_TYPE.keyboard;

export interface Layout {
  source: 'official' | 'custom' | 'built-in';
  opType: LayoutOpType;
  /** The official plan's id; null for the player's own and the built-in one. */
  planId: number | null;
  name: string;
  isDefault: boolean;
  keys: readonly LayoutKey[];
  /** The screen it was laid out on. */
  screen: Size;
}

const MAX_LABEL = 12;
const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const clampPct = (v: number): number => Math.min(100, Math.max(0, v));

/** Keys a device can send, with sane numbers; anything else is left out rather than drawn wrong. */
export function sanitizeKeys(raw: unknown): LayoutKey[] {
  if (!Array.isArray(raw)) return [];
  const keys: LayoutKey[] = [];
  for (const k of raw as unknown[]) {
    if (typeof k !== 'object' || k === null) continue;
    const { code, label, x, y, size, opacity } = k as Record<string, unknown>;
    if (typeof code !== 'string' || !keyAction(code) || !finite(x) || !finite(y) || !finite(size)) continue;
    // A label is drawn inside its key: a long one from a damaged record would only spill out.
    const text = typeof label === 'string' ? label.trim().slice(0, MAX_LABEL) : '';
    const key: LayoutKey = { code, label: text || defaultLabel(code), x: clampPct(x), y: clampPct(y), size };
    if (finite(opacity)) key.opacity = clampOpacity(opacity);
    keys.push(key);
  }
  return keys;
}

/** get_op_plan's plans for one op type, in the server's order. */
export function officialLayouts(plans: readonly OpPlan[], opType: LayoutOpType): Layout[] {
  return plans
    .filter((p) => p.op_type === opType)
    .map((p) => ({
      source: 'official' as const,
      opType,
      planId: p.id,
      name: p.name,
      isDefault: p.is_default === 1,
      keys: sanitizeKeys(p.config),
      screen: { width: p.screen?.width ?? 0, height: p.screen?.height ?? 0 },
    }));
}

/** The setting that names the chosen official plan of an op type. */
export const planSetting = (opType: LayoutOpType): 'handles_id' | 'keyboard_id' => (opType === OP_TYPE.gamepad ? 'handles_id' : 'keyboard_id');

/** The official plan `id` names; 0 or an unknown id: the default plan (the first one when none is marked). */
export function pickOfficial(plans: readonly Layout[], id: number): Layout | null {
  return (id > 0 ? plans.find((p) => p.planId === id) : undefined) ?? plans.find((p) => p.isDefault) ?? plans[0] ?? null;
}

const REFERENCE: Size = { width: 844, height: 390 };
const k = (code: string, x: number, y: number, size: number): LayoutKey => ({ code, label: defaultLabel(code), x, y, size });

/**
 * The gamepad of the app itself (all 17 buttons and both sticks), for a game
 * whose plans could not be fetched; keys on one row stay 14 % apart so a
 * phone held upright (390 px) still has them side by side.
 */
export const BUILT_IN_GAMEPAD: Layout = {
  source: 'built-in',
  opType: OP_TYPE.gamepad,
  planId: null,
  name: 'Built-in',
  isDefault: true,
  screen: REFERENCE,
  keys: [
    k('STICK_L', 13, 52, 28),
    k('DPAD', 25, 80, 28),
    k('STICK_R', 75, 80, 28),
    k('BTN_Y', 85, 36, 12),
    k('BTN_X', 78, 50, 12),
    k('BTN_B', 92, 50, 12),
    k('BTN_A', 85, 64, 12),
    k('BTN_LT', 6, 26, 11),
    k('BTN_LB', 20, 26, 11),
    k('BTN_RB', 80, 26, 11),
    k('BTN_RT', 94, 26, 11),
    k('BTN_SELECT', 36, 90, 10),
    k('BTN_HOME', 50, 90, 10),
    k('BTN_START', 64, 90, 10),
    k('BTN_L3', 43, 74, 10),
    k('BTN_R3', 57, 74, 10),
  ],
};

export interface LayoutChoice {
  opType: OpType;
  /** get_op_plan's plans of this op type; null when they could not be fetched. */
  official: readonly Layout[] | null;
  custom: Layout | null;
  settings: Pick<GameSettings, 'op_custom' | 'handles_id' | 'keyboard_id'>;
}

/** The official layout in force: the chosen plan, or the built-in one. Null for a keyboard without plans: the full keyboard is drawn. */
export function officialChoice(c: Omit<LayoutChoice, 'custom'>): Layout | null {
  if (!isLayoutOpType(c.opType)) return null;
  const picked = c.official ? pickOfficial(c.official, c.settings[planSetting(c.opType)]) : null;
  return picked ?? (c.opType === OP_TYPE.gamepad ? BUILT_IN_GAMEPAD : null);
}

/** The layout a game is played with, or null (touch-to-mouse, or a keyboard with no layout at all). */
export function chooseLayout(c: LayoutChoice): Layout | null {
  if (!isLayoutOpType(c.opType)) return null;
  if (c.settings.op_custom === 1 && c.custom) return c.custom;
  return officialChoice(c);
}
