/**
 * Calendar arithmetic in China Standard Time (UTC+8, no DST), the way the
 * backend counts days: sign-in days, the Monday–Sunday week, minors' play
 * windows and order numbers all use it. Inputs are server-clock ms.
 */

export const DAY_MS = 24 * 60 * 60 * 1000;
export const CST_OFFSET_MS = 8 * 60 * 60 * 1000;

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** The CST calendar fields of an instant. */
function fields(ms: number): { y: number; mo: number; d: number; h: number; mi: number; s: number; weekday: number } {
  const t = new Date(ms + CST_OFFSET_MS);
  const js = t.getUTCDay();
  return {
    y: t.getUTCFullYear(),
    mo: t.getUTCMonth() + 1,
    d: t.getUTCDate(),
    h: t.getUTCHours(),
    mi: t.getUTCMinutes(),
    s: t.getUTCSeconds(),
    weekday: js === 0 ? 7 : js,
  };
}

/** "YYYY-MM-DD" of the CST day `ms` falls in. */
export function cstDate(ms: number): string {
  const f = fields(ms);
  return `${f.y}-${pad(f.mo)}-${pad(f.d)}`;
}

/** 1 Monday … 7 Sunday. */
export function cstWeekday(ms: number): number {
  return fields(ms).weekday;
}

/** Minutes since CST midnight. */
export function cstMinuteOfDay(ms: number): number {
  const f = fields(ms);
  return f.h * 60 + f.mi;
}

/** "YYYYMMDDHHmmss". */
export function cstStamp(ms: number): string {
  const f = fields(ms);
  return `${f.y}${pad(f.mo)}${pad(f.d)}${pad(f.h)}${pad(f.mi)}${pad(f.s)}`;
}

/** The dates of the Monday–Sunday week `ms` falls in, Monday first. */
export function cstWeek(ms: number): string[] {
  const monday = ms - (cstWeekday(ms) - 1) * DAY_MS;
  return Array.from({ length: 7 }, (_, i) => cstDate(monday + i * DAY_MS));
}

/** Whole years between a "YYYY-MM-DD" birth date and the CST date of `ms`. */
export function ageOn(birth: string, ms: number): number {
  const [by, bm, bd] = birth.split('-').map(Number);
  const f = fields(ms);
  let age = f.y - (by ?? 0);
  if (f.mo < (bm ?? 0) || (f.mo === bm && f.d < (bd ?? 0))) age -= 1;
  return age;
}
