/**
 * CPU accounting from /proc, to tell the benchmark's own load from other processes on the machine: a window of
 * whole-machine busy time against this process tree's.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

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
