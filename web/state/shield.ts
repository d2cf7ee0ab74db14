/**
 * Shielded games (SPEC §5 "Some games are hidden via a shield list", §7
 * ps_shield): the client hides them itself, whatever a list endpoint
 * answers. One filter, applied where each list comes from (shield-api.ts
 * wraps the app's API once, so no page has to remember it).
 */
import { BODY_CODE, type HomeList } from '../api/contract.ts';
import { ApiError } from '../core/http/errors.ts';

export type ShieldList = ReadonlySet<number>;
export const NO_SHIELD: ShieldList = new Set();

/** ps_shield's `game` ("3,17") as ids; anything not an id is ignored rather than hiding the wrong game. */
export function parseShield(list: string | null | undefined): ShieldList {
  if (typeof list !== 'string') return NO_SHIELD;
  const ids = list
    .split(',')
    .map((s) => s.trim())
    .filter((s) => /^\d+$/.test(s))
    .map(Number);
  return new Set(ids);
}

/** The one filter: games whose id is shielded are left out, order kept. */
export function withoutShielded<T extends { id: number }>(items: readonly T[], shield: ShieldList): T[] {
  return shield.size === 0 ? [...items] : items.filter((g) => !shield.has(g.id));
}

/** Home: banners opening a shielded game and shielded games of each section go; a section left empty goes too. */
export function shieldHome(home: HomeList, shield: ShieldList): HomeList {
  return {
    banners: home.banners.filter((b) => !shield.has(b.game_id)),
    sections: home.sections.map((s) => ({ ...s, games: withoutShielded(s.games, shield) })).filter((s) => s.games.length > 0),
  };
}

/** A page of a list with its shielded games left out (total shrinks by as many). */
function shieldPage<P extends { list: { id: number }[]; total?: number }>(page: P, shield: ShieldList): P {
  const list = withoutShielded(page.list, shield);
  const gone = page.list.length - list.length;
  return page.total === undefined ? { ...page, list } : { ...page, list, total: Math.max(0, page.total - gone) };
}

/** Body code 0 "Game not found": what game_info answers for a shielded id, so the detail page shows its not-found state. */
const notFound = (): ApiError => new ApiError({ code: BODY_CODE.failed, msg: 'Game not found' });

/** Loads ps_shield once a visit; a failed call hides nothing and is tried again by the next list. Never rejects. */
export function createShieldSource(fetch: () => Promise<{ game: string } | null>): () => Promise<ShieldList> {
  let loaded: Promise<ShieldList> | null = null;
  return () => {
    loaded ??= fetch().then(
      // An answer without data is an answer: nothing shielded (bad input never fails the list it guards).
      (r) => parseShield(r?.game),
      () => {
        loaded = null;
        return NO_SHIELD;
      },
    );
    return loaded;
  };
}

/** The calls whose answers carry games: each passes the shield. */
export type ShieldedCall = 'gameList' | 'gameSearch' | 'hotGame' | 'playedList' | 'similarList' | 'homeList' | 'gameInfo';

/** One answer of `call` with the shielded games left out (game_info of a shielded game: "Game not found"). */
export function applyShield<R>(call: ShieldedCall, answer: R, shield: ShieldList): R {
  const r = answer as never;
  switch (call) {
    case 'homeList':
      return shieldHome(r, shield) as R;
    case 'gameInfo':
      if (shield.has((r as { id: number }).id)) throw notFound();
      return answer;
    case 'similarList':
      return { ...(r as object), list: withoutShielded((r as { list: { id: number }[] }).list, shield) } as R;
    default:
      return shieldPage(r as { list: { id: number }[]; total?: number }, shield) as R;
  }
}
