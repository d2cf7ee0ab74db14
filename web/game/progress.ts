/**
 * Loading progress (SPEC §4 "Progress"): sdk ready, server connect 30,
 * exchange 50, game start 80, stream received 100. The screen shows the
 * percentage and a label for the current stage.
 */
import { STREAM_PROGRESS } from '../api/contract.ts';

export type ProgressStage = 'token' | 'sdk' | 'sdk_ready' | 'server_connect' | 'exchange' | 'game_start' | 'stream_received';

export const STREAM_RECEIVED = 100;

/** Only the SPEC's values move the bar; anything else from an SDK is clamped to 0–100. */
export function clampProgress(value: number): number {
  if (!Number.isFinite(value)) return 0;
  return Math.min(STREAM_RECEIVED, Math.max(0, Math.round(value)));
}

/** The stage a percentage belongs to; below 30 it is the SDK's (ready or not yet). */
export function progressStage(percent: number, sdkReady: boolean, hasToken = true): ProgressStage {
  let stage: ProgressStage = !hasToken ? 'token' : sdkReady ? 'sdk_ready' : 'sdk';
  for (const step of STREAM_PROGRESS) if (percent >= step.value) stage = step.stage;
  return stage;
}
