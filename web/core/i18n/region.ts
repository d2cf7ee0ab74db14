/** A country or region named in the reader's language by Intl (decision 0010); English keeps the list's own names. */
import type { Lang } from './lang.ts';

// The country list names these "(China)"; Intl's Chinese names would drop that, so they are written here.
const CHINA_REGIONS: Partial<Record<Lang, Readonly<Record<string, string>>>> = {
  'zh-Hans': { HK: '中国香港', MO: '中国澳门', TW: '中国台湾' },
  'zh-Hant': { HK: '中國香港', MO: '中國澳門', TW: '中國台灣' },
};

export function regionName(country: { iso: string; name: string }, lang: Lang): string {
  if (lang === 'en') return country.name;
  const iso = country.iso.toUpperCase();
  const fixed = CHINA_REGIONS[lang]?.[iso];
  if (fixed) return fixed;
  try {
    return new Intl.DisplayNames(lang, { type: 'region' }).of(iso) ?? country.name;
  } catch {
    return country.name;
  }
}
