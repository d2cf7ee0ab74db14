/**
 * Catalogue rules (SPEC §2 game routes, §7 catalogue calls): query values,
 * paging, recent searches, the search debounce and display formats (the
 * links are in web/core/paths.ts). Framework-free,
 * so each rule is unit-tested once (tests/unit/catalogue).
 */
import type { Game } from '../api/contract.ts';
import type { Api } from '../api/endpoints.ts';
import type { Clock } from '../core/clock.ts';
import { formatCount as intlCount } from '../core/i18n/count.ts';
import type { Lang } from '../core/i18n/lang.ts';
import { locale } from '../core/i18n/locale.ts';
import { count, messages, params } from '../core/i18n/messages.ts';

const text = messages('state/catalogue', {
  hot: 'Hot',
  new: 'New',
  rating: 'Top rated',
  games: count({ one: '{count} game', other: '{count} games' }),
  playedOnce: params('{day} · played once'),
  playedTimes: params('{day} · played {times} times'),
});

/** A positive integer from a query value, else null ("abc", "0", "-3", "1.5" are not ids). */
export function parseId(value: string | null | undefined): number | null {
  if (!value || !/^\d+$/.test(value)) return null;
  const n = Number(value);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

export type SortKey = 'hot' | 'new' | 'rating';
export const SORT_KEYS: readonly SortKey[] = ['hot', 'new', 'rating'];
/** A sort's name in the language showing. */
export function sortLabel(key: SortKey): string {
  const t = text.get();
  return key === 'hot' ? t.hot : key === 'new' ? t.new : t.rating;
}
export function parseSort(value: string | null | undefined): SortKey | undefined {
  return value === 'hot' || value === 'new' || value === 'rating' ? value : undefined;
}

// ---------------------------------------------------------------- paging

export interface PagedState<T> {
  items: T[];
  /** The last page loaded (0 before the first). */
  page: number;
  hasMore: boolean;
}
export const emptyPaged = <T>(): PagedState<T> => ({ items: [], page: 0, hasMore: true });

/** Appends one answered page; items already shown (same id) are not repeated when the list shifted between pages. */
export function appendPage<T extends { id: number }>(
  state: PagedState<T>,
  page: { list: T[]; page: number; has_more: 0 | 1 },
): PagedState<T> {
  if (page.page <= state.page) return state;
  const seen = new Set(state.items.map((i) => i.id));
  const fresh = page.list.filter((i) => !seen.has(i.id));
  return { items: [...state.items, ...fresh], page: page.page, hasMore: page.has_more === 1 && page.list.length > 0 };
}

// ---------------------------------------------------------------- recent searches

export const RECENT_KEY = 'catalogue_recent_searches';
export const RECENT_MAX = 10;
export const SEARCH_DEBOUNCE_MS = 300;

/** Newest first; blank keywords ignored; a repeat (any case) moves to the front; at most RECENT_MAX kept. */
export function addRecent(list: readonly string[], keyword: string, max = RECENT_MAX): string[] {
  const k = keyword.trim().replace(/\s+/g, ' ');
  if (!k) return [...list];
  const rest = list.filter((x) => x.toLowerCase() !== k.toLowerCase());
  return [k, ...rest].slice(0, max);
}
export const removeRecent = (list: readonly string[], keyword: string): string[] => list.filter((x) => x !== keyword);

/** Anything not a string list in storage (another version, a bad write) reads as no history. */
export function readRecent(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((x): x is string => typeof x === 'string' && x.trim() !== '').slice(0, RECENT_MAX) : [];
}

export interface Debouncer<T> {
  push(value: T): void;
  cancel(): void;
}
/** Calls `fn` with the last value once `ms` passed without a newer one (search: 300 ms). */
export function createDebouncer<T>(clock: Clock, ms: number, fn: (value: T) => void): Debouncer<T> {
  let id: number | undefined;
  return {
    push(value) {
      clock.clearTimeout(id);
      id = clock.setTimeout(() => {
        id = undefined;
        fn(value);
      }, ms);
    },
    cancel() {
      clock.clearTimeout(id);
      id = undefined;
    },
  };
}

// ---------------------------------------------------------------- display

/** 950 → "950", 12_345 → "12.3K", 2_500_000 → "2.5M" (18.4万 in Chinese); never negative. */
export function formatCount(n: number, lang: Lang = locale.get()): string {
  return intlCount(Number.isFinite(n) && n > 0 ? Math.floor(n) : 0, lang);
}

/** Paragraphs of a game description (blank-line separated); feature lines ("• ") stay lines. */
export function paragraphs(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}
/** Whether a description is long enough to collapse behind "More". */
export const isLongText = (text: string, limit = 160): boolean => text.length > limit || paragraphs(text).length > 2;

/** game_info answers body code 0 ("Game not found") for a missing or shielded id (SPEC §6 shield list). */
export function isGameNotFound(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 0;
}

/**
 * The game a detail page shows (the page and the overlay sheet alike): null when the id is no game's or
 * game_info answers "Game not found" (missing, or shielded: SPEC §6) — nothing to retry; any other failure
 * rejects, for the page to offer a retry.
 */
export function findGame(api: Pick<Api, 'gameInfo'>, id: number | null): Promise<Game | null> {
  if (id === null) return Promise.resolve(null);
  return api.gameInfo({ game_id: id }, { silent: true }).then(
    (game) => game,
    (e: unknown) => {
      if (isGameNotFound(e)) return null;
      throw e;
    },
  );
}

/** "1 game", "44 games". */
export const gamesCount = (n: number): string => text.get().games(n);

/** Under a played game: the day of the last play and how often ("2026-11-22 · played 3 times"). */
export function playedLabel(lastPlayed: string, times: number): string {
  const day = lastPlayed.slice(0, 10);
  const t = text.get();
  return times === 1 ? t.playedOnce({ day }) : t.playedTimes({ day, times });
}
