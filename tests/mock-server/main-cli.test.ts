import { availableParallelism } from 'node:os';
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { CliError, DEFAULT_PORT, parseCli, portInUseMessage } from '../../mock-server/cli.ts';
import { scenarioNames } from '../../mock-server/scenarios/index.ts';
import { within as withinLimit } from '../wait.ts';
import { rawRequest, tempDir } from './helpers.ts';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const MAIN = path.join(REPO, 'mock-server', 'main.ts');
const LIMIT_MS = 20_000;
/** A child process's exit (or stop), bounded by LIMIT_MS. */
const within = <T>(p: Promise<T>, what: string): Promise<T> => withinLimit(p, what, LIMIT_MS);
/** The scenario names the CLI knows: "default" and the files of fixtures/scenarios/. */
const KNOWN = scenarioNames(path.join(REPO, 'fixtures', 'scenarios')).join(', ');

interface Run {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  /** Resolves with the first stdout line (or rejects on exit / time limit). */
  firstLine: Promise<string>;
  exit: Promise<number | null>;
}

const children: ChildProcess[] = [];
const dist = tempDir('mock-cli-dist');
afterAll(() => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  dist.remove();
});

function run(args: string[], env: Record<string, string>): Run {
  // Node with tsx's loader, not the tsx command: that one starts a second Node process for every run.
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN, ...args], {
    cwd: REPO,
    env: { ...process.env, HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  let err = '';
  child.stdout?.on('data', (c: Buffer) => (out += c.toString('utf8')));
  child.stderr?.on('data', (c: Buffer) => (err += c.toString('utf8')));
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const firstLine = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no output within ${LIMIT_MS} ms; stderr: ${err}`)), LIMIT_MS);
    child.stdout?.on('data', () => {
      const nl = out.indexOf('\n');
      if (nl !== -1) {
        clearTimeout(timer);
        resolve(out.slice(0, nl));
      }
    });
    void exit.then((code) => {
      clearTimeout(timer);
      reject(new Error(`exited with ${code} before printing; stderr: ${err}`));
    });
  });
  firstLine.catch(() => undefined);
  return { child, stdout: () => out, stderr: () => err, firstLine, exit };
}


describe('main.ts (npm start)', () => {
  it(
    'prints one line with the URL, refuses a taken port with one line and exit 1, and exits 0 on SIGTERM',
    async () => {
      const first = run(['--dist', dist.dir], { PORT: '0' });
      const line = await first.firstLine;
      const match = /^Cloud gaming app and mock cloud: http:\/\/127\.0\.0\.1:(\d+)$/.exec(line);
      expect(match, line).not.toBeNull();
      const port = Number(match?.[1]);
      expect((await rawRequest(port, { path: '/__health' })).text).toBe('{"ok":true}');

      const second = run(['--dist', dist.dir], { PORT: String(port) });
      expect(await within(second.exit, 'the second server to exit')).toBe(1);
      expect(second.stderr()).toBe(`Port ${port} is already in use. Set PORT to another port.\n`);
      expect(second.stdout()).toBe('');

      first.child.kill('SIGTERM');
      expect(await within(first.exit, 'the first server to stop on SIGTERM')).toBe(0);
      expect(first.stdout()).toBe(`${line}\n`);
      expect(first.stderr()).toBe('');
    },
    LIMIT_MS * 3,
  );

  it(
    'an unknown --scenario prints one clear line and exits 2',
    async () => {
      const r = run(['--scenario', 'chaos-monkey'], { PORT: '0' });
      expect(await within(r.exit, 'the process to exit')).toBe(2);
      expect(r.stderr()).toBe(`Unknown scenario "chaos-monkey". Known scenarios: ${KNOWN}.\n`);
      expect(r.stdout()).toBe('');
    },
    LIMIT_MS * 2,
  );

  it(
    'a bad fixtures directory prints one line naming the file and exits 1',
    async () => {
      const missing = path.join(dist.dir, 'no-fixtures');
      const r = run(['--fixtures', missing], { PORT: '0' });
      expect(await within(r.exit, 'the process to exit')).toBe(1);
      expect(r.stderr()).toBe(`Invalid fixture ${path.join(missing, 'users.json')}: file not found\n`);
    },
    LIMIT_MS * 2,
  );
});

describe('npm run mock -- --scenario NAME (QA guide)', () => {
  it(
    'applies a scenario file to the default session; other sessions start clean',
    async () => {
      const r = run(['--dist', dist.dir, '--scenario', 'server-error-500'], { PORT: '0' });
      const port = Number(/:(\d+)$/.exec(await r.firstLine)?.[1]);
      const summary = JSON.parse((await rawRequest(port, { path: '/__mock/session' })).text) as { scenario: string; faults: unknown[] };
      expect(summary).toMatchObject({ scenario: 'server-error-500', faults: [{ status: 500, count: 3 }] });
      const other = JSON.parse((await rawRequest(port, { path: '/__mock/session?session=qa' })).text) as { scenario: string };
      expect(other.scenario).toBe('default');
      expect((await rawRequest(port, { method: 'POST', path: '/api/index/api/system_info' })).status).toBe(500);
      r.child.kill('SIGTERM');
      expect(await within(r.exit, 'the process to stop')).toBe(0);
    },
    LIMIT_MS * 2,
  );
});

describe('CLI arguments', () => {
  it('defaults: port 8080, host 127.0.0.1, no latency, default scenario', () => {
    expect(parseCli([], {})).toMatchObject({ port: DEFAULT_PORT, host: '127.0.0.1', latencyMs: 0, scenario: 'default', fixturesDir: undefined, distDir: undefined });
  });

  it('video streams by default; --no-video keeps the socket transport; --idle-after sets the 45001 wait', () => {
    expect(parseCli([], {})).toMatchObject({ video: true, idleAfterMs: undefined });
    expect(parseCli(['--no-video', '--idle-after', '30000'], {})).toMatchObject({ video: false, idleAfterMs: 30000 });
    expect(parseCli(['--verbose', '-h', '--max-sessions=20'], {})).toMatchObject({ verbose: true, help: true, maxSessions: 20 });
    expect(parseCli(['--idle-after=0'], {}).idleAfterMs).toBe(0);
  });

  it('games stream from one process per core by default (decision 0028); --stream-processes sets how many, 0 none', () => {
    expect(parseCli([], {}).streamProcesses).toBe(availableParallelism());
    expect(parseCli(['--stream-processes', '3'], {}).streamProcesses).toBe(3);
    expect(parseCli(['--stream-processes=0'], {}).streamProcesses).toBe(0);
  });

  it('reads PORT and HOST; --port wins over PORT; both --flag value and --flag=value work', () => {
    expect(parseCli([], { PORT: '9000', HOST: '0.0.0.0' })).toMatchObject({ port: 9000, host: '0.0.0.0' });
    expect(parseCli(['--port', '9100'], { PORT: '9000' }).port).toBe(9100);
    const o = parseCli(['--port=0', '--fixtures', 'fx', '--dist=out', '--latency', '250', '--scenario', 'default'], {}, '/repo');
    expect(o).toMatchObject({ port: 0, fixturesDir: '/repo/fx', distDir: '/repo/out', latencyMs: 250 });
  });

  it.each([
    [['--port', 'abc'], 'Invalid --port "abc": expected a port number from 0 to 65535.'],
    [['--port', '70000'], 'Invalid --port "70000": expected a port number from 0 to 65535.'],
    [['--latency', '-5'], 'Invalid --latency "-5": expected milliseconds as a whole number ≥ 0.'],
    [['--dist'], 'Missing value for --dist.'],
    [['--idle-after', 'soon'], 'Invalid --idle-after "soon": expected milliseconds as a whole number ≥ 0.'],
    [['--bogus'], 'Unknown argument "--bogus". Run with --help for usage.'],
    [['-x'], 'Unknown argument "-x". Run with --help for usage.'],
    [['stray'], 'Unknown argument "stray". Run with --help for usage.'],
    [['--port='], 'Missing value for --port.'],
    [['--max-sessions', '0'], 'Invalid --max-sessions "0": expected a whole number from 1 to 100000.'],
    [['--stream-processes', 'many'], 'Invalid --stream-processes "many": expected a whole number from 0 to 64.'],
    [['--stream-processes', '65'], 'Invalid --stream-processes "65": expected a whole number from 0 to 64.'],
    [['--scenario', 'x'], `Unknown scenario "x". Known scenarios: ${KNOWN}.`],
  ])('%j fails with one line', (args, message) => {
    expect(() => parseCli(args, {})).toThrow(CliError);
    expect(() => parseCli(args, {})).toThrow(message);
  });

  it('a bad PORT names the variable', () => {
    expect(() => parseCli([], { PORT: 'eighty' })).toThrow('Invalid PORT "eighty"');
  });

  it('the port-in-use message says what to do', () => {
    expect(portInUseMessage(8080)).toBe('Port 8080 is already in use. Set PORT to another port.');
  });
});
