/** What the test worker and the e2e mock's process (mock-process.ts) say to each other over the IPC channel. */
import type { MockAppOptions } from '../../mock-server/app.ts';

/** The options a forked mock can take: MockAppOptions that survive JSON, and `log` as a switch. */
export type MockProcessOptions = Pick<
  MockAppOptions,
  'fixturesDir' | 'distDir' | 'latencyMs' | 'runtimeConfig' | 'scenario' | 'video' | 'idleAfterMs' | 'progressStepMs' | 'maxSessions' | 'allowedHosts' | 'allowedOrigins' | 'admin' | 'streamProcesses' | 'rasterCacheDir'
> & {
  /** Forward every log line to the worker (TestServer.logs). */
  log?: boolean;
};

/** `close` ends the app and leaves the process waiting for the next `start` (server.ts keeps it for the next file). */
export type ToMockProcess = { type: 'start'; options: MockProcessOptions } | { type: 'close' };

export type FromMockProcess =
  | { type: 'listening'; port: number; url: string }
  | { type: 'failed'; message: string }
  | { type: 'log'; line: string }
  | { type: 'closed' };
