/**
 * The queue's estimated wait (game screen and queue bar): the server's `wait_seconds` (SPEC §3
 * queue fields) counts down between the 10 s polls (SPEC §9 "Queue poll
 * 10 s") so the number moves, but never below what the position implies.
 */
import { messages, params } from '../core/i18n/messages.ts';

export const SECONDS_PER_POSITION_FLOOR = 1;

/** Seconds left: the last answer's estimate minus the time since it arrived, at least 0. */
export function waitEstimate(waitSeconds: number, secondsSinceAnswer: number, position: number): number {
  const left = Math.max(0, Math.round(waitSeconds - Math.max(0, secondsSinceAnswer)));
  return position > 1 ? Math.max(left, (position - 1) * SECONDS_PER_POSITION_FLOOR) : left;
}

export const waitTexts = messages('game/wait', {
  underMinute: 'under a minute',
  minutes: params('about {m} min'),
  hours: params('about {h} h'),
  hoursMinutes: params('about {h} h {m} min'),
});

/** "under a minute", "about 3 min", "about 1 h 5 min" (约3分钟 in Chinese); `t` is the language's texts. */
export function formatWait(seconds: number, t: ReturnType<typeof waitTexts.get> = waitTexts.get()): string {
  if (seconds < 60) return t.underMinute;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return t.minutes({ m: minutes });
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return m ? t.hoursMinutes({ h, m }) : t.hours({ h });
}
