/** Picking the language and looking up stock strings (SPEC §8). */
import { LANGS, STOCK_STRINGS, type Lang, type StockKey } from './strings';

export { LANGS, STOCK_STRINGS, type Lang, type StockKey } from './strings';

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

export function stockString(key: StockKey, lang: Lang): string {
  return (STOCK_STRINGS[lang] ?? STOCK_STRINGS.en)[key];
}
