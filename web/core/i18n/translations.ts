/**
 * Loads a language's translation files on demand, one chunk per language, so an
 * English reader never downloads Chinese (decision 0010). Each file is the flat JSON
 * @nanostores/i18n reads: `{ component: { key: text } }`.
 */
import type { ComponentsJSON } from '@nanostores/i18n';
import type { Lang } from './lang.ts';

const LOADERS: Partial<Record<Lang, () => Promise<{ default: ComponentsJSON }>>> = {
  'zh-Hans': () => import('./locales/zh-Hans.ts'),
  'zh-Hant': () => import('./locales/zh-Hant.ts'),
};

/** The language's whole file; `{}` for a language that has only the stock strings (es, fr). */
export async function loadTranslations(lang: Lang): Promise<ComponentsJSON> {
  const load = LOADERS[lang];
  return load ? (await load()).default : {};
}
