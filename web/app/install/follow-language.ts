/**
 * The manifest and iOS's home-screen title follow the language the player chooses in the app (decision 0022): the
 * first script named them in the reader's language at load (web/app/words-first.ts); a later choice in settings
 * switches them too, so an app installed after it is named in it. Every page's `<head>` carries each language's
 * value (build/html.ts).
 */
import type { Lang } from '../../core/i18n/lang.ts';
import { titleAttribute, wordsLang, type WordsLang } from '../words-first.ts';

/** The attribute holding an install element's value in `words`. */
export const wordsAttribute = (words: WordsLang): string => (words === 'en' ? 'data-en' : titleAttribute(words));

export const INSTALL_ELEMENTS = 'link[rel="manifest"],meta[name="apple-mobile-web-app-title"]';

export function followLanguage(root: ParentNode, lang: Lang): void {
  const attribute = wordsAttribute(wordsLang(lang));
  for (const el of root.querySelectorAll(INSTALL_ELEMENTS)) {
    const value = el.getAttribute(attribute);
    if (value) el.setAttribute(el.tagName === 'LINK' ? 'href' : 'content', value);
  }
}
