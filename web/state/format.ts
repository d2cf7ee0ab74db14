/** Display formats shared by pages and components; pure so they are tested once. */
import type { Lang } from '../core/i18n/lang.ts';
import { locale } from '../core/i18n/locale.ts';
import { messages, params } from '../core/i18n/messages.ts';

/** Whole seconds, never negative; anything not a finite number reads as 0. */
const wholeSeconds = (seconds: number): number => (Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0);
const pad2 = (n: number): string => String(n).padStart(2, '0');

// Short forms, not Intl's long units: play time sits in narrow stat boxes (2小时30分, not 2小时30分钟).
const durationText = messages('state/duration', {
  hoursMinutes: params('{h}h {mm}m'),
  hours: params('{h}h'),
  minutes: params('{m}m'),
});

/**
 * Play time in seconds: "2h 05m", "12m" or "0m" in English, 2小时30分 / 12小时 / 12分 in Chinese.
 * The language defaults to the one showing, read at the call (a view re-renders when it changes).
 */
export function formatPlayTime(seconds: number, lang: Lang = locale.get()): string {
  const s = wholeSeconds(seconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  if (lang === 'en') return h > 0 ? `${h}h ${pad2(m)}m` : `${m}m`;
  const t = durationText.get();
  if (h === 0) return t.minutes({ m });
  return m === 0 ? t.hours({ h }) : t.hoursMinutes({ h, mm: pad2(m) });
}

export interface ClockStyle {
  /** From an hour up, "h:mm:ss"; without it the minutes run on ("61:40"). */
  hours?: boolean;
  /** Minutes always in two digits ("01:05"). */
  padMinutes?: boolean;
}

/**
 * Seconds as a clock, "m:ss" by default (the game screen's countdowns); the
 * video player adds hours ("1:02:03"), the pop-up countdown also pads the
 * minutes ("01:05").
 */
export function formatClock(seconds: number, { hours = false, padMinutes = false }: ClockStyle = {}): string {
  const s = wholeSeconds(seconds);
  const h = hours ? Math.floor(s / 3600) : 0;
  const m = Math.floor((s - h * 3600) / 60);
  const mm = padMinutes || h > 0 ? pad2(m) : String(m);
  return `${h > 0 ? `${h}:` : ''}${mm}:${pad2(s % 60)}`;
}

const memberText = messages('state/member', {
  free: 'Free',
  member: 'Member',
  quick: 'Member · Quick',
});

/** Membership label of SPEC §3 member_status, in the language showing. */
export function memberLabel(status: 0 | 1 | 2 | undefined): string {
  const t = memberText.get();
  if (status === 1) return t.member;
  if (status === 2) return t.quick;
  return t.free;
}
