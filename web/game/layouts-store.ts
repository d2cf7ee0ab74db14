/**
 * The player's own layouts in the local database's gamepad and keyboard
 * stores (SPEC §3 "gamepad and keyboard layouts: id, name, config, screen").
 * One per user, game and op type: the store is the op type (gamepad 0,
 * keyboard 1) and `name` is `settingKey(username, game_key)`, the key the
 * game's settings use, so `op_custom` and the layout it points at belong to
 * the same player. `config` is `{ keys, plan_id }` (the keys and the official
 * plan they started from), `screen` the size they were laid out on. Nothing
 * here is cleared at log-out.
 */
import { OP_TYPE } from '../api/contract.ts';
import type { AppDb } from '../core/storage/db.ts';
import { settingKey, STORE, type LayoutKind, type LayoutRecord } from '../core/storage/db-schema.ts';
import { sanitizeKeys, type Layout, type LayoutOpType } from './layouts-choice.ts';
import type { LayoutKey, Size } from './layouts-math.ts';

export interface LayoutOwner {
  username: string;
  gameKey: string;
}

export type CustomLayouts = Partial<Record<LayoutOpType, Layout>>;

export interface CustomLayoutStore {
  load(owner: LayoutOwner): Promise<CustomLayouts>;
  /** Replaces the owner's layout of `opType`; resolves it as it will be read back. */
  save(owner: LayoutOwner, opType: LayoutOpType, keys: readonly LayoutKey[], screen: Size, planId: number | null): Promise<Layout>;
}

const KIND: Readonly<Record<LayoutOpType, LayoutKind>> = { [OP_TYPE.gamepad]: STORE.gamepad, [OP_TYPE.keyboard]: STORE.keyboard };
const OP_TYPES: readonly LayoutOpType[] = [OP_TYPE.gamepad, OP_TYPE.keyboard];

/** A stored record as a layout; null when it holds no usable key (an older or damaged record is ignored, not drawn). */
export function layoutFromRecord(rec: Pick<LayoutRecord, 'config' | 'screen'>, opType: LayoutOpType): Layout | null {
  const config = (typeof rec.config === 'object' && rec.config !== null ? rec.config : {}) as { keys?: unknown; plan_id?: unknown };
  const keys = sanitizeKeys(config.keys);
  if (keys.length === 0) return null;
  const screen = (typeof rec.screen === 'object' && rec.screen !== null ? rec.screen : {}) as Partial<Size>;
  return {
    source: 'custom',
    opType,
    planId: null,
    name: 'Mine',
    isDefault: false,
    keys,
    screen: { width: Number(screen.width) || 0, height: Number(screen.height) || 0 },
  };
}

function record(owner: LayoutOwner, keys: readonly LayoutKey[], screen: Size, planId: number | null): Omit<LayoutRecord, 'id'> {
  return { name: settingKey(owner.username, owner.gameKey), config: { keys: keys.map((k) => ({ ...k })), plan_id: planId }, screen: { width: screen.width, height: screen.height } };
}

export function createDbLayoutStore(db: Pick<AppDb, 'findLayout' | 'putNamedLayout'>): CustomLayoutStore {
  return {
    async load(owner) {
      const name = settingKey(owner.username, owner.gameKey);
      const found: CustomLayouts = {};
      for (const t of OP_TYPES) {
        const rec = await db.findLayout(KIND[t], name);
        const layout = rec ? layoutFromRecord(rec, t) : null;
        if (layout) found[t] = layout;
      }
      return found;
    },
    async save(owner, opType, keys, screen, planId) {
      const rec = record(owner, keys, screen, planId);
      const layout = layoutFromRecord(rec, opType);
      if (!layout) throw new Error('a layout needs at least one key');
      await db.putNamedLayout(KIND[opType], rec);
      return layout;
    },
  };
}

/** Without IndexedDB (private mode): layouts last for the visit. */
export function createMemoryLayoutStore(): CustomLayoutStore {
  const byOwner = new Map<string, CustomLayouts>();
  return {
    load: async (owner) => ({ ...byOwner.get(settingKey(owner.username, owner.gameKey)) }),
    async save(owner, opType, keys, screen, planId) {
      const layout = layoutFromRecord(record(owner, keys, screen, planId), opType);
      if (!layout) throw new Error('a layout needs at least one key');
      const name = settingKey(owner.username, owner.gameKey);
      byOwner.set(name, { ...byOwner.get(name), [opType]: layout });
      return layout;
    },
  };
}
