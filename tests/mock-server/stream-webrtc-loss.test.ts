/**
 * The WebRTC stream under packet loss on its network path (POST /__mock/network `lossPercent`, decision 0030): the
 * packets are lost between the client and the cloud's peer, and the stream's own repair answers it. See
 * stream-webrtc.test.ts for the set-up and the clocks.
 */
import { describe, expect, it } from 'vitest';
import { until } from '../wait.ts';
import type { Started } from './helpers.ts';
import { network, useRtcApp } from './rtc-helpers.ts';
import { frameWindow, standardStream } from './rtc-stream.ts';

let s: Started;
useRtcApp((started) => (s = started));

describe('WebRTC stream: packet loss (decision 0030)', () => {
  it('lossPercent 10 loses packets on the way (the client measures it) and the picture keeps coming, repaired; cleared, the loss goes within 5 s', async () => {
    const { r, game } = await standardStream(s);

    expect((await network(s, 'POST', { lossPercent: 10 })).body.network.lossPercent).toBe(10);
    await r.sdk.stats(); // The interval of the next figures starts now.
    const lossy = await frameWindow(r, game, 3_000);
    const during = await r.sdk.stats();
    console.log(`stream-webrtc loss: ${JSON.stringify({ lossy, lossPct: during?.packetLossPct })}`);
    // Loss falls on the packets, not on the frames the game makes (nothing is dropped before the encoder)…
    expect(lossy.droppedShare).toBe(0);
    expect(during?.packetLossPct ?? 0).toBeGreaterThan(4);
    expect(during?.packetLossPct ?? 100).toBeLessThan(20);
    // …and NACKs and keyframes mend it: without repair a lost packet would leave every later frame undecodable.
    expect(lossy.presentedShare).toBeGreaterThan(0.7);
    // The mock counts what its network path carried and lost, both ways, for QA to see (GET /__mock/network).
    const figures = (await network(s, 'GET')).body.streams[0];
    expect(figures?.packetsDown ?? 0).toBeGreaterThan(100);
    expect(figures?.packetsUp ?? 0).toBeGreaterThan(10);
    expect((figures?.lostDown ?? 0) / (figures?.packetsDown ?? 1)).toBeGreaterThan(0.03);
    expect(figures?.lostUp ?? 0).toBeGreaterThan(0);

    await network(s, 'POST', { lossPercent: 0 });
    const cleared = Date.now();
    await until(
      async () => {
        const st = await r.sdk.stats();
        return st?.packetLossPct === 0 && (st.fps ?? 0) > 0;
      },
      'a second without loss',
      5_000,
      undefined,
      1_000, // Each look measures the second since the last one.
    );
    console.log(`stream-webrtc loss cleared after ${Date.now() - cleared} ms`);
    expect(r.disconnects).toEqual([]);
  }, 40_000);
});
