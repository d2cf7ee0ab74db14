import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startApp, type Started } from './helpers.ts';
import { FREE_TRIAL } from './game-helpers.ts';
import { describeSdk, destroyAllSdks, rtcSdk, runningGame, until, untilFrames } from './rtc-helpers.ts';

let s: Started;
beforeEach(async () => {
  s = await startApp({ video: true });
});
afterEach(async () => {
  destroyAllSdks();
  await s.close();
});

describe('spike', () => {
  it('connects', async () => {
    const run = await runningGame(s, FREE_TRIAL);
    const r = rtcSdk(s);
    const t0 = Date.now();
    r.sdk.start(run.target);
    await untilFrames(r, 1);
    const t1 = Date.now();
    await until(() => r.sdk.framesPresented >= 120, '120 frames', 10000, () => describeSdk(r));
    console.log('first frame', t1 - t0, 'ms; 120 frames', Date.now() - t1, describeSdk(r), run.target.level_config);
    console.log("PROGRESS", r.progress.join(","));
  }, 30000);
});
