/**
 * Worker process of bench/stream-processes.ts: receivers for the streams it adds, each the app's own mock SDK
 * (web/game/mock-sdk.ts) on @roamhq/wrtc with the Node presenter, decoding every frame, as the WebRTC stream tests
 * run it. Counts the frames each one is presented over a window.
 */
import WebSocket from 'ws';
import { createSystemClock } from '../web/core/clock.ts';
import { createMockSdk, type MockSdk } from '../web/game/mock-sdk.ts';
import type { StreamTarget } from '../web/game/sdk.ts';
import { clientPeerConnection, nodePresenter } from '../tests/mock-server/rtc-peers.ts';
import { until } from '../tests/wait.ts';
import { serveWorker } from './worker-rpc.ts';

const LIMIT_MS = 30_000;
const sdks: MockSdk[] = [];

serveWorker({
  /** A receiver for one more stream, up once it has been presented half a second of frames. */
  async add(arg) {
    const { base, target, session } = arg as { base: string; target: StreamTarget; session: string };
    const said: string[] = [];
    const sdk = createMockSdk({
      clock: createSystemClock(),
      socketBase: '/socket/',
      WebSocketImpl: WebSocket as unknown as typeof globalThis.WebSocket,
      location: { href: `${base}/submodules/game/game/index` },
      mockSession: session,
      PeerConnection: clientPeerConnection(),
      presenter: nodePresenter,
      log: (line) => void said.push(line),
    });
    sdks.push(sdk);
    sdk.start(target);
    await until(() => sdk.framesPresented >= 30, '30 frames presented', LIMIT_MS, () => said.slice(-4).join(' | '));
    return null;
  },
  /** Frames presented per second by each receiver over `ms`. */
  async fps(arg) {
    const ms = arg as number;
    const before = sdks.map((s) => s.framesPresented);
    const t0 = performance.now();
    await new Promise((resolve) => setTimeout(resolve, ms));
    const dt = (performance.now() - t0) / 1000;
    return sdks.map((s, i) => (s.framesPresented - (before[i] ?? 0)) / dt);
  },
  stopAll() {
    for (const s of sdks.splice(0)) s.destroy();
    return null;
  },
});
