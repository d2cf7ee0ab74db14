/**
 * The supported languages, picking one from the browser, and the one stock string the shell needs
 * before any page loads (SPEC §8). Kept apart from the other strings so the first load carries only these.
 */

export type Lang = 'en' | 'es' | 'fr' | 'zh-Hans' | 'zh-Hant';

export const LANGS: readonly Lang[] = ['en', 'es', 'fr', 'zh-Hans', 'zh-Hant'];

/** Regions that write Traditional Chinese even when the tag does not say "Hant". */
const HANT_REGIONS = new Set(['tw', 'hk', 'mo']);

/** Maps a BCP 47 tag (navigator.language) to a supported language; English when nothing fits. */
export function detectLang(navigatorLanguage: string): Lang {
  const parts = String(navigatorLanguage ?? '')
    .trim()
    .toLowerCase()
    .replace(/_/g, '-')
    .split('-');
  const [primary = '', ...rest] = parts;
  if (primary === 'zh') {
    if (rest.includes('hant')) return 'zh-Hant';
    if (rest.includes('hans')) return 'zh-Hans';
    return rest.some((p) => HANT_REGIONS.has(p)) ? 'zh-Hant' : 'zh-Hans';
  }
  return LANGS.find((l) => l === primary) ?? 'en';
}

export const isLang = (value: unknown): value is Lang => (LANGS as readonly unknown[]).includes(value);

export interface LangSources {
  /** The stored settings choice (anything else stored is ignored). */
  chosen?: unknown;
  /** A tag from the host app (`?lang=` on the webview URL or the bridge's `language` event). */
  host?: string | null;
  /** navigator.languages, best first. */
  browser?: readonly string[];
}

/** The first source that names a language wins; a host or browser tag is mapped the way SPEC §8's stock strings are. */
export function resolveLang({ chosen, host, browser = [] }: LangSources): Lang {
  if (isLang(chosen)) return chosen;
  if (typeof host === 'string' && host.trim() !== '') return detectLang(host);
  const first = browser.find((tag) => typeof tag === 'string' && tag.trim() !== '');
  return detectLang(first ?? '');
}

/** SPEC §8 stock string, shown when a page chunk does not load. */
export const CONNECTION_TIMEOUT: Readonly<Record<Lang, string>> = {
  en: 'Connection timed out, click the screen to try again',
  es: 'Se agotó el tiempo de conexión, haga clic en la pantalla para volver a intentarlo',
  fr: "Délai de connexion dépassé, cliquez sur l'écran pour réessayer",
  'zh-Hans': '连接服务器超时，点击屏幕重试',
  'zh-Hant': '連接伺服器超時，點擊螢幕重試',
};
