/**
 * `npm run bench -- test-suite`: how long `npm test` takes on this machine, check by check, and its slowest files.
 * `npm test` runs its checks side by side (tests/checks.ts); told where (`CHECKS_REPORT_DIR`), it writes each check's
 * time and each vitest run's JSON report, read here for each file's time. Budget: the whole suite within 12 minutes
 * on this 2-core machine, so a change made late in a working session is still checked before it lands (decision 0019).
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { BenchContext, BenchResult, Benchmark } from './types.ts';

export const SUITE_BUDGET_MIN = 12;
const SLOWEST = 12;
/** Where the suite came from, measured on this machine before the layout of decision 0019. */
const BEFORE =
  'Before decision 0019 (a fresh module graph and window for every file, the e2e mock inside the test worker, one ' +
  'browser file at a time) the same suite took about 26 minutes here: typecheck 23 s, lint 43 s, unit + mock-server ' +
  '375 s, build 4 s, e2e 1,110 s.';

interface Step {
  name: string;
  command: string;
  ms: number;
  ok: boolean;
}

interface FileTime {
  file: string;
  ms: number;
  tests: number;
}

interface VitestJson {
  testResults: Array<{ name: string; startTime: number; endTime: number; assertionResults: unknown[] }>;
}

function runSuite(cwd: string, log: (line: string) => void, reportDir: string): Promise<{ ms: number; ok: boolean }> {
  const started = Date.now();
  log('$ npm test');
  return new Promise((resolve) => {
    const env = { ...process.env, CI: 'true', CHECKS_REPORT_DIR: reportDir };
    const child = spawn('npm test', { cwd, shell: true, stdio: ['ignore', 'ignore', 'inherit'], env });
    child.on('exit', (code) => resolve({ ms: Date.now() - started, ok: code === 0 }));
  });
}

async function fileTimes(report: string, root: string): Promise<FileTime[]> {
  const json = JSON.parse(await readFile(report, 'utf8')) as VitestJson;
  return json.testResults.map((r) => ({
    file: path.relative(root, r.name),
    ms: r.endTime - r.startTime,
    tests: r.assertionResults.length,
  }));
}

const min = (ms: number): string => (ms / 60_000).toFixed(1);
const sec = (ms: number): string => (ms / 1000).toFixed(1);

export const testSuite: Benchmark = {
  name: 'test-suite',
  title: 'Test suite: `npm test` wall time and its slowest files',
  async run(ctx: BenchContext): Promise<BenchResult> {
    const reportDir = path.join(ctx.tmpDir, 'reports');
    const suite = await runSuite(ctx.root, ctx.log, reportDir);
    const timesFile = path.join(reportDir, 'times.json');
    const steps: Step[] = existsSync(timesFile) ? (JSON.parse(await readFile(timesFile, 'utf8')) as Step[]) : [];
    const files: FileTime[] = [];
    for (const name of ['tests', 'e2e']) {
      const report = path.join(reportDir, `${name}.json`);
      if (existsSync(report)) files.push(...(await fileTimes(report, ctx.root)));
    }
    const total = suite.ms;
    const failed = suite.ok ? undefined : (steps.find((s) => !s.ok) ?? { name: 'npm test', command: 'npm test', ms: total, ok: false });
    const slowest = [...files].sort((a, b) => b.ms - a.ms).slice(0, SLOWEST);
    const markdown = [
      'The checks run side by side (tests/checks.ts), so their times overlap:',
      '',
      `| check | time |`,
      `|---|---|`,
      ...steps.map((s) => `| ${s.name}: \`${s.command.replace(/ --reporter.*$/, '')}\`${s.ok ? '' : ' (failed)'} | ${sec(s.ms)} s |`),
      `| **npm test** | **${min(total)} min** (${(total / (SUITE_BUDGET_MIN * 60_000)).toFixed(2)}× the ${SUITE_BUDGET_MIN}-minute budget) |`,
      '',
      BEFORE,
      '',
      `${files.length} test files, ${files.reduce((s, f) => s + f.tests, 0)} tests. The slowest files (time from the file's start to its end, so`,
      'files that ran side by side overlap):',
      '',
      '| file | tests | time |',
      '|---|---|---|',
      ...slowest.map((f) => `| \`${f.file}\` | ${f.tests} | ${sec(f.ms)} s |`),
    ].join('\n');
    const overBudget = [
      ...(failed ? [`\`${failed.command}\` failed`] : []),
      ...(total > SUITE_BUDGET_MIN * 60_000 ? [`npm test took ${min(total)} min > budget ${SUITE_BUDGET_MIN} min`] : []),
    ];
    return { markdown, overBudget, history: { header: ['npm test', 'files', 'slowest file'], cells: [`${min(total)} min`, String(files.length), slowest[0] ? `${slowest[0].file} ${sec(slowest[0].ms)} s` : '-'] } };
  },
};
