/**
 * The language fixture content answers in, from the request's
 * `Accept-Language`: the app sends one of its tags (`en`, `es`, `fr`,
 * `zh-Hans`, `zh-Hant`), a browser its own weighted list
 * (`zh-CN,zh;q=0.9,en;q=0.8`). The first tag by weight that names a language
 * the content exists in wins; none (or no header) is English.
 */
import type { ContentLanguage } from '../languages.ts';

// Regions that write Traditional Chinese; any other Chinese without a script is Simplified.
const TRADITIONAL_REGIONS = new Set(['tw', 'hk', 'mo']);

/** The content language one tag names, or undefined when we have no content in it. */
function languageOfTag(tag: string): ContentLanguage | undefined {
  const [primary, ...subtags] = tag.toLowerCase().split('-');
  if (primary === 'en') return 'en';
  if (primary !== 'zh') return undefined;
  if (subtags.includes('hant')) return 'zh-Hant';
  if (subtags.includes('hans')) return 'zh-Hans';
  return subtags.some((s) => TRADITIONAL_REGIONS.has(s)) ? 'zh-Hant' : 'zh-Hans';
}

/** `Accept-Language` (RFC 9110 §12.5.4) → the content language; a malformed entry is skipped, q=0 means "not this". */
export function contentLanguage(header: string | string[] | undefined): ContentLanguage {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  const entries: Array<{ tag: string; q: number; at: number }> = [];
  value.split(',').forEach((part, at) => {
    const [rawTag = '', ...params] = part.split(';').map((s) => s.trim());
    if (!/^([a-z]{1,8}(-[a-z0-9]{1,8})*|\*)$/i.test(rawTag)) return;
    let q = 1;
    for (const p of params) {
      const m = /^q\s*=\s*(0(\.\d{0,3})?|1(\.0{0,3})?)$/i.exec(p);
      if (m?.[1] !== undefined) q = Number(m[1]);
      else if (/^q\s*=/i.test(p)) return;
    }
    if (q > 0) entries.push({ tag: rawTag, q, at });
  });
  entries.sort((a, b) => b.q - a.q || a.at - b.at);
  for (const e of entries) {
    const language = languageOfTag(e.tag);
    if (language) return language;
  }
  return 'en';
}
