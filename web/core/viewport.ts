/**
 * The viewport meta of every page. Players may pinch-zoom every page (WCAG
 * 1.4.4 resize text) except the game screen, where a pinch is a game gesture
 * and a zoomed stream would put the controls out of reach. build/html.ts
 * writes it per path; the game screen also sets it while shown, because the
 * app reaches it without a page load.
 */
import { GAME_PATH } from './paths.ts';

export const VIEWPORT = 'width=device-width,initial-scale=1,viewport-fit=cover';
export const VIEWPORT_NO_ZOOM = `${VIEWPORT},maximum-scale=1,user-scalable=no`;

/** The viewport meta content of the page at `path` (a route path; null for 404.html). */
export const viewportFor = (path: string | null): string => (path === GAME_PATH ? VIEWPORT_NO_ZOOM : VIEWPORT);
