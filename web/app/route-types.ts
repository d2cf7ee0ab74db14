/**
 * The shape of a route entry (app/route-table.ts holds the entries): what a page's entry says, and what the app and
 * the build read once it is resolved.
 */
import type { PageKey } from '../core/paths.ts';
import type { TitleKey } from './route-titles.ts';

export interface RouteMeta {
  /** Back from here leaves the app (closes the host webview). */
  isQuit: boolean;
  /** A page the app may be entered on directly. */
  isEntry: boolean;
  isTabBar: boolean;
  tabBarIndex: number | null;
  disableScroll: boolean;
  /** Fixed layout: the page fills the viewport and scrolls inside its own parts. */
  fixed: boolean;
  /** In px on the 750-rpx design (SPEC §9: 125 by default, 152 on home). */
  navigationBarHeight: number;
  pageBackgroundColor: string;
}

/** The prerendered content of a page's first view (app/skeleton-shapes.tsx); `none` leaves the frame bare. */
export const SKELETON_SHAPES = ['feed', 'library', 'grid', 'profile', 'detail', 'form', 'login', 'text', 'none'] as const;
export type SkeletonShape = (typeof SKELETON_SHAPES)[number];

/** What only the build reads about a page; none of it is in the browser's bundle (route-table.ts `BROWSER_BUNDLE`). */
export interface BuildFacts {
  /** The page's module, under web/pages (pages.ts imports it lazily): its chunk is the one its HTML modulepreloads. */
  source: string;
  /** Its prerendered skeleton (build/prerender.ts, docs/decisions/0014-prerender.md). */
  skeleton: SkeletonShape;
  /** Its first view opens with the navigation bar's back button (ui/NavBar.tsx `onBack`), which the skeleton draws. */
  back: boolean;
  /**
   * Lazy modules under web/pages its first view always imports, kept out of the first load but modulepreloaded by its
   * HTML and grouped with the API client's code (docs/decisions/0015-first-load.md): home's feed draws its largest paint.
   */
  firstView?: readonly string[];
}

export interface PageEntry {
  /** White-listed: no login needed. */
  public: boolean;
  /** Where it differs from the default meta. */
  meta?: Partial<RouteMeta>;
  /** A second path of the page (home's, SPEC §2). */
  alias?: string;
  /**
   * Its first view calls the API: the API client loads with the app (start.ts) and its HTML announces the client's
   * chunks (docs/decisions/0015-first-load.md).
   */
  callsFirst?: boolean;
  /** Of those, its first answer (app/first-request.ts) names its largest paint, an image: the rest of the art waits for it (ui/first-image.ts). */
  firstImage?: boolean;
  /** Its rank in the chunks preloaded on idle after the first paint (tabs and login first); none: loaded when opened. */
  preload?: number;
  /** The title it shows (route-titles.ts), its own unless given: an overlay shows its full page's. */
  title?: TitleKey;
  /** Absent from the browser's bundle: read it through route-table.ts `buildFacts`. */
  build?: BuildFacts;
}

/** A page whose key names no title must say whose title it shows. */
export type PageTable = { readonly [K in PageKey]: PageEntry & (K extends TitleKey ? unknown : { title: TitleKey }) };

/** One page with its facts resolved: its key, the whole meta, the title it shows. */
export interface PageDef extends Omit<PageEntry, 'meta' | 'title'> {
  page: PageKey;
  meta: RouteMeta;
  title: TitleKey;
}

/** One path of a page: what the guard, the frame and the build's index.html for that path read. */
export interface RouteDef extends PageDef {
  path: string;
}
