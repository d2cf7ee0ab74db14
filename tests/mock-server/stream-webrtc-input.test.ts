/**
 * Input modes and rumble (decision 0007) over real WebRTC (the app's mock SDK in Node with @roamhq/wrtc, as
 * in stream-webrtc.test.ts): a locked mouse's relative motion moves the
 * player and a quick click is the game's action (the frame report's
 * `presses`, and the frame code reflecting the click); a crash in the racer
 * comes down the stream socket as a `vibrate` message the SDK reports.
 * Every wait polls a condition with a time limit.
 */
import { describe, expect, it } from 'vitest';
import type { Rumble } from '../../web/game/sdk.ts';
import { until } from '../wait.ts';
import { FREE_TRIAL } from './game-helpers.ts';
import type { Started } from './helpers.ts';
import { describeSdk, gameOf, presentedSeq, rtcSdk, runningGame, untilFrames, useRtcApp, type SdkRecord } from './rtc-helpers.ts';

let s: Started;
useRtcApp((started) => (s = started));

/** Tagged Racing in fixtures/games.json: the racer. */
const RACER_GAME = 'g_neon_drift_circuit';

function mouse(r: SdkRecord, input: Parameters<SdkRecord['sdk']['sendMouse']>[0]): number {
  r.sent += 1;
  r.sdk.sendMouse(input);
  return r.sent;
}

const player = (r: SdkRecord): { x: number; y: number } => r.sdk.lastReport?.game?.player ?? { x: Number.NaN, y: Number.NaN };

describe('WebRTC stream: the mouse (decision 0007)', () => {
  it('relative motion moves the ship as far as the mouse went (scaled by the sensitivity); a click shorter than a tick fires once', async () => {
    const run = await runningGame(s, FREE_TRIAL);
    const r = rtcSdk(s);
    r.sdk.start(run.target);
    await untilFrames(r, 5);
    await until(() => r.sdk.lastReport?.game?.presses === 0, 'a frame report with presses', 10_000, () => describeSdk(r));
    const start = player(r);
    // The SDK scales by its sensitivity (59.5 by default: setting 50 × 1.19): 100 px right → 59.5 picture px of 960.
    r.sdk.setMouseSensitivity(100);
    const moved = mouse(r, { action: 'move', dx: 96, dy: -27, buttons: 0 });
    await until(() => presentedSeq(r) >= moved && player(r).x > start.x + 0.05, 'the ship moved right and up by the mouse', 10_000, () => JSON.stringify(r.sdk.lastReport?.game));
    const { width, height } = run.target.level_config;
    expect(player(r).x - start.x).toBeCloseTo(96 / width, 2);
    expect(player(r).y - start.y).toBeCloseTo(-27 / height, 2);
    expect(r.sdk.lastReport?.last_input).toBe('mouse');

    // Down and up in one go: both land in the same tick, the press still counts once.
    mouse(r, { action: 'down', dx: 0, dy: 0, button: 0, buttons: 1 });
    const up = mouse(r, { action: 'up', dx: 0, dy: 0, button: 0, buttons: 0 });
    await until(() => presentedSeq(r) >= up && (r.sdk.lastReport?.game?.presses ?? 0) === 1, 'the click taken as one press and shown', 10_000, () => describeSdk(r));
    // The right button, the middle one, back/forward and the wheel reach the game but are not its action.
    for (const button of [1, 2, 3, 4]) {
      mouse(r, { action: 'down', dx: 0, dy: 0, button, buttons: 1 << button });
      mouse(r, { action: 'up', dx: 0, dy: 0, button, buttons: 0 });
    }
    const wheel = mouse(r, { action: 'wheel', dx: 0, dy: 0, wheel: 3, buttons: 0 });
    await until(() => presentedSeq(r) >= wheel, 'the wheel in a shown frame', 10_000, () => describeSdk(r));
    expect(r.sdk.lastReport?.game?.presses).toBe(1);
    expect(gameOf(s, run.scId)?.figures().inputSeq).toBe(wheel);
  }, 40_000);
});

describe('WebRTC stream: rumble (decision 0007)', () => {
  it('a crash in the racer sends a vibrate message down the stream socket; the SDK reports it as a Rumble', async () => {
    const run = await runningGame(s, FREE_TRIAL, { game_key: RACER_GAME });
    const r = rtcSdk(s);
    const felt: Rumble[] = [];
    r.sdk.subscribe({ vibrate: (rumble) => felt.push(rumble) });
    r.sdk.start(run.target);
    await untilFrames(r, 1);
    expect(gameOf(s, run.scId)?.figures().kind).toBe('racer');
    // Nobody steers: the traffic in the player's lane hits within seconds (at most ~16 s over 200 seeds).
    await until(() => felt.length > 0, 'a rumble from a crash', 30_000, () => JSON.stringify(r.sdk.lastReport?.game));
    expect(felt[0]).toEqual({ durationMs: 200, strong: 0.8, weak: 0.5 });
    // The rumble leaves on the crash's tick; the frame report saying so may come a frame later.
    await until(() => (r.sdk.lastReport?.game?.lives ?? 3) < 3, 'a frame report with the life lost', 10_000, () => JSON.stringify(r.sdk.lastReport?.game));
  }, 45_000);
});
