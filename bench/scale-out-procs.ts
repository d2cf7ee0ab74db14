/**
 * The processes bench/scale-out.ts runs: mock clouds started through their own CLI (mock-server/main.ts, as QA
 * starts them behind a proxy) and an nginx on the sample config of docs/examples/nginx-mock.conf. Everything
 * listens on 127.0.0.1; every wait is bounded; `stop` ends exactly the process it was given (and, for nginx, the
 * workers of its own process group).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';

export const START_LIMIT_MS = 30_000;
const STOP_LIMIT_MS = 5_000;
const POLL_MS = 50;

export interface Proc {
  child: ChildProcess;
  /** Why it ended, once it has. */
  exited(): string | undefined;
  /** Signal its whole process group rather than the process alone (nginx's master leaves its workers behind). */
  group: boolean;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

function track(child: ChildProcess, group: boolean): Proc {
  let why: string | undefined;
  child.once('exit', (code, signal) => (why = signal ? `killed by ${signal}` : `exited with code ${code ?? '?'}`));
  child.once('error', (err) => (why = err.message));
  return { child, group, exited: () => why };
}

/** The nginx binary on this machine, if any: Debian's place, then PATH. */
export function findNginx(): string | undefined {
  const dirs = ['/usr/sbin', '/usr/local/sbin', '/usr/local/nginx/sbin', ...(process.env['PATH'] ?? '').split(path.delimiter)];
  return dirs.map((d) => path.join(d, 'nginx')).find((p) => existsSync(p));
}

/** A port nobody listened on a moment ago (nginx wants a number in its config; a clash is retried by the caller). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * One mock cloud through its CLI on a port the system picks (`--port 0`: no race for a free port), read back from
 * its banner. `--no-video`: the socket-only stream, so no WebRTC; `--admin`: `GET /__mock/sessions` lists every
 * session, which is how the bench tells which process holds which session without creating one.
 */
export async function startMock(root: string): Promise<Proc & { port: number }> {
  const args = ['--import', 'tsx', path.join(root, 'mock-server/main.ts'), '--port', '0', '--host', '127.0.0.1', '--no-video', '--admin'];
  const proc = track(spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] }), false);
  let out = '';
  const keep = (chunk: Buffer): void => {
    out += chunk.toString('utf8');
    // Only the last lines matter for a failure message; a long run must not grow this.
    if (out.length > 8192) out = out.slice(-4096);
  };
  proc.child.stdout?.on('data', keep);
  proc.child.stderr?.on('data', keep);
  const until = performance.now() + START_LIMIT_MS;
  while (performance.now() < until) {
    const m = /mock cloud: http:\/\/127\.0\.0\.1:(\d+)/.exec(out);
    if (m) return { ...proc, port: Number(m[1]) };
    const why = proc.exited();
    if (why) throw new Error(`mock process ${why} before listening: ${out.trim().slice(-500)}`);
    await sleep(POLL_MS);
  }
  await stop(proc);
  throw new Error(`mock process did not listen within ${START_LIMIT_MS} ms: ${out.trim().slice(-500)}`);
}

/** The sample config with this run's two mocks and proxy port in place of the sample's; throws if the sample changed shape. */
export function nginxConfig(sample: string, backends: readonly [number, number], listen: number): string {
  const swaps: [string, string][] = [
    ['server 127.0.0.1:8081 ', `server 127.0.0.1:${backends[0]} `],
    ['server 127.0.0.1:8082 ', `server 127.0.0.1:${backends[1]} `],
    ['listen 127.0.0.1:8080;', `listen 127.0.0.1:${listen};`],
  ];
  let conf = sample;
  for (const [from, to] of swaps) {
    if (conf.split(from).length !== 2) throw new Error(`docs/examples/nginx-mock.conf no longer has "${from.trim()}" exactly once`);
    conf = conf.replace(from, to);
  }
  return conf;
}

/** The sample as a whole nginx.conf of its own, as docs/scale-out.md shows: logs and temporary files under `dir`. */
export function standaloneConfig(dir: string, include: string): string {
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `    ${t}_temp_path ${path.join(dir, `${t}-temp`)};`);
  return [
    'worker_processes 1;',
    'events { worker_connections 1024; }',
    'http {',
    `    access_log ${path.join(dir, 'access.log')};`,
    ...temp,
    `    include ${include};`,
    '}',
    '',
  ].join('\n');
}

async function answers(url: string): Promise<boolean> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(1_000) });
    await res.arrayBuffer();
    return res.ok;
  } catch {
    return false;
  }
}

/** nginx in the foreground with `conf`, once it answers `/__health` through to a mock. */
export async function startNginx(bin: string, dir: string, conf: string, port: number): Promise<Proc> {
  const errorLog = path.join(dir, 'error.log');
  const args = ['-c', conf, '-p', dir, '-e', errorLog, '-g', `daemon off; pid ${path.join(dir, 'nginx.pid')};`];
  // Its own process group, so its workers can be ended with it even if the master is killed outright.
  const proc = track(spawn(bin, args, { cwd: dir, stdio: 'ignore', detached: true }), true);
  const until = performance.now() + START_LIMIT_MS;
  while (performance.now() < until) {
    if (await answers(`http://127.0.0.1:${port}/__health`)) return proc;
    const why = proc.exited();
    if (why) {
      const log = await readFile(errorLog, 'utf8').catch(() => '');
      throw new Error(`nginx ${why}: ${log.trim().split('\n').slice(-3).join(' | ')}`);
    }
    await sleep(POLL_MS);
  }
  await stop(proc);
  throw new Error(`nginx did not answer on port ${port} within ${START_LIMIT_MS} ms`);
}

function signal(p: Proc, sig: NodeJS.Signals): void {
  const pid = p.child.pid;
  if (pid === undefined) return;
  try {
    if (p.group) process.kill(-pid, sig);
    else p.child.kill(sig);
  } catch {
    // Already gone.
  }
}

/** End `p`: SIGTERM (the mock closes its app, nginx its workers), then SIGKILL if it has not ended in time. */
export async function stop(p: Proc): Promise<void> {
  if (p.child.pid === undefined || p.exited()) {
    // An nginx master that died on its own may have left workers serving.
    if (p.group) signal(p, 'SIGKILL');
    return;
  }
  signal(p, 'SIGTERM');
  const until = performance.now() + STOP_LIMIT_MS;
  while (!p.exited() && performance.now() < until) await sleep(POLL_MS);
  // nginx's master ends only after its workers, so only one that did not end needs its group killed.
  if (!p.exited()) signal(p, 'SIGKILL');
}
