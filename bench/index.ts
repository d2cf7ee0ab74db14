/**
 * `npm run bench [-- name…]`: runs the registered benchmarks, prints their
 * numbers, rewrites their sections of BENCHMARKS.md (sections of benchmarks
 * not run are kept, each keeps a history table) and exits 1 when a budget is
 * exceeded or a benchmark fails.
 *
 * Add a benchmark: write bench/<name>.ts exporting a `Benchmark`
 * (bench/types.ts) and add it to BENCHMARKS below.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { bundleSize } from './bundle-size.ts';
import { lighthouse } from './lighthouse.ts';
import { mockRps } from './mock-rps.ts';
import { mockSockets } from './mock-sockets.ts';
import { scaleOut } from './scale-out.ts';
import { soak } from './soak.ts';
import { stream } from './stream.ts';
import { streamProcesses } from './stream-processes.ts';
import { streamNetwork } from './stream-network.ts';
import { testSuite } from './test-suite.ts';
import type { Benchmark, BenchResult, HistoryRow } from './types.ts';

/** Every benchmark, in run order. */
export const BENCHMARKS: readonly Benchmark[] = [bundleSize, lighthouse, mockRps, mockSockets, stream, streamProcesses, streamNetwork, soak, testSuite, scaleOut];

const HISTORY_LIMIT = 30;

export interface RunInfo {
  date: string;
  commit: string;
  node: string;
  cpus: string;
}

function runInfo(root: string): RunInfo {
  const git = (...args: string[]): string => {
    try {
      return execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    } catch {
      return '';
    }
  };
  const commit = git('rev-parse', '--short', 'HEAD') || 'unknown';
  const dirty = git('status', '--porcelain', '--untracked-files=no') !== '';
  const cpus = os.cpus();
  return {
    date: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
    commit: dirty ? `${commit}+dirty` : commit,
    node: process.version,
    cpus: `${cpus.length}× ${cpus[0]?.model.trim() ?? 'unknown CPU'}`,
  };
}

const sectionRe = (name: string): RegExp => new RegExp(`<!-- bench:${name} -->[\\s\\S]*?<!-- /bench:${name} -->`);
const historyRe = (name: string): RegExp => new RegExp(`<!-- history:${name} -->\\n([\\s\\S]*?)<!-- /history:${name} -->`);

function historyTable(name: string, previous: string | null, row: HistoryRow, info: RunInfo): string {
  const header = ['date', 'commit', ...row.header];
  const headerLine = `| ${header.join(' | ')} |`;
  const oldLines = previous?.match(historyRe(name))?.[1]?.split('\n').filter((l) => l.startsWith('|')) ?? [];
  // A changed header starts a new history: old rows would not line up.
  const oldRows = oldLines[0] === headerLine ? oldLines.slice(2) : [];
  const rows = [...oldRows, `| ${[info.date, info.commit, ...row.cells].join(' | ')} |`].slice(-HISTORY_LIMIT);
  return [`<!-- history:${name} -->`, headerLine, `|${header.map(() => '---').join('|')}|`, ...rows, `<!-- /history:${name} -->`].join('\n');
}

function renderSection(bench: Benchmark, result: BenchResult, info: RunInfo, previous: string | null): string {
  const parts = [
    `<!-- bench:${bench.name} -->`,
    `## ${bench.title}`,
    '',
    `Run ${info.date} on commit \`${info.commit}\`, Node ${info.node}, ${info.cpus}. Re-run: \`npm run bench -- ${bench.name}\`.`,
    '',
    result.overBudget.length === 0 ? '**Within budget.**' : ['**Over budget:**', ...result.overBudget.map((l) => `- ${l}`)].join('\n'),
    '',
    result.markdown,
  ];
  if (result.history) parts.push('', '### History', '', historyTable(bench.name, previous, result.history, info));
  parts.push(`<!-- /bench:${bench.name} -->`);
  return parts.join('\n');
}

export function renderBenchmarksMd(previous: string | null, sections: ReadonlyMap<string, string>, info: RunInfo): string {
  const head = [
    '# Benchmarks',
    '',
    'Written by `npm run bench` (bench/index.ts); every section is regenerated when its benchmark runs.',
    'Budgets are enforced: the command exits non-zero and names what is over.',
    '',
    `Last run: ${info.date}, commit \`${info.commit}\`.`,
  ].join('\n');
  const body = BENCHMARKS.map((b) => sections.get(b.name) ?? previous?.match(sectionRe(b.name))?.[0] ?? null).filter(
    (s): s is string => s !== null,
  );
  return `${[head, ...body].join('\n\n')}\n`;
}

export async function runBenchmarks(names: readonly string[], root = process.cwd()): Promise<number> {
  const unknown = names.filter((n) => !BENCHMARKS.some((b) => b.name === n));
  if (unknown.length > 0) {
    console.error(`unknown benchmark(s): ${unknown.join(', ')}; known: ${BENCHMARKS.map((b) => b.name).join(', ')}`);
    return 2;
  }
  const selected = names.length > 0 ? BENCHMARKS.filter((b) => names.includes(b.name)) : BENCHMARKS;
  const mdPath = path.join(root, 'BENCHMARKS.md');
  const previous = existsSync(mdPath) ? await readFile(mdPath, 'utf8') : null;
  const info = runInfo(root);
  const sections = new Map<string, string>();
  const problems: string[] = [];

  for (const bench of selected) {
    console.log(`\n== ${bench.name}: ${bench.title}`);
    const tmpDir = path.join(root, '.tmp', 'bench', bench.name);
    await rm(tmpDir, { recursive: true, force: true });
    await mkdir(tmpDir, { recursive: true });
    const started = performance.now();
    try {
      const result = await bench.run({ root, tmpDir, log: (line) => console.log(line) });
      sections.set(bench.name, renderSection(bench, result, info, previous));
      problems.push(...result.overBudget.map((l) => `OVER BUDGET [${bench.name}]: ${l}`));
      console.log(`(${bench.name} took ${Math.round(performance.now() - started)} ms)`);
    } catch (err) {
      problems.push(`FAILED [${bench.name}]: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  if (sections.size > 0) {
    await writeFile(mdPath, renderBenchmarksMd(previous, sections, info));
    console.log(`\nwrote ${path.relative(process.cwd(), mdPath) || mdPath}`);
  }
  if (problems.length > 0) {
    for (const p of problems) console.error(p);
    return 1;
  }
  console.log('all benchmarks within budget');
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runBenchmarks(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
