/** Picking the language and looking up stock strings (SPEC §8). */
import { STOCK_STRINGS, type Lang, type StockKey } from './strings';

export { LANGS, STOCK_STRINGS, type Lang, type StockKey } from './strings';
export { detectLang } from './lang';

export function stockString(key: StockKey, lang: Lang): string {
  return (STOCK_STRINGS[lang] ?? STOCK_STRINGS.en)[key];
}
