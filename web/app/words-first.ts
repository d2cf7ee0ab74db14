/**
 * The shell's first script (build/words-first.ts inlines it into every page's HTML, before the prerendered page): it
 * names the reader's language before the first paint, so the skeleton shows login's words in it and in no other
 * (app/PageSkeleton.tsx, frame.css `html[data-words]`). The same choice as the app's start (app/language.ts): the
 * settings choice, else the host's `?lang=`, else the browser's. With scripts off nothing is named and no words show.
 */
import { resolveLang, type Lang } from '../core/i18n/lang.ts';
import { STORAGE_KEY } from '../core/storage/keys.ts';
import { decodeEntry } from '../core/storage/local.ts';

/** The languages the skeleton has words in; Spanish and French readers see English, as in the app (i18n/translations.ts). */
export type WordsLang = 'en' | 'zh-Hans' | 'zh-Hant';

export function wordsLang(lang: Lang): WordsLang {
  return lang === 'zh-Hans' || lang === 'zh-Hant' ? lang : 'en';
}

/** The attribute of `<title>` that holds its text in `words` (build/html.ts writes it, nameReaderLanguage reads it). */
export const titleAttribute = (words: Exclude<WordsLang, 'en'>): string => `data-${words.toLowerCase()}`;

export interface ReaderSources {
  /** The stored settings entry (`localStorage.language`); may throw where storage is refused. */
  readChoice: () => string | null;
  search: string;
  languages: readonly string[];
}

/** The reader's language, as the app's start will resolve it. */
export function readerLang({ readChoice, search, languages }: ReaderSources): Lang {
  let chosen: unknown = null;
  try {
    const raw = readChoice();
    chosen = raw === null ? null : decodeEntry(raw)?.value;
  } catch {
    // Storage refused (private mode, a sandboxed webview): the host's or the browser's language, as the app does.
  }
  return resolveLang({ chosen, host: new URLSearchParams(search).get('lang'), browser: languages });
}

/**
 * Sets `lang` and `data-words` on the document element, and the page's title in the reader's words: the build writes
 * each translation of it on `<title>` (build/html.ts), the one the app will set (ShellLayers, after the first view).
 */
export function nameReaderLanguage(root: HTMLElement, sources: ReaderSources): void {
  const lang = readerLang(sources);
  const words = wordsLang(lang);
  root.lang = lang;
  root.dataset.words = words;
  const title = root.querySelector('title');
  const translated = words === 'en' ? null : title?.getAttribute(titleAttribute(words));
  if (title && translated) title.textContent = translated;
}

/** What the inline script runs, in the page (build/words-first.ts bundles it by name). @public */
export function nameReaderLanguageInPage(): void {
  nameReaderLanguage(document.documentElement, {
    readChoice: () => localStorage.getItem(STORAGE_KEY.language),
    search: location.search,
    languages: navigator.languages?.length ? navigator.languages : [navigator.language],
  });
}
