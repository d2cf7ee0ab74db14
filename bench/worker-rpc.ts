/**
 * The stream benchmark's worker processes (bench/stream-capacity.ts): forked through tsx, pinned to a CPU with
 * taskset, and driven by a tiny RPC over child_process IPC (calls with answers, events both ways).
 */
import { execFileSync, fork, type ChildProcess } from 'node:child_process';

interface CallMsg {
  kind: 'call';
  id: number;
  method: string;
  arg: unknown;
}
interface ReplyMsg {
  kind: 'reply';
  id: number;
  result?: unknown;
  error?: string;
}
interface EventMsg {
  kind: 'event';
  event: string;
  data: unknown;
}
type Msg = CallMsg | ReplyMsg | EventMsg;

export interface Worker {
  readonly pid: number;
  call<T>(method: string, arg?: unknown, timeoutMs?: number): Promise<T>;
  /** Fire-and-forget message to the worker's `on(event)` handler. */
  send(event: string, data: unknown): void;
  on(event: string, fn: (data: unknown) => void): void;
  /** Asks the worker to exit (it must: wrtc keeps the loop alive), kills it if it does not. */
  stop(): Promise<void>;
}

/**
 * Forks `file` (a .ts worker, run through tsx). `cpu` pins the worker and
 * every thread it starts to that CPU (taskset) before it loads anything
 * native.
 */
export function forkWorker(file: string, opts: { cpu?: number } = {}): Worker {
  const child: ChildProcess = fork(file, [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, ...(opts.cpu !== undefined ? { BENCH_PIN_CPU: String(opts.cpu) } : {}) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let next = 1;
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void; timer: ReturnType<typeof setTimeout> }>();
  const handlers = new Map<string, (data: unknown) => void>();
  let exited = false;
  const exitedP = new Promise<void>((resolve) => {
    child.once('exit', (code, signal) => {
      exited = true;
      for (const p of pending.values()) {
        clearTimeout(p.timer);
        p.reject(new Error(`worker ${file} exited (${code ?? signal ?? '?'})`));
      }
      pending.clear();
      resolve();
    });
  });
  child.on('message', (raw) => {
    const m = raw as Msg;
    if (m.kind === 'reply') {
      const p = pending.get(m.id);
      if (!p) return;
      pending.delete(m.id);
      clearTimeout(p.timer);
      if (m.error !== undefined) p.reject(new Error(m.error));
      else p.resolve(m.result);
    } else if (m.kind === 'event') {
      handlers.get(m.event)?.(m.data);
    }
  });
  return {
    get pid() {
      return child.pid ?? -1;
    },
    call<T>(method: string, arg?: unknown, timeoutMs = 60_000): Promise<T> {
      if (exited) return Promise.reject(new Error(`worker ${file} has exited`));
      const id = next++;
      return new Promise<T>((resolve, reject) => {
        const timer = setTimeout(() => {
          pending.delete(id);
          reject(new Error(`worker call ${method} took over ${timeoutMs} ms`));
        }, timeoutMs);
        pending.set(id, { resolve: resolve as (v: unknown) => void, reject, timer });
        child.send({ kind: 'call', id, method, arg } satisfies CallMsg);
      });
    },
    send(event, data) {
      if (!exited && child.connected) child.send({ kind: 'event', event, data } satisfies EventMsg);
    },
    on(event, fn) {
      handlers.set(event, fn);
    },
    async stop() {
      if (exited) return;
      try {
        await this.call('exit', undefined, 5_000);
      } catch {
        // Exiting closes the channel before or while it answers.
      }
      const killer = setTimeout(() => {
        if (!exited) child.kill('SIGKILL');
      }, 5_000);
      await exitedP;
      clearTimeout(killer);
    },
  };
}

/** The worker side: answers calls with `methods`, lets it emit events; exits on `exit` or when the parent goes. */
export function serveWorker(methods: Record<string, (arg: unknown) => unknown>): {
  emit(event: string, data: unknown): void;
  on(event: string, fn: (data: unknown) => void): void;
} {
  const pin = process.env['BENCH_PIN_CPU'];
  if (pin !== undefined) {
    try {
      execFileSync('taskset', ['-a', '-p', '-c', pin, String(process.pid)], { stdio: 'ignore' });
    } catch {
      // No taskset: unpinned (the report says which CPUs the workers had).
    }
  }
  const handlers = new Map<string, (data: unknown) => void>();
  process.on('disconnect', () => process.exit(0));
  process.on('message', (raw) => {
    const m = raw as Msg;
    if (m.kind === 'event') {
      handlers.get(m.event)?.(m.data);
      return;
    }
    if (m.kind !== 'call') return;
    if (m.method === 'exit') {
      process.send?.({ kind: 'reply', id: m.id, result: null } satisfies ReplyMsg, () => process.exit(0));
      return;
    }
    const fn = methods[m.method];
    void (async () => {
      try {
        if (!fn) throw new Error(`no method ${m.method}`);
        const result = await fn(m.arg);
        process.send?.({ kind: 'reply', id: m.id, result: result ?? null } satisfies ReplyMsg);
      } catch (err) {
        process.send?.({ kind: 'reply', id: m.id, error: err instanceof Error ? (err.stack ?? err.message) : String(err) } satisfies ReplyMsg);
      }
    })();
  });
  return {
    emit(event, data) {
      process.send?.({ kind: 'event', event, data } satisfies EventMsg);
    },
    on(event, fn) {
      handlers.set(event, fn);
    },
  };
}

/** The CPUs this process may run on (taskset), e.g. "0" or "0,1"; null without taskset. */
export function affinityOf(pid = process.pid): string | null {
  try {
    const out = execFileSync('taskset', ['-c', '-p', String(pid)], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    return out.split(':').pop()?.trim() ?? null;
  } catch {
    return null;
  }
}
