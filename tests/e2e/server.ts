/**
 * The mock cloud for an e2e test file, in a process of its own (mock-process.ts): the worker only ever talks to it
 * over HTTP, its sockets and the control API, as QA does. If that process dies, `close()` and every later request
 * fail, and the reason (exit code or signal) is in the error, rather than the test worker dying with no stack.
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

/**
 * Forks the mock cloud (serving dist/ by default, logging nothing) on a free port of 127.0.0.1 and resolves once it
 * listens.
 */
export function startServer(options: ServerOptions = {}): Promise<TestServer> {
  // The run's bundle of mock-process.ts (mock-bundle.ts), else the source through tsx (a script outside vitest).
  const bundle = inProvided('mockProcessBundle');
  const rasterCacheDir = inProvided('rasterCacheDir') || undefined;
  const child = fork(bundle || CHILD, [], {
    cwd: ROOT,
    execArgv: bundle ? [] : ['--import', 'tsx'],
    // Its output is the mock's own warnings and a crash's last words: worth seeing in the test log.
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    serialization: 'json',
  });
  const logs: string[] = [];
  let ended: string | undefined;
  let closing = false;
  const exit = new Promise<void>((resolve) => {
    child.once('exit', (code, signal) => {
      if (!closing) {
        ended = `the mock's process ended (${signal ?? `exit code ${code}`})`;
        process.stderr.write(`e2e: ${ended}\n`);
      }
      resolve();
    });
  });
  return new Promise<TestServer>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the mock's process did not listen within ${START_LIMIT_MS} ms`));
    }, START_LIMIT_MS);
    void exit.then(() => {
      clearTimeout(timer);
      reject(new Error(ended ?? "the mock's process ended before it listened"));
    });
    child.on('message', (message: FromMockProcess) => {
      if (message.type === 'log') logs.push(message.line);
      else if (message.type === 'failed') reject(new Error(`the mock did not start: ${message.message}`));
      else {
        clearTimeout(timer);
        const close = async (): Promise<void> => {
          closing = true;
          tell(child, { type: 'close' });
          const killer = setTimeout(() => child.kill('SIGKILL'), CLOSE_LIMIT_MS);
          await exit;
          clearTimeout(killer);
          if (ended) throw new Error(ended);
        };
        resolve({ url: message.url.endsWith('/') ? message.url : `${message.url}/`, port: message.port, logs, exited: () => ended, close });
      }
    });
    tell(child, { type: 'start', options: { distDir: DIST_DIR, rasterCacheDir, ...options } });
  });
}
