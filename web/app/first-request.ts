/**
 * Each page's first request, the call its first view waits for (LCP, decision 0015: the first banner or cover comes from
 * its answer). start.ts starts it as soon as config, language and session are known, in parallel with the page's
 * code; the page's own identical call then takes that answer (api-client.ts, core/early-call.ts). The library builds
 * its query from here; home's and the detail's calls are the ones below, word for word (tests/unit/app/first-request
 * .test.ts). A page whose call drifts from its entry just stops taking the early answer: one wasted request.
 */
import type { Game, GameSummary, HomeList, Page } from '../api/contract.ts';
import type { Api } from '../api/endpoints.ts';
import type { EarlyCalls } from '../core/early-call.ts';
import type { PageKey } from '../core/paths.ts';
import { parseId, type SortKey } from '../state/catalogue.ts';

/** How every first-view list is read: no toast, the page shows its own error state. */
export const PAGE_CALL = { silent: true } as const;

/** The library's grid: a page of games for its sort and tag (0: every tag). */
export const libraryQuery = (page: number, sort: SortKey, tag: number) => ({ page, page_size: 20, sort, ...(tag ? { tag_id: tag } : {}) });
/** What the library shows first: every tag, hottest first. */
export const LIBRARY_START = { sort: 'hot' as SortKey, tag: 0 };

/** A call of the API by name and its arguments, exactly as the page makes it. */
export type FirstCall = { [K in keyof Api]: [K, ...Parameters<Api[K]>] }[keyof Api];

/** Per page, its first request for the URL's query; none when the query names nothing to ask for. */
export const FIRST_REQUEST: Partial<Record<PageKey, (query: URLSearchParams) => FirstCall | null>> = {
  home: () => ['homeList', {}, PAGE_CALL],
  gameLibrary: () => ['gameList', libraryQuery(1, LIBRARY_START.sort, LIBRARY_START.tag), PAGE_CALL],
  gameDetail: (query) => {
    const id = parseId(query.get('game_id'));
    return id === null ? null : ['gameInfo', { game_id: id }, PAGE_CALL];
  },
};

/**
 * The first view's largest paint in a first answer (home's first banner, the library's first cover, the detail's
 * banner): the image the page will draw first, with `fetchpriority="high"` (feed.tsx, ui/GameCard.tsx, detail).
 */
export function firstImage(name: FirstCall[0], answer: unknown): string | undefined {
  // Read warily: an odd answer is the page's to report, the hint just does not happen.
  const image =
    name === 'homeList'
      ? (answer as Partial<HomeList> | null)?.banners?.[0]?.image
      : name === 'gameList'
        ? (answer as Partial<Page<GameSummary>> | null)?.list?.[0]?.cover
        : name === 'gameInfo'
          ? (answer as Partial<Game> | null)?.banner
          : undefined;
  return typeof image === 'string' && image !== '' ? image : undefined;
}

/**
 * Starts `first` on `api` as the early call that the page's own identical call takes (core/early-call.ts). Once it
 * answered, `hint` gets its first image, so the image can be on its way while the page's code still arrives; an
 * answer without one, or none, gives it undefined.
 */
export function startEarly(early: EarlyCalls, api: Api, [name, ...args]: FirstCall, hint: (image: string | undefined) => void = () => undefined): void {
  const method = api[name] as (...a: unknown[]) => Promise<unknown>;
  early.start(name, args, () =>
    method(...args).then(
      (answer) => {
        hint(firstImage(name, answer));
        return answer;
      },
      (err: unknown) => {
        hint(undefined);
        throw err;
      },
    ),
  );
}
