/**
 * Shared pieces of the stream benchmark (bench/stream.ts): a tiny RPC over
 * child_process IPC for its two worker processes, CPU accounting from /proc
 * (to tell our own load from other processes on the machine), statistics.
 */
import { execFileSync, fork, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

// ---------- RPC over IPC ----------

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

// ---------- CPU accounting ----------

const CLK_TCK = ((): number => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** Busy and total CPU time of the whole machine, ms summed over CPUs (/proc/stat). */
export function machineCpu(): { busyMs: number; totalMs: number } {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
    const f = line.trim().split(/\s+/).slice(1).map(Number);
    const idle = (f[3] ?? 0) + (f[4] ?? 0);
    const total = f.slice(0, 8).reduce((a, b) => a + b, 0);
    return { busyMs: ((total - idle) * 1000) / CLK_TCK, totalMs: (total * 1000) / CLK_TCK };
  } catch {
    return { busyMs: 0, totalMs: 0 };
  }
}

interface ProcStat {
  pid: number;
  ppid: number;
  ms: number;
}

function procStats(): ProcStat[] {
  const out: ProcStat[] = [];
  let names: string[];
  try {
    names = readdirSync('/proc').filter((n) => /^\d+$/.test(n));
  } catch {
    return out;
  }
  for (const n of names) {
    try {
      const raw = readFileSync(`/proc/${n}/stat`, 'utf8');
      const rest = raw.slice(raw.lastIndexOf(')') + 2).split(' ');
      // After "pid (comm) ": state ppid … utime(14th field → index 11) stime(12).
      out.push({ pid: Number(n), ppid: Number(rest[1]), ms: ((Number(rest[11]) + Number(rest[12])) * 1000) / CLK_TCK });
    } catch {
      // Gone meanwhile.
    }
  }
  return out;
}

/** CPU ms used so far by `root` and all its live descendants (workers, Chromium's processes). */
export function treeCpuMs(root = process.pid): number {
  const all = procStats();
  const kids = new Map<number, ProcStat[]>();
  for (const p of all) kids.set(p.ppid, [...(kids.get(p.ppid) ?? []), p]);
  let ms = 0;
  const seen = new Set<number>();
  const walk = (pid: number): void => {
    for (const k of kids.get(pid) ?? []) {
      if (seen.has(k.pid)) continue;
      seen.add(k.pid);
      ms += k.ms;
      walk(k.pid);
    }
  };
  ms += all.find((p) => p.pid === root)?.ms ?? 0;
  walk(root);
  return ms;
}

export interface LoadWindow {
  /** Whole machine busy, % of one core (200 % = both of 2 cores). */
  machinePct: number;
  /** This benchmark's process tree, % of one core. */
  oursPct: number;
  /** Everything else on the machine (other agents' tests…), % of one core. */
  othersPct: number;
}

/** Starts a window; calling the result ends it and says who used the CPUs meanwhile. */
export function loadWindow(): () => LoadWindow {
  const m0 = machineCpu();
  const o0 = treeCpuMs();
  const t0 = performance.now();
  return () => {
    const m1 = machineCpu();
    const o1 = treeCpuMs();
    const wall = performance.now() - t0;
    const machinePct = wall > 0 ? ((m1.busyMs - m0.busyMs) / wall) * 100 : 0;
    const oursPct = wall > 0 ? ((o1 - o0) / wall) * 100 : 0;
    return { machinePct, oursPct, othersPct: Math.max(0, machinePct - oursPct) };
  };
}

export function loadAvg(): string {
  try {
    return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  } catch {
    return 'n/a';
  }
}

// ---------- statistics and formatting ----------

/** Linear interpolation between closest ranks; NaN for no values. */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const s = [...values].sort((a, b) => a - b);
  const pos = (s.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return (s[lo] as number) + ((s[hi] as number) - (s[lo] as number)) * (pos - lo);
}

export const mean = (values: readonly number[]): number => (values.length === 0 ? Number.NaN : values.reduce((a, b) => a + b, 0) / values.length);

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

export function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const esc = (c: string): string => c.replace(/\|/g, '\\|');
  return [`| ${header.map(esc).join(' | ')} |`, `|${header.map(() => '---').join('|')}|`, ...rows.map((r) => `| ${r.map(esc).join(' | ')} |`)].join('\n');
}

/** A plain-text table for the console. */
export function textTable(header: readonly string[], rows: readonly (readonly string[])[]): string[] {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (r: readonly string[]): string => r.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  ').trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)];
}

export const f1 = (n: number): string => (Number.isFinite(n) ? n.toFixed(1) : '—');
export const f0 = (n: number): string => (Number.isFinite(n) ? String(Math.round(n)) : '—');
export const ratio = (value: number, base: number): string => (Number.isFinite(value) && base > 0 ? `${(value / base).toFixed(2)}×` : '—');
