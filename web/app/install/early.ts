/**
 * Chromium's install event is held from the first script on (build/words-first.ts inlines this): it fires once the
 * page qualifies, often before the install module has loaded after the first paint (decision 0022). Holding it also
 * keeps the browser's own install banner away: the app offers to install at a calm moment of its own.
 */
import { isLang } from '../../core/i18n/lang.ts';
import { followLanguage } from './follow-language.ts';

/** What the first script leaves for the install module (web/app/install/offer.ts), on `window`. */
export interface HeldInstall {
  /** The latest `beforeinstallprompt`, not yet used. */
  prompt: Event | null;
  /** `appinstalled` fired in this page. */
  installed: boolean;
}

export const HELD_INSTALL = 'cgInstall';

export interface EarlyWindow {
  addEventListener(type: string, fn: (e: Event) => void): void;
  [HELD_INSTALL]?: HeldInstall;
}

/**
 * Run by the first script (build/words-first.ts bundles it by name), once it named the reader's language: holds the
 * install event, and names the manifest and iOS's home-screen title in that language. @public
 */
export function installFirst(w: EarlyWindow, doc: Document): void {
  holdInstallPrompt(w);
  const lang = doc.documentElement.lang;
  followLanguage(doc, isLang(lang) ? lang : 'en');
}

function holdInstallPrompt(w: EarlyWindow): void {
  const held: HeldInstall = { prompt: null, installed: false };
  w[HELD_INSTALL] = held;
  w.addEventListener('beforeinstallprompt', (e) => {
    e.preventDefault();
    held.prompt = e;
  });
  w.addEventListener('appinstalled', () => {
    held.installed = true;
    held.prompt = null;
  });
}
