/**
 * The app's language at start and on every change (decision 0010): the settings
 * choice, else the host app's (`?lang=` on the webview URL, then its bridge
 * `language` event), else the browser's. The page's `lang` attribute follows,
 * so screen readers and fonts pick the right language.
 */
import type { Bridge } from '../core/bridge.ts';
import type { LocalStore } from '../core/storage/local.ts';
import { STORAGE_KEY } from '../core/storage/keys.ts';
import { detectLang, type Lang } from '../core/i18n/lang.ts';
import { isLang, locale, resolveLang } from '../core/i18n/locale.ts';
import { setLocale } from '../core/i18n/messages.ts';

interface LanguageDeps {
  local: LocalStore;
  bridge: Pick<Bridge, 'on'>;
  search: string;
  languages: readonly string[];
  root: { lang: string };
}

let deps: LanguageDeps | null = null;

/** Resolves once the starting language's texts are loaded, so the first render is already in it. */
export async function startLanguage(d: LanguageDeps): Promise<void> {
  deps = d;
  locale.subscribe((lang) => {
    d.root.lang = lang;
  });
  const host = new URLSearchParams(d.search).get('lang');
  // The host speaks only while the player has not chosen: a choice in settings is theirs to keep.
  d.bridge.on('language', (tag) => {
    if (!isLang(chosenLanguage()) && typeof tag === 'string' && tag.trim() !== '') void setLocale(detectLang(tag));
  });
  await setLocale(resolveLang({ chosen: chosenLanguage(), host, browser: d.languages }));
}

/** The stored settings choice, if any. */
export function chosenLanguage(): Lang | null {
  const v = deps?.local.getOr<unknown>(STORAGE_KEY.language, null);
  return isLang(v) ? v : null;
}

/** Settings: keep the choice and show it at once, without a reload. */
export async function chooseLanguage(lang: Lang): Promise<void> {
  deps?.local.set(STORAGE_KEY.language, lang);
  await setLocale(lang);
}
