/**
 * Which language the app shows (issue 9): the player's choice in settings, else
 * what the host app says, else the browser's. One atom every translated
 * component reads through `messages.ts`; the choice is kept under its own key so
 * logging out (which clears only the login) keeps it.
 */
import { atom } from 'nanostores';
import { LANGS, detectLang, type Lang } from './lang.ts';

export const locale = atom<Lang>('en');

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

/** Each language's own name, so a reader finds theirs whatever is showing now. */
export const LANG_NAMES: Readonly<Record<Lang, string>> = {
  'zh-Hans': '简体中文',
  'zh-Hant': '繁體中文',
  en: 'English',
  es: 'Español',
  fr: 'Français',
};

