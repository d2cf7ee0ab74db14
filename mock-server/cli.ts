/**
 * The CLI's argument and environment handling, apart from main.ts so it can
 * be tested without starting a process. Every failure is one plain line.
 */
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { DEFAULT_FIXTURES_DIR } from './app-options.ts';
import { DEFAULT_SCENARIO, SCENARIOS_SUBDIR, scenarioNames } from './scenarios/index.ts';
import { MAX_SESSIONS } from './sessions/registry.ts';
import { hostName, isWildcardHost } from './http/control-guard.ts';
import { normalizeOrigin } from './http/cors.ts';

export interface CliOptions {
  port: number;
  host: string;
  fixturesDir: string | undefined;
  distDir: string | undefined;
  latencyMs: number;
  scenario: string;
  /** Print one line per API request. */
  verbose: boolean;
  /** false with --no-video: streams use the socket transport (no WebRTC, no game loop). */
  video: boolean;
  /** --idle-after MS: no input this long while streaming sends 45001 (0: never); undefined keeps the app's default. */
  idleAfterMs: number | undefined;
  /** --max-sessions N: mock sessions kept at once; undefined keeps the app's default. */
  maxSessions: number | undefined;
  /** --stream-processes N: processes the games and WebRTC streams run in (default one per core; 0 in the mock's own). */
  streamProcesses: number;
  /** --allow-host a,b: host names besides loopback and the listen address that may use /__mock/ and /__db/. */
  allowedHosts: string[];
  /** --allow-origin a,b: origins besides loopback ones and the mock's own whose pages may call it cross-origin. */
  allowedOrigins: string[];
  /** --admin: GET /__mock/sessions names every session. */
  admin: boolean;
  help: boolean;
}

export const DEFAULT_PORT = 8080;
export const DEFAULT_HOST = '127.0.0.1';
/** Largest --stream-processes: each is a Node process of its own. */
export const MAX_STREAM_PROCESSES = 64;
/** Largest --max-sessions: each session holds a store and up to 4 MB of journal. */
export const MAX_SESSIONS_LIMIT = 100_000;

export const USAGE = [
  'Usage: tsx mock-server/main.ts [--port N] [--fixtures DIR] [--dist DIR] [--latency MS] [--scenario NAME] [--no-video] [--idle-after MS] [--max-sessions N] [--stream-processes N] [--allow-host A,B] [--allow-origin URL,URL] [--admin] [--verbose]',
  'Environment: PORT (default 8080), HOST (default 127.0.0.1; 0.0.0.0 listens on every interface). --port wins over PORT.',
  `--scenario applies a scenario to the default session: "default" or a file of <fixtures>/${SCENARIOS_SUBDIR}/ (${scenarioNames(
    path.join(DEFAULT_FIXTURES_DIR, SCENARIOS_SUBDIR),
  ).join(', ')}).`,
  '--no-video streams without WebRTC (progress and events on the stream socket only), for fast QA runs; --idle-after sets the 45001 wait (default 600000, 0 never).',
  `--max-sessions sets how many mock sessions are kept at once (default ${MAX_SESSIONS}); beyond it the least recently used one without open sockets is evicted.`,
  '--stream-processes sets how many processes run the games and their WebRTC streams (default one per core); a crash in one ends only its streams, which reconnect. 0 runs them in the mock\'s own process.',
  '--allow-host lets these host names use the control API (/__mock/, /__db/) besides loopback and the listen address; --admin lists every session in GET /__mock/sessions.',
  '--allow-origin lets pages on these origins (e.g. http://qa-box:8080) call the API, sockets and control API cross-origin; localhost, 127.0.0.1, [::1] and the mock\'s own origin always may.',
  'Control API writes need "Content-Type: application/json" and "X-Mock-Control: 1". QA control API, scenario format and examples: docs/qa-guide.md',
].join('\n');

/** A bad argument: main prints the message alone and exits 2. */
export class CliError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CliError';
  }
}

export function portInUseMessage(port: number): string {
  return `Port ${port} is already in use. Set PORT to another port.`;
}

export function bannerLine(url: string): string {
  return `Cloud gaming app and mock cloud: ${url}`;
}

/**
 * What to print after listening on `host`: the banner, and for a wildcard
 * host (0.0.0.0, ::) every address it really answers on plus a warning,
 * since "localhost" would hide that the whole network can reach it.
 */
export function listenLines(host: string, port: number, url: string, addresses: readonly string[]): { out: string[]; warn: string[] } {
  if (!isWildcardHost(host)) return { out: [bannerLine(url)], warn: [] };
  const ipv6 = host.includes(':');
  const shown = addresses.filter((a) => ipv6 || !a.includes(':'));
  const urls = shown.map((a) => `http://${a.includes(':') ? `[${a}]` : a}:${port}`);
  // The banner names an address another device can use; loopback comes after it.
  const main = urls.find((u) => !/\/\/(127\.|\[::1\])/.test(u)) ?? urls[0] ?? url;
  return {
    out: [bannerLine(main), ...urls.filter((u) => u !== main).map((u) => `  also at ${u}`)],
    warn: [
      `Warning: HOST=${host} listens on every network interface: anyone who can reach this machine can use the app and the mock API.`,
      '  The control API (/__mock/, /__db/) answers only to loopback names and the addresses above (--allow-host adds names).',
    ],
  };
}

function parsePort(value: string, from: string): number {
  if (!/^\d{1,5}$/.test(value) || Number(value) > 65535) throw new CliError(`Invalid ${from} "${value}": expected a port number from 0 to 65535.`);
  return Number(value);
}

/** The flags, as node:util parseArgs reads them; every string flag also takes `--flag=value`. */
const OPTIONS = {
  port: { type: 'string' },
  host: { type: 'string' },
  fixtures: { type: 'string' },
  dist: { type: 'string' },
  latency: { type: 'string' },
  scenario: { type: 'string' },
  'idle-after': { type: 'string' },
  'max-sessions': { type: 'string' },
  'stream-processes': { type: 'string' },
  'allow-host': { type: 'string' },
  'allow-origin': { type: 'string' },
  'no-video': { type: 'boolean' },
  admin: { type: 'boolean' },
  verbose: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const satisfies ParseArgsConfig['options'];
type ValueFlag = { [K in keyof typeof OPTIONS]: (typeof OPTIONS)[K]['type'] extends 'string' ? K : never }[keyof typeof OPTIONS];

/**
 * Read argv with parseArgs, non-strict so every mistake gets this CLI's own
 * one-line message: parseArgs' tokens tell an unknown flag, a stray word and
 * a flag without its value apart.
 */
function readArgs(argv: readonly string[]): { values: Map<ValueFlag, string>; verbose: boolean; help: boolean; video: boolean; admin: boolean } {
  const { tokens } = parseArgs({ args: [...argv], options: OPTIONS, strict: false, allowPositionals: true, tokens: true });
  const values = new Map<ValueFlag, string>();
  let verbose = false;
  let help = false;
  let video = true;
  let admin = false;
  for (const token of tokens) {
    if (token.kind === 'option-terminator' || token.kind === 'positional' || !Object.hasOwn(OPTIONS, token.name)) {
      throw new CliError(`Unknown argument "${argv[token.index] ?? ''}". Run with --help for usage.`);
    }
    const name = token.name as keyof typeof OPTIONS;
    if (name === 'verbose') verbose = true;
    else if (name === 'no-video') video = false;
    else if (name === 'help') help = true;
    else if (name === 'admin') admin = true;
    else if (token.value === undefined || token.value === '') throw new CliError(`Missing value for --${name}.`);
    else values.set(name, token.value);
  }
  return { values, verbose, help, video, admin };
}

/** `--allow-host a,b`: each a host name or address (a port is ignored). */
function parseAllowedHosts(value: string | undefined): string[] {
  if (value === undefined) return [];
  return value.split(',').map((raw) => {
    const name = hostName(raw.trim());
    if (name === undefined) throw new CliError(`Invalid --allow-host "${raw.trim()}": expected host names or addresses separated by commas, e.g. --allow-host qa-box.local,192.168.1.20.`);
    return name;
  });
}

/** `--allow-origin a,b`: each a full http(s) origin, as browsers send it. */
function parseAllowedOrigins(value: string | undefined): string[] {
  if (value === undefined) return [];
  return value.split(',').map((raw) => {
    const origin = normalizeOrigin(raw);
    if (origin === undefined) {
      throw new CliError(
        `Invalid --allow-origin "${raw.trim()}": expected origins (scheme, host and port, no path) separated by commas, e.g. --allow-origin http://qa-box:8080,https://cdn.example.com.`,
      );
    }
    return origin;
  });
}

export function parseCli(argv: readonly string[], env: Readonly<Record<string, string | undefined>>, cwd = process.cwd()): CliOptions {
  const { values, verbose, help, video, admin } = readArgs(argv);

  const portArg = values.get('port');
  const envPort = env['PORT'];
  const port =
    portArg !== undefined ? parsePort(portArg, '--port') : envPort !== undefined && envPort !== '' ? parsePort(envPort, 'PORT') : DEFAULT_PORT;

  const latencyArg = values.get('latency') ?? '0';
  if (!/^\d{1,7}$/.test(latencyArg)) throw new CliError(`Invalid --latency "${latencyArg}": expected milliseconds as a whole number ≥ 0.`);

  const idleArg = values.get('idle-after');
  if (idleArg !== undefined && !/^\d{1,9}$/.test(idleArg)) throw new CliError(`Invalid --idle-after "${idleArg}": expected milliseconds as a whole number ≥ 0.`);

  const maxArg = values.get('max-sessions');
  if (maxArg !== undefined && (!/^\d{1,6}$/.test(maxArg) || Number(maxArg) < 1 || Number(maxArg) > MAX_SESSIONS_LIMIT)) {
    throw new CliError(`Invalid --max-sessions "${maxArg}": expected a whole number from 1 to ${MAX_SESSIONS_LIMIT}.`);
  }

  const processesArg = values.get('stream-processes');
  if (processesArg !== undefined && (!/^\d{1,2}$/.test(processesArg) || Number(processesArg) > MAX_STREAM_PROCESSES)) {
    throw new CliError(`Invalid --stream-processes "${processesArg}": expected a whole number from 0 to ${MAX_STREAM_PROCESSES}.`);
  }

  const dir = (flag: 'fixtures' | 'dist'): string | undefined => {
    const v = values.get(flag);
    return v === undefined ? undefined : path.resolve(cwd, v);
  };

  // Names come from the scenario files; the files themselves are checked when the app starts.
  const scenario = values.get('scenario') ?? DEFAULT_SCENARIO;
  const known = scenarioNames(path.join(dir('fixtures') ?? DEFAULT_FIXTURES_DIR, SCENARIOS_SUBDIR));
  if (!known.includes(scenario)) throw new CliError(`Unknown scenario "${scenario}". Known scenarios: ${known.join(', ')}.`);

  return {
    port,
    host: values.get('host') ?? (env['HOST'] || DEFAULT_HOST),
    fixturesDir: dir('fixtures'),
    distDir: dir('dist'),
    latencyMs: Number(latencyArg),
    scenario,
    verbose,
    video,
    idleAfterMs: idleArg === undefined ? undefined : Number(idleArg),
    maxSessions: maxArg === undefined ? undefined : Number(maxArg),
    streamProcesses: processesArg === undefined ? availableParallelism() : Number(processesArg),
    allowedHosts: parseAllowedHosts(values.get('allow-host')),
    allowedOrigins: parseAllowedOrigins(values.get('allow-origin')),
    admin,
    help,
  };
}
