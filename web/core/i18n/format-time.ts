/**
 * Durations and dates in the reader's language, through Intl (decision 0010; 2小时30分钟). Pure: the language is an
 * argument. No first view of home, library, detail or login shows one, so ICU's first-use cost lands later.
 */
import { finite } from './format.ts';
import type { Lang } from './lang.ts';

const unit = (lang: Lang, u: 'hour' | 'minute' | 'second', n: number): string =>
  new Intl.NumberFormat(lang, { style: 'unit', unit: u, unitDisplay: 'narrow' }).format(n);

/**
 * A play-time length in hours and minutes: "2h 05m"-style in English, 2小时30分钟 in Chinese. Under a minute reads
 * as 0 minutes; negative or non-numbers as 0.
 */
export function formatDuration(seconds: number, lang: Lang): string {
  const s = Math.max(0, Math.floor(finite(seconds)));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  // Whole hours read as hours alone (1小时, not 1小时0分钟).
  const parts = h === 0 ? [unit(lang, 'minute', m)] : m === 0 ? [unit(lang, 'hour', h)] : [unit(lang, 'hour', h), unit(lang, 'minute', m)];
  return new Intl.ListFormat(lang, { style: 'narrow', type: 'unit' }).format(parts);
}

/** A calendar date (and time when asked), in the language's order. */
export function formatDate(ms: number, lang: Lang, withTime = false): string {
  const opts: Intl.DateTimeFormatOptions = withTime
    ? { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hour12: false }
    : { year: 'numeric', month: '2-digit', day: '2-digit' };
  return new Intl.DateTimeFormat(lang, opts).format(new Date(finite(ms)));
}
