/**
 * The translator (decision 0010): `messages(component, englishBase)` gives a
 * store of that component's texts in the current language. English lives
 * beside the code that shows it; other languages come from `locales/` on
 * demand and fall back to English key by key.
 */
import { createI18n, type ComponentsJSON, type Translations } from '@nanostores/i18n';
import { locale } from './locale.ts';
import { loadTranslations } from './translations.ts';
import type { Lang } from './lang.ts';

export { count, params } from '@nanostores/i18n';

/**
 * Every component asked for gets an entry, even one the language lacks: the library waits for each requested
 * component to arrive, and a missing one would leave it loading for ever (es and fr have no files).
 */
async function get(code: Lang, components: string[]): Promise<ComponentsJSON> {
  let all: ComponentsJSON = {};
  try {
    all = await loadTranslations(code);
  } catch {
    // A language chunk that fails to load leaves English on screen rather than nothing.
  }
  return { ...Object.fromEntries(components.map((c) => [c, {}])), ...all };
}

export const i18n = createI18n<Lang, 'en'>(locale, { baseLocale: 'en', get });

/** Every component's English base, by name: the key test compares each language file against it. */
export const BASES = new Map<string, Translations>();

export function messages<Body extends Translations>(component: string, base: Body): ReturnType<typeof i18n<Body>> {
  BASES.set(component, base);
  return i18n(component, base);
}

/**
 * Switches the language once its texts are here, so the screen changes in one step instead of showing English
 * first. Resolves when the switch is made (English if the chunk failed).
 */
export async function setLocale(lang: Lang): Promise<void> {
  if (lang !== 'en' && i18n.cache[lang] === undefined) {
    try {
      // Components the language lacks are cached empty (English shows), so none is fetched again on the switch.
      const loaded = { ...Object.fromEntries([...BASES.keys()].map((c) => [c, {}])), ...(await loadTranslations(lang)) };
      // The cache holds whole components per language; the library's type says Translations.
      i18n.cache[lang] = loaded as unknown as Translations;
    } catch {
      // Missing chunk: the library asks again through get() and English stays until then.
    }
  }
  locale.set(lang);
}
