/**
 * The game session's test harness: a session on a manual clock with a
 * scripted API, a drivable SDK, fake duration sockets and memory storage.
 * The fakes and fixtures it is built of are re-exported, so a session test
 * imports this one file.
 */
import type { SystemInfo, UserInfo } from '../../../web/api/contract.ts';
import { createManualClock, type ManualClock } from '../../../web/core/clock.ts';
import { createGameSession, type GameSession, type GameSessionDeps } from '../../../web/game/session.ts';
import { createMemoryStoragePort } from '../../../web/game/settings.ts';
import type { GameTarget } from '../../../web/game/state.ts';
import { fakeApi, type FakeApi } from './fake-api.ts';
import { fakeSdk, type FakeSdk } from './fake-sdk.ts';
import { fakeSockets, type FakeDurationSocket } from './fake-sockets.ts';
import { GAME, systemInfo, userInfo } from './fixtures.ts';
import { flush } from '../../flush.ts';

export * from './fixtures.ts';
export * from './fake-api.ts';
export * from './fake-sdk.ts';
export * from './fake-sockets.ts';

export { flush };

export interface Harness {
  session: GameSession;
  clock: ManualClock;
  api: FakeApi;
  sdk: FakeSdk;
  sockets: FakeDurationSocket[];
  storage: ReturnType<typeof createMemoryStoragePort>;
  events: string[];
  userUpdates: UserInfo[];
  setUser(u: UserInfo | null): void;
  setSystem(s: SystemInfo | null): void;
  logs: string[];
  /** Advance the clock and let the answers of what fired come back. */
  advance(ms: number): Promise<void>;
  /** Advance in steps (default 1 s), letting answers come back after each, so chains of timers and calls run. */
  advanceSteps(ms: number, stepMs?: number): Promise<void>;
  /** start → token → sdk → play 200 → progress to 100. */
  play(game?: GameTarget): Promise<void>;
}

export function harness(over: Partial<GameSessionDeps> & { user?: UserInfo | null; system?: SystemInfo | null } = {}): Harness {
  const clock = createManualClock(1_700_000_000_000);
  const api = fakeApi();
  const sdk = fakeSdk();
  const { open, sockets } = fakeSockets();
  const storage = createMemoryStoragePort();
  let user: UserInfo | null = over.user === undefined ? userInfo() : over.user;
  let system: SystemInfo | null = over.system === undefined ? systemInfo() : over.system;
  const userUpdates: UserInfo[] = [];
  const logs: string[] = [];
  const session = createGameSession({
    clock,
    api: api.api,
    sdk,
    openSocket: open,
    storage,
    account: { username: () => 'alice', uid: () => 42, loginToken: () => 'gly', clientSid: () => 'client-1', agentCode: () => null },
    getUser: () => user,
    getSystem: () => system,
    onUserInfo: (u) => userUpdates.push(u),
    socketBase: '/socket/',
    modelName: 'Pixel 8',
    random: () => 0.5,
    log: (m) => logs.push(m),
    ...over,
  });
  const events: string[] = [];
  for (const name of ['playing', 'seat-ready', 'hangup-over', 'token-expired', 'relogin', 'ended'] as const) {
    session.on(name, (p) => events.push(p && typeof p === 'object' ? `${name}:${p.reason}` : name));
  }
  const h: Harness = {
    session,
    clock,
    api,
    sdk,
    sockets,
    storage,
    events,
    userUpdates,
    logs,
    setUser: (u) => (user = u),
    setSystem: (s) => (system = s),
    async advance(ms) {
      clock.advance(ms);
      await flush();
    },
    async advanceSteps(ms, stepMs = 1000) {
      for (let left = ms; left > 0; left -= stepMs) {
        clock.advance(Math.min(stepMs, left));
        await flush();
      }
    },
    async play(game = GAME) {
      session.start(game);
      await flush();
      sdk.stream();
      await flush();
    },
  };
  return h;
}
