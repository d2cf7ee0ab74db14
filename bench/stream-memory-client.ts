/**
 * Worker process of bench/stream-memory.ts: the player's side of its stream cycles, the app's own mock SDK
 * (web/game/mock-sdk.ts) on @roamhq/wrtc with the Node presenter, as the WebRTC stream tests run it. Kept out of the
 * measured process so the client's native memory never counts as the mock's.
 */
import WebSocket from 'ws';
import { createSystemClock } from '../web/core/clock.ts';
import { createMockSdk, type MockSdk } from '../web/game/mock-sdk.ts';
import type { StreamTarget } from '../web/game/sdk.ts';
import { clientPeerConnection, liveClientPeers, liveSinks, nodePresenter } from '../tests/mock-server/rtc-peers.ts';
import { until } from '../tests/wait.ts';
import { serveWorker } from './worker-rpc.ts';

export interface ClientResources {
  peers: number;
  sinks: number;
}

/** Frames presented before a stream counts as up: a second of play at 60 Hz, so the encoder and the sink reach their steady state. */
const FRAMES_PER_CYCLE = 60;
const LIMIT_MS = 20_000;

let sdk: MockSdk | null = null;
let ended = 0;
/** What the SDK said lately, for a failure's message. */
const said: string[] = [];
const remember = (line: string): void => {
  said.push(line);
  if (said.length > 8) said.shift();
};

function sdkFor(base: string): MockSdk {
  if (sdk) return sdk;
  const made = createMockSdk({
    clock: createSystemClock(),
    socketBase: '/socket/',
    WebSocketImpl: WebSocket as unknown as typeof globalThis.WebSocket,
    location: { href: `${base}/submodules/game/game/index` },
    PeerConnection: clientPeerConnection(),
    presenter: nodePresenter,
    log: remember,
  });
  made.subscribe({
    disconnect: (reason, message) => {
      ended++;
      remember(`disconnect ${reason}${message ? `: ${message}` : ''}`);
    },
  });
  sdk = made;
  return made;
}

serveWorker({
  async start(arg) {
    const { base, target } = arg as { base: string; target: StreamTarget };
    const s = sdkFor(base);
    ended = 0;
    said.length = 0;
    // The count starts over with each connection.
    s.start(target);
    await until(() => s.framesPresented >= FRAMES_PER_CYCLE, `${FRAMES_PER_CYCLE} frames presented`, LIMIT_MS, () => `${s.framesPresented} so far; ${said.join(' | ')}`);
    return null;
  },
  /** The player leaves: the stream closes and the session hangs up. */
  stop() {
    sdk?.stop();
    return null;
  },
  /** Only the stream closes (a reload), the target kept. */
  pause() {
    sdk?.pause();
    return null;
  },
  /** The cloud ended the stream (stop_game first): the SDK saw it. */
  async ended() {
    await until(() => ended > 0, 'the SDK to see the stream end', LIMIT_MS);
    return null;
  },
  resources(): ClientResources {
    return { peers: liveClientPeers(), sinks: liveSinks() };
  },
});
