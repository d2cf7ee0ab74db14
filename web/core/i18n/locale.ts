/**
 * Which language the app shows (decision 0010): the player's choice in settings, else
 * what the host app says, else the browser's. One atom every translated
 * component reads through `messages.ts`; the choice is kept under its own key so
 * logging out (which clears only the login) keeps it.
 */
import { atom } from 'nanostores';
import type { Lang } from './lang.ts';

export const locale = atom<Lang>('en');

// Pure, in lang.ts: the shell's first script (app/words-first.ts) resolves the same way without the store.
export { isLang, resolveLang } from './lang.ts';

/** Each language's own name, so a reader finds theirs whatever is showing now. */
export const LANG_NAMES: Readonly<Record<Lang, string>> = {
  'zh-Hans': '简体中文',
  'zh-Hant': '繁體中文',
  en: 'English',
  es: 'Español',
  fr: 'Français',
};

