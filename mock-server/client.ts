/**
 * A typed client for the mock cloud's QA surfaces (`/__mock/`, `/__db/`),
 * for QA's Node scripts and Playwright tests (usage in
 * docs/qa-guide.md §6 and docs/examples/qa-client.ts). Plain `fetch`, no
 * Node modules: it runs in Node 20 and in a browser page alike.
 *
 *   const mock = createMockClient({ baseUrl: 'http://127.0.0.1:8080' });
 *   const s = mock.session('qa-42');
 *   await s.scenario('queue-seat-expires');
 *   await s.clock.advance(40_000);
 *   await s.waitFor((e) => e.kind === 'http' && e.path?.includes('game_queue') === true);
 */
import { createTransport } from './client/http.ts';
import { createSessionClient, type MockSessionClient } from './client/session.ts';
import type { ScenarioInfo } from './client/types.ts';

export { MockControlError } from './client/http.ts';
export type { MockSessionClient } from './client/session.ts';
export type { WaitOptions } from './client/wait.ts';
export type * from './client/types.ts';
export { FEED_PATH } from './client/feed.ts';
export { installSimulatedHost } from './client/host.ts';
export type { HostCall, HostPage, SimulatedHost, SimulatedHostOptions } from './client/host.ts';
export type * from './client/feed.ts';

export interface MockClientOptions {
  /** Where the mock listens, e.g. "http://127.0.0.1:8080". */
  baseUrl: string | URL;
  /** The fetch to use (default the global one). */
  fetch?: typeof fetch;
}

export interface MockClient {
  /** A mock session by name (created on first use; the app joins it with `?mock_session=<name>`). */
  session(name: string): MockSessionClient;
  /** The named scenarios the mock knows. */
  scenarios(): Promise<ScenarioInfo[]>;
}

export function createMockClient(o: MockClientOptions): MockClient {
  const transport = createTransport(o.baseUrl, o.fetch ?? ((input, init) => fetch(input, init)));
  return {
    session: (name) => createSessionClient(transport, name),
    scenarios: async () => (await transport.request<{ scenarios: ScenarioInfo[] }>('GET', '/__mock/scenarios')).scenarios,
  };
}
