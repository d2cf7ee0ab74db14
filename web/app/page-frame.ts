/**
 * The page frame's classes (web/frame.css), worked out once for the app's frame (App.tsx) and the prerendered one
 * (PageSkeleton.tsx): the app replaces the skeleton without a layout shift only if both draw the same box
 * (docs/decisions/0014-prerender.md).
 */
import type { RouteMeta } from './route-types.ts';

/** The selected tab of a page that has the tab bar; null on any other page, and on a path with no route. */
export function frameTab(meta: RouteMeta | null): number | null {
  return meta?.isTabBar ? meta.tabBarIndex : null;
}

/** `.page`, contained (fixed layout or no scrolling: the page scrolls inside its own parts), room for the tab bar. */
export function frameClass(meta: RouteMeta | null): string {
  const contained = !!meta && (meta.fixed || meta.disableScroll);
  return ['page', contained ? 'page--contained' : '', frameTab(meta) !== null ? 'page--tabbar' : ''].filter(Boolean).join(' ');
}
