/**
 * A standard stream for the stream-webrtc*.test.ts files that measure what reaches the player (rtc-helpers.ts has the
 * set-up): a free-trial player's game at standard, and what the player was shown of it over a window of real time.
 */
import { LEVELS } from '../../mock-server/game/sessions.ts';
import type { GameHandle } from '../../mock-server/stream/engine.ts';
import { until } from '../wait.ts';
import { FREE_TRIAL } from './game-helpers.ts';
import type { Started } from './helpers.ts';
import { gameOf, rtcSdk, runningGame, setGrade, untilFrames, type Running, type SdkRecord } from './rtc-helpers.ts';

/** A free-trial player's game at standard, streaming to a new SDK that has been shown `frames` frames. */
export async function standardStream(s: Started, frames = 30): Promise<{ run: Running; r: SdkRecord; game: GameHandle | undefined }> {
  const run = await runningGame(s, FREE_TRIAL);
  await setGrade(s, run, 6);
  const r = rtcSdk(s);
  r.sdk.start({ ...run.target, level_config: LEVELS[6] });
  await untilFrames(r, frames);
  return { run, r, game: gameOf(s, run.scId) };
}

export interface FrameWindow {
  /** Frames presented per second of real time. */
  fps: number;
  /** Share of the frames the game made (sent or dropped) in the window that the client presented. */
  presentedShare: number;
  /** Share of the frames the game made in the window that the network conditions dropped. */
  droppedShare: number;
}

/**
 * What reached the player over `ms` of real time, against what the game made meanwhile: the share is
 * what a busy machine does not change (a slower loop makes fewer frames and shows fewer alike).
 */
export async function frameWindow(r: SdkRecord, game: { figures(): { framesSent: number; framesDropped: number } } | undefined, ms: number): Promise<FrameWindow> {
  const made = (): { all: number; dropped: number } => {
    const f = game?.figures();
    return { all: (f?.framesSent ?? 0) + (f?.framesDropped ?? 0), dropped: f?.framesDropped ?? 0 };
  };
  const from = r.sdk.framesPresented;
  const m0 = made();
  const t0 = Date.now();
  await until(() => Date.now() - t0 >= ms, `${ms} ms of frames`, ms + 5_000);
  const m1 = made();
  const presented = r.sdk.framesPresented - from;
  const all = Math.max(1, m1.all - m0.all);
  return { fps: (presented * 1000) / (Date.now() - t0), presentedShare: presented / all, droppedShare: (m1.dropped - m0.dropped) / all };
}


