/**
 * What createApp (app.ts) is built from and what it hands back. Only main.ts
 * and cli.ts turn argv and the environment into these options; everything
 * else, tests included, passes them in.
 */
import type { Server } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RuntimeConfig } from '../web/api/contract.ts';
import type { Clock } from '../web/core/clock.ts';
import type { Fixtures } from './fixtures/index.ts';
import type { ScenarioRegistry } from './scenarios/index.ts';
import type { SessionRegistry } from './sessions/registry.ts';
import type { Store } from './sessions/store.ts';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const DEFAULT_FIXTURES_DIR = path.join(REPO_ROOT, 'fixtures');
export const DEFAULT_DIST_DIR = path.join(REPO_ROOT, 'dist');

export interface MockAppOptions {
  /** Directory of the fixture JSON files (default `<repo>/fixtures`). */
  fixturesDir?: string;
  /** The app build to serve; null serves no static files (default `<repo>/dist`). */
  distDir?: string | null;
  /** The server clock: token expiry, SMS resend, socket timeouts, latency (default: system clock). */
  clock?: Clock;
  /** Delay added before every API answer, on `clock` (default 0). */
  latencyMs?: number;
  /** Where request and error lines go (default: nowhere). */
  log?: (line: string) => void;
  /** Where lines about lost state or refused clients go (session evictions, refusals, dropped connections); default `log`. */
  warn?: (line: string) => void;
  /** Where the API, game API and sockets are mounted; also served as `/config.json` when given. */
  runtimeConfig?: RuntimeConfig;
  /** A scenario applied to the "default" session (default "default"); an unknown name throws UnknownScenarioError. */
  scenario?: string;
  /** Directory of the scenario files (default `<fixturesDir>/scenarios`); a bad file throws ScenarioFileError. */
  scenariosDir?: string;
  /** Stream games as WebRTC video (default true); false keeps the socket transport unless a scenario asks for video. */
  video?: boolean;
  /** Real time for the game loop and the video (default: system clock, whatever `clock` is). */
  frameClock?: Clock;
  /**
   * Stream processes the games, their pictures and WebRTC peers run in (docs/decisions/0028-stream-processes.md);
   * 0 (the default) runs them in this process, on `frameClock`. The CLI runs one per core.
   */
  streamProcesses?: number;
  /** Start the stream processes with the app rather than with the first game (the CLI does). */
  warmStreamProcesses?: boolean;
  /** A folder where the catalogue's drawn WebP art is kept and shared with other mocks (media-raster.ts cacheDir). */
  rasterCacheDir?: string;
  /** No input this long while streaming sends 45001 (default DEFAULT_IDLE_AFTER_MS; 0 never). */
  idleAfterMs?: number;
  /**
   * Time between the socket transport's progress steps unless a scenario says otherwise (default
   * STREAM_PROGRESS_STEP_MS): the e2e runs take 50 ms, so a game they play is up in 0.2 s rather than 2.
   */
  progressStepMs?: number;
  /** Mock sessions kept at once, "default" included (default MAX_SESSIONS; `--max-sessions`). */
  maxSessions?: number;
  /** Estimated bytes one session's journal may hold (default JOURNAL_SESSION_BYTES). */
  journalSessionBytes?: number;
  /** Estimated bytes all journals together may hold (default JOURNAL_TOTAL_BYTES). */
  journalTotalBytes?: number;
  /** A client must send all request headers within this, ms (default DEFAULT_HEADERS_TIMEOUT_MS). */
  headersTimeoutMs?: number;
  /** A client must send the whole request within this, ms (default DEFAULT_REQUEST_TIMEOUT_MS); not the time to answer. */
  requestTimeoutMs?: number;
  /** An idle keep-alive connection is closed after this, ms (default DEFAULT_KEEP_ALIVE_TIMEOUT_MS). */
  keepAliveTimeoutMs?: number;
  /** A request body that stops arriving for this long is cut, ms (default DEFAULT_BODY_IDLE_MS). */
  bodyIdleTimeoutMs?: number;
  /** Open connections (websockets included) accepted at once; more are closed at once (default DEFAULT_MAX_CONNECTIONS). */
  maxConnections?: number;
  /** Open connections one client address may hold at once; its surplus is closed at once (default DEFAULT_MAX_CONNECTIONS_PER_ADDRESS). */
  maxConnectionsPerAddress?: number;
  /** Records one `/__db/` collection of a session may hold; a POST past it answers 413 (default MAX_DB_RECORDS). */
  dbMaxRecords?: number;
  /** Bytes (as JSON) one session's `/__db/` data may hold; a write that could pass it answers 413 (default MAX_DB_SESSION_BYTES). */
  dbMaxBytes?: number;
  /**
   * Host names besides loopback and the listen address that may use `/__mock/` and `/__db/` (`--allow-host`);
   * anything else is refused (DNS rebinding: docs/qa-guide.md §2 "Who may call it").
   */
  allowedHosts?: readonly string[];
  /**
   * Origins besides loopback ones and the server's own whose pages may call the API, the sockets and the control API
   * (`--allow-origin`, e.g. "http://qa-box:8080"); a value that is not an origin throws RangeError (docs/decisions/0009-cors.md).
   */
  allowedOrigins?: readonly string[];
  /** `GET /__mock/sessions` lists every session's name (`--admin`); otherwise only the caller's own. */
  admin?: boolean;
}

/** Idleness a real cloud would act on: ten minutes without any input. */
export const DEFAULT_IDLE_AFTER_MS = 10 * 60_000;

export interface MockApp {
  server: Server;
  listen(port: number, host?: string): Promise<{ port: number; url: string }>;
  close(): Promise<void>;
  /** The "default" session's state (users, tokens, SMS sends), for tests and QA tooling. */
  readonly store: Store;
  fixtures: Fixtures;
  /** The app's clock; each session follows it until switched to virtual time. */
  clock: Clock;
  /** The scenario applied to the "default" session at start. */
  scenario: string;
  /** Every mock session; `sessions.get(name)` creates one on first use. */
  sessions: SessionRegistry;
  /** The named scenarios (built-in "default" and the files). */
  scenarios: ScenarioRegistry;
  /** The process ids of the stream processes running now; none when games run in this process. */
  streamPids(): number[];
}
