/**
 * The prerendered static export (docs/decisions/0014-prerender.md): each route's first view — frame,
 * tab bar, a wordless skeleton of the content — rendered to HTML here in Node with React's server renderer, so it
 * paints from the HTML alone. react-dom/server never reaches the browser: only the build imports this module.
 */
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { PageSkeleton, type TabNames } from '../web/app/PageSkeleton.tsx';
import { LOGIN_WORD_KEYS, type LoginWords } from '../web/app/skeleton-shapes.tsx';
import type { WordsLang } from '../web/app/words-first.ts';
import { findRoute } from '../web/app/route-table.ts';
import { routeTitles, type TitleKey } from '../web/app/route-titles.ts';
import type { PageTitles } from './html.ts';
import { BASES } from '../web/core/i18n/messages.ts';
import zhHans from '../web/core/i18n/locales/zh-Hans.ts';
import zhHant from '../web/core/i18n/locales/zh-Hant.ts';
import { DEFAULT_TAB_ITEMS, type TabName } from '../web/state/tabbar.ts';
import { APP_ICON } from '../web/ui/drawn-icons.ts';
// Registers the tab bar's English texts in BASES: the skeleton names its tabs with the bar's own words.
import '../web/ui/TabBar.tsx';
// And login's, for its words.
import '../web/pages/main/login/words.ts';

/** The frame's rules (tokens, page box, tab bar, skeleton), inlined into every page. */
export const FRAME_CSS = 'web/frame.css';

/**
 * A component's texts `keys` in every language the app has texts for: English, then each translation as the app
 * shows it (English for a missing key). A key with no English text is a build error, not an empty word.
 */
function inEveryLanguage<K extends string>(component: string, keys: readonly K[]): { lang: WordsLang; texts: Record<K, string> }[] {
  const en = BASES.get(component) ?? {};
  const textsIn = (texts: Record<string, unknown>): Record<K, string> =>
    Object.fromEntries(
      keys.map((k) => {
        const own = texts[k] ?? en[k];
        if (typeof own !== 'string') throw new Error(`no ${component} text "${k}"`);
        return [k, own];
      }),
    ) as Record<K, string>;
  return [
    { lang: 'en', texts: textsIn(en) },
    { lang: 'zh-Hans', texts: textsIn(zhHans[component] ?? {}) },
    { lang: 'zh-Hant', texts: textsIn(zhHant[component] ?? {}) },
  ];
}

/** The tab names in every language, so the links are named with JavaScript off whatever the reader's language. */
export function tabNames(): TabNames[] {
  const tabs: readonly TabName[] = DEFAULT_TAB_ITEMS.map((item) => item.name);
  return inEveryLanguage('ui/tabbar', tabs).map(({ lang, texts }) => ({ lang, names: texts }));
}

/**
 * Login's first-view words in every language, so its skeleton can say them in the reader's language before any script
 * of the app runs (its largest paint is text).
 */
export function loginWords(): LoginWords[] {
  return inEveryLanguage('login/page', LOGIN_WORD_KEYS).map(({ lang, texts }) => ({ lang, words: texts }));
}

/** The public folder the icons are served from (web/public/icons → /icons, web/public/favicon.svg → /favicon.svg). */
const PUBLIC_DIR = path.join(import.meta.dirname, '..', 'web', 'public');

let drawnIconCache: Record<string, string> | null = null;

/**
 * The SVG markup by URL path of the icons the skeleton draws inline (the tab icons, the app's icon in home's header):
 * an <img> would wait for its request, and the first paint with it. Only a file that is one plain <svg> element is
 * inlined (no script can hide in it).
 */
export function drawnIcons(): Record<string, string> {
  if (drawnIconCache) return drawnIconCache;
  const paths = [...DEFAULT_TAB_ITEMS.flatMap((item) => [item.iconPath, item.selectedIconPath]), APP_ICON];
  const icons: Record<string, string> = {};
  for (const p of paths) {
    const svg = readFileSync(path.join(PUBLIC_DIR, p), 'utf8').trim();
    if (!/^<svg [^>]*>/.test(svg) || !svg.endsWith('</svg>') || /<script|<style|\son\w+=|style=|href=/i.test(svg)) {
      throw new Error(`${p}: a drawn icon must be a plain <svg> to be inlined`);
    }
    icons[p] = svg.replace(/^<svg /, '<svg aria-hidden="true" focusable="false" ');
  }
  drawnIconCache = icons;
  return icons;
}

/** A route's title in every language, as the app's tab title will read (ShellLayers); null for 404.html. */
export function pageTitles(routePath: string | null): PageTitles | null {
  const route = routePath === null ? undefined : findRoute(routePath);
  if (!route) return null;
  const keys = Object.keys(routeTitles.get()) as TitleKey[];
  return Object.fromEntries(inEveryLanguage('app/routes', keys).map(({ lang, texts }) => [lang, texts[route.title]])) as PageTitles;
}

/** The markup of `#root` for a route path; null is 404.html (a bare frame: the app shows the not-found page). */
export function prerenderRoute(routePath: string | null): string {
  const route = routePath === null ? null : (findRoute(routePath) ?? null);
  return renderToString(createElement(PageSkeleton, { route, tabNames: tabNames(), icons: drawnIcons(), loginWords: loginWords() }));
}

/** web/frame.css minified, for the shell's inline `<style>` (allowed by its hash, build/csp.ts). */
export async function frameStyle(root: string): Promise<string> {
  const source = await readFile(path.join(root, FRAME_CSS), 'utf8');
  const { code } = await esbuild.transform(source, { loader: 'css', minify: true });
  return code.trim();
}
