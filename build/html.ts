/**
 * The HTML shell written for every route path and for 404.html. Besides the
 * viewport it differs per route only in `#root`, which holds that route's
 * prerendered first view (build/prerender.ts); the app reads
 * location.pathname itself.
 * Paint is dark from the first byte (an inline `<style>`, allowed by its
 * hash) so there is no white flash before the stylesheet and the app arrive.
 * Every shell carries the Content-Security-Policy of build/csp.ts.
 */
import type { RuntimeConfig } from '../web/api/contract.ts';
import { VIEWPORT } from '../web/core/viewport.ts';
import { titleAttribute, type WordsLang } from '../web/app/words-first.ts';
import { contentSecurityPolicy } from './csp.ts';
import { wordsAttribute } from '../web/app/install/follow-language.ts';

export interface ShellInput {
  /** Absolute URL of the entry module, e.g. "/assets/main-ABCD1234.js". */
  entryJs: string;
  /** Absolute URL of the entry stylesheet, if the app imports CSS. */
  entryCss: string | null;
  /** Absolute URLs of every chunk the entry imports statically (transitively). */
  modulePreloads: readonly string[];
  /** The favicon found in web/public, if any: an absolute URL, or a data: URL for an SVG (write-html.ts findFavicon). */
  favicon: string | null;
  /** Dev only: URL of the live-reload event stream. */
  liveReloadUrl: string | null;
  /** The build this page belongs to: a live-reload event naming another build reloads it. */
  liveReloadBuildId?: string | null;
  /** config.json as written: its absolute bases join the CSP's connect-src. */
  config: RuntimeConfig;
  /** The viewport meta's content (web/core/viewport.ts: zoom allowed except on the game screen). */
  viewport?: string;
  /**
   * The route's prerendered first view (build/prerender.ts): `markup` goes inside `#root`, `css` (the frame's rules)
   * into an inline `<style>` the CSP allows by hash. Null or absent: an empty `#root`, as before.
   */
  prerendered?: { css: string; markup: string; firstScript?: string } | null;
  /**
   * The route's title as the app sets it (app/route-titles.ts), in English and each translation: the English is the
   * `<title>`, the translations its `data-zh-hans`/`data-zh-hant`, which the first script shows to their readers
   * (web/app/words-first.ts). Absent: TITLE, in no language in particular (404.html, dev builds).
   */
  titles?: PageTitles | null;
  /** The installed app's manifest, icon and iOS title (build/manifest.ts); absent: a page with nothing to install. */
  install?: InstallHead | null;
}

/** What every page's `<head>` says about the installed app (written by build/manifest.ts). */
export interface InstallHead {
  /** Absolute URL of each language's manifest; the first script picks the reader's (web/app/install/early.ts). */
  manifests: Record<WordsLang, string>;
  /** iOS's home-screen title in each language (apple-mobile-web-app-title). */
  titles: Record<WordsLang, string>;
  appleTouchIcon: string;
}

/** A page's title in each language the skeleton has words in. */
export type PageTitles = Readonly<Record<WordsLang, string>>;

export const BACKGROUND = '#121212';
export const TITLE = 'Cloud Gaming';
/** Marker of a dev (watch) build; tests refuse to check a dev build. */
export const LIVE_RELOAD_MARKER = 'data-live-reload';
/** The first paint's colours, before the stylesheet arrives: the one inline style (the CSP allows it by hash). */
export const SHELL_STYLE = `html,body{margin:0;background:${BACKGROUND};color:#fff}`;

const attr = (value: string): string =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The `<title>` element: the English title, each translation in a data attribute (ShellInput.titles). */
function titleElement(titles: PageTitles | null | undefined): string {
  if (!titles) return `<title>${TITLE}</title>`;
  const translations = (['zh-Hans', 'zh-Hant'] as const).map((lang) => ` ${titleAttribute(lang)}="${attr(titles[lang])}"`).join('');
  return `<title${translations}>${attr(titles.en)}</title>`;
}

/**
 * The installed app (decision 0022): the manifest and iOS's home-screen title in English, each translation in a data
 * attribute the first script swaps in (web/app/install/early.ts), so before it in `<head>`. black-translucent: the app is
 * dark to every edge and its bars keep clear of the status bar by the safe-area insets (web/frame.css).
 */
function installElements(install: InstallHead | null | undefined): string[] {
  if (!install) return [];
  const translated = (by: Readonly<Record<WordsLang, string>>): string =>
    (['en', 'zh-Hans', 'zh-Hant'] as const).map((lang) => ` ${wordsAttribute(lang)}="${attr(by[lang])}"`).join('');
  return [
    `<link rel="manifest" href="${attr(install.manifests.en)}"${translated(install.manifests)}>`,
    `<link rel="apple-touch-icon" href="${attr(install.appleTouchIcon)}">`,
    '<meta name="mobile-web-app-capable" content="yes">',
    '<meta name="apple-mobile-web-app-capable" content="yes">',
    '<meta name="apple-mobile-web-app-status-bar-style" content="black-translucent">',
    `<meta name="apple-mobile-web-app-title" content="${attr(install.titles.en)}"${translated(install.titles)}>`,
  ];
}

/**
 * The dev-only reload client: remembers the first build id it hears and
 * reloads when a different one arrives (a rebuild, or a restarted dev server).
 */
/**
 * The page knows its own build, so a rebuild that finished between writing this page and the page's
 * EventSource connecting still reloads it (the first event names the newer build). Without an id the
 * first event is taken as the page's own build.
 */
function liveReloadCode(url: string, buildId: string | null): string {
  return `(function(){var b=${JSON.stringify(buildId)};var s=new EventSource(${JSON.stringify(url)});s.onmessage=function(e){if(b&&b!==e.data)location.reload();b=e.data}})()`;
}

export function liveReloadScript(url: string, buildId: string | null = null): string {
  return `<script ${LIVE_RELOAD_MARKER}>${liveReloadCode(url, buildId)}</script>`;
}

/** The policy of this shell: its inline style and (dev) reload script by hash, the config's bases. */
export function shellPolicy(input: Pick<ShellInput, 'config' | 'liveReloadUrl' | 'liveReloadBuildId' | 'prerendered'>): string {
  return contentSecurityPolicy({
    config: input.config,
    inlineStyles: input.prerendered?.css ? [SHELL_STYLE, input.prerendered.css] : [SHELL_STYLE],
    inlineScripts: [
      ...(input.prerendered?.firstScript ? [input.prerendered.firstScript] : []),
      ...(input.liveReloadUrl ? [liveReloadCode(input.liveReloadUrl, input.liveReloadBuildId ?? null)] : []),
    ],
    liveReloadUrl: input.liveReloadUrl,
  });
}

export function renderShell(input: ShellInput): string {
  const lines = [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    // Before anything it governs: a policy met later in <head> does not cover what came first.
    `<meta http-equiv="Content-Security-Policy" content="${attr(shellPolicy(input))}">`,
    `<meta name="viewport" content="${attr(input.viewport ?? VIEWPORT)}">`,
    `<meta name="theme-color" content="${BACKGROUND}">`,
    '<meta name="color-scheme" content="dark">',
    titleElement(input.titles),
    ...installElements(input.install),
    // config.json first: tiny, and the first request waits for it. Listed after the scripts it finished last on a slow
    // link (Lighthouse with real throttling: 1.6 s after the HTML), and the first request with it. Then the entry and
    // the modulepreloads in the order the start needs them (write-html.ts). Before the inline styles: the parser then
    // asks for them before its long task over the prerendered page.
    '<link rel="preload" href="/config.json" as="fetch" crossorigin>',
    `<script type="module" src="${attr(input.entryJs)}"></script>`,
    ...input.modulePreloads.map((href) => `<link rel="modulepreload" href="${attr(href)}">`),
    `<style>${SHELL_STYLE}</style>`,
  ];
  if (input.prerendered?.css) lines.push(`<style>${input.prerendered.css}</style>`);
  // Names the reader's language before the page below is parsed and painted (build/words-first.ts).
  if (input.prerendered?.firstScript) lines.push(`<script>${input.prerendered.firstScript}</script>`);
  if (input.favicon) lines.push(`<link rel="icon" href="${attr(input.favicon)}">`);
  // Preloaded, not render-blocking: the app applies it before its first render (web/app/stylesheet.ts); the prerendered
  // frame needs only its own rules, inlined above.
  if (input.entryCss) lines.push(`<link rel="preload" href="${attr(input.entryCss)}" as="style">`);
  if (input.liveReloadUrl) lines.push(liveReloadScript(input.liveReloadUrl, input.liveReloadBuildId ?? null));
  lines.push(
    '</head>',
    '<body>',
    `<div id="root">${input.prerendered?.markup ?? ''}</div>`,
    '</body>',
    '</html>',
    '',
  );
  return lines.join('\n');
}

/** "/" → "index.html"; "/main/login/index" → "main/login/index/index.html". */
export function htmlFileForPath(routePath: string): string {
  if (!routePath.startsWith('/')) throw new Error(`route path must start with "/": ${routePath}`);
  const segments = routePath.split('/').filter((s) => s !== '');
  for (const s of segments) {
    if (s === '.' || s === '..' || s.includes('\\')) throw new Error(`unsafe route path: ${routePath}`);
  }
  return [...segments, 'index.html'].join('/');
}
