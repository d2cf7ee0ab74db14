/**
 * The mock cloud for an e2e test file, in a process of its own (mock-process.ts): the worker only ever talks to it
 * over HTTP, its sockets and the control API, as QA does. If that process dies, `close()` and every later request
 * fail, and the reason (exit code or signal) is in the error, rather than the test worker dying with no stack. The
 * process outlives its file's app, for the next file's (see `idle`).
 */
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { inject } from 'vitest';
import type { FromMockProcess, MockProcessOptions, ToMockProcess } from './mock-process-protocol.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const DIST_DIR = path.join(ROOT, 'dist');
const CHILD = fileURLToPath(new URL('./mock-process.ts', import.meta.url));
const START_LIMIT_MS = 30_000;
const CLOSE_LIMIT_MS = 10_000;

export interface TestServer {
  /** Base URL, e.g. "http://127.0.0.1:41234/" (compose with `new URL(path, url)`). */
  url: string;
  port: number;
  /** Every line the mock logged, when started with `log: true` (they arrive over IPC: poll for one). */
  logs: string[];
  /** Why the mock's process ended before `close()`, if it did. */
  exited(): string | undefined;
  close(): Promise<void>;
}

export type ServerOptions = MockProcessOptions;

/** A test file's mock and browser (harness.ts useServerAndBrowser). */
export interface E2E {
  readonly server: TestServer;
  readonly browser: Browser;
}

function inProvided(key: 'mockProcessBundle' | 'rasterCacheDir'): string {
  try {
    return inject(key) ?? '';
  } catch {
    return '';
  }
}

const tell = (child: ChildProcess, message: ToMockProcess): void => {
  if (child.connected) child.send(message);
};

/** A forked mock-process.ts, which runs one app after another (mock-process.ts). */
interface MockProcess {
  child: ChildProcess;
  script: string;
  /** Resolves with why the process ended, once it has. */
  ended: Promise<string>;
}

/**
 * Processes whose app has closed, for the next file in this worker (vitest runs a worker's files in one module graph):
 * a new app in a running process costs about a tenth of starting Node and importing the mock again. Each app is new,
 * so no state of one file's reaches the next; a process that died is never reused.
 */
const idle: MockProcess[] = [];
/** Two files' mocks at once at most (cross-origin.test.ts runs two). */
const MAX_IDLE = 2;

function spawn(script: string): MockProcess {
  const child = fork(script, [], {
    cwd: ROOT,
    execArgv: script === CHILD ? ['--import', 'tsx'] : [],
    // Its output is the mock's own warnings and a crash's last words: worth seeing in the test log.
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    serialization: 'json',
  });
  const ended = new Promise<string>((resolve) => {
    child.once('exit', (code, signal) => resolve(`the mock's process ended (${signal ?? `exit code ${code}`})`));
  });
  return { child, script, ended };
}

function take(script: string): MockProcess {
  for (let p = idle.pop(); p; p = idle.pop()) {
    if (p.script === script && p.child.connected && p.child.exitCode === null && p.child.signalCode === null) {
      p.child.ref();
      p.child.channel?.ref();
      return p;
    }
    p.child.kill();
  }
  return spawn(script);
}

/** Keeps a process whose app closed; an idle one holds no script open (it ends when this process does). */
function park(p: MockProcess): void {
  if (idle.length >= MAX_IDLE || !p.child.connected) {
    p.child.kill();
    return;
  }
  p.child.unref();
  p.child.channel?.unref();
  idle.push(p);
}

/**
 * Starts the mock cloud (serving dist/ by default, logging nothing) in a process of its own — one this worker ran an
 * earlier file's app in, when there is one — on a free port of 127.0.0.1, and resolves once it listens.
 */
export function startServer(options: ServerOptions = {}): Promise<TestServer> {
  // The run's bundle of mock-process.ts (mock-bundle.ts), else the source through tsx (a script outside vitest).
  const bundle = inProvided('mockProcessBundle');
  const rasterCacheDir = inProvided('rasterCacheDir') || undefined;
  const proc = take(bundle || CHILD);
  const { child } = proc;
  const logs: string[] = [];
  let ended: string | undefined;
  let closing = false;
  void proc.ended.then((reason) => {
    if (closing) return;
    ended = reason;
    process.stderr.write(`e2e: ${ended}\n`);
  });
  return new Promise<TestServer>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the mock's process did not listen within ${START_LIMIT_MS} ms`));
    }, START_LIMIT_MS);
    void proc.ended.then(() => {
      clearTimeout(timer);
      reject(new Error(ended ?? "the mock's process ended before it listened"));
    });
    const heard = (message: FromMockProcess): void => {
      if (message.type === 'log') logs.push(message.line);
      else if (message.type === 'failed') reject(new Error(`the mock did not start: ${message.message}`));
      else if (message.type === 'listening') {
        clearTimeout(timer);
        const close = async (): Promise<void> => {
          closing = true;
          child.off('message', heard);
          const closed = new Promise<boolean>((done) => {
            const onClosed = (m: FromMockProcess): void => {
              if (m.type !== 'closed') return;
              child.off('message', onClosed);
              done(true);
            };
            child.on('message', onClosed);
            void proc.ended.then(() => done(false));
          });
          tell(child, { type: 'close' });
          const killer = setTimeout(() => child.kill('SIGKILL'), CLOSE_LIMIT_MS);
          const appClosed = await closed;
          clearTimeout(killer);
          if (ended) throw new Error(ended);
          if (appClosed) park(proc);
        };
        resolve({ url: message.url.endsWith('/') ? message.url : `${message.url}/`, port: message.port, logs, exited: () => ended, close });
      }
    };
    child.on('message', heard);
    tell(child, { type: 'start', options: { distDir: DIST_DIR, rasterCacheDir, ...options } });
  });
}
