/**
 * Minor protection while playing (SPEC §7 minor_web_config, decision 0012). The session reports the seconds this user has played today
 * when the stream comes up, every MINOR_REPORT_MS of play and when play
 * stops; an answer with `can_play` 0 ends the session (`minor-limit`). The day is the server's (China Standard Time), so a
 * minor's count starts again when the server's does. A report that fails
 * changes nothing: a network hiccup must not stop an adult's game.
 */
import { effect, type ReadonlySignal } from '@preact/signals-core';
import type { MinorWebConfig } from '../api/contract.ts';
import type { Clock, TimerId } from '../core/clock.ts';
import { MINOR_REPORT_MS } from '../core/constants.ts';
import type { GameApi } from './api.ts';

/** Where the day's seconds are kept between visits (the app's local storage); memory when not given. */
export interface MinorUsageStore {
  read(key: string): { day: number; seconds: number } | null;
  write(key: string, value: { day: number; seconds: number }): void;
}

export interface MinorGuardDeps {
  clock: Clock;
  api: Pick<GameApi, 'minorWebConfig'>;
  uid(): number;
  /** The game being played, or null. */
  gameId(): number | null;
  /** True while the stream plays (phase playing with a stream). */
  playing: ReadonlySignal<boolean>;
  usage: MinorUsageStore;
  /** False once the login is gone (30001, relogin): a report would only be refused. */
  loggedIn(): boolean;
  /** The server said stop: the session ends. */
  onLimit(): void;
  log(msg: string): void;
  quiet(what: string): (e: unknown) => void;
}

const CST_OFFSET_MS = 8 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
/** minor_web_config refuses more than a day of seconds. */
const MAX_USAGE_SECONDS = 86_400;

/** The server's day number (CST), which decides when a minor's count starts again. */
export const cstDay = (ms: number): number => Math.floor((ms + CST_OFFSET_MS) / DAY_MS);

export const usageKey = (uid: number): string => `minor_usage_${uid}`;

export function memoryUsageStore(): MinorUsageStore {
  const m = new Map<string, { day: number; seconds: number }>();
  return { read: (k) => m.get(k) ?? null, write: (k, v) => void m.set(k, v) };
}

/** The limit is reached when the server says the user may not play now. */
export const limitReached = (res: MinorWebConfig): boolean => res.can_play === 0;

export interface MinorGuard {
  dispose(): void;
}

export function createMinorGuard(deps: MinorGuardDeps): MinorGuard {
  const { clock, playing } = deps;
  let timer: TimerId | undefined;
  /** Clock ms from which play not yet added to the day's count runs; null while not playing. */
  let since: number | null = null;
  let gameId: number | null = null;

  /** Adds the play since the last count to today's seconds and answers the total. */
  function count(): number {
    const uid = deps.uid();
    const now = clock.now();
    const key = usageKey(uid);
    const today = cstDay(now);
    const stored = deps.usage.read(key);
    // Storage is the player's to edit: anything but today's count of seconds starts from 0.
    let seconds = stored && stored.day === today && Number.isFinite(stored.seconds) && stored.seconds > 0 ? stored.seconds : 0;
    if (since !== null) {
      // Play that began yesterday counts only from the server's midnight.
      const from = Math.max(since, today * DAY_MS - CST_OFFSET_MS);
      seconds += Math.max(0, (now - from) / 1000);
      since = now;
    }
    deps.usage.write(key, { day: today, seconds });
    return Math.min(MAX_USAGE_SECONDS, Math.floor(seconds));
  }

  function report(): void {
    const uid = deps.uid();
    const game = gameId;
    const usage_time = count();
    if (!uid || !game || !deps.loggedIn()) return;
    deps.api.minorWebConfig({ uid, game_id: game, usage_time }, { silent: true }).then((res) => {
      if (!limitReached(res)) return;
      deps.log(`minor limit reached: ${res.tip}`);
      deps.onLimit();
    }, deps.quiet('minor_web_config'));
  }

  const stop = effect(() => {
    if (playing.value && since === null) {
      since = clock.now();
      gameId = deps.gameId();
      report();
      timer = clock.setInterval(report, MINOR_REPORT_MS);
    } else if (!playing.value && since !== null) {
      clock.clearInterval(timer);
      timer = undefined;
      report();
      since = null;
    }
  });

  return {
    dispose() {
      stop();
      clock.clearInterval(timer);
      timer = undefined;
      if (since !== null) count();
      since = null;
    },
  };
}
