/**
 * `npm run checks`: the type check, the lint and the unit and mock-server tests, side by side. `npm test` (`--e2e`)
 * runs them and then builds the app and runs the browser tests (decision 0019).
 *
 * The machine has two cores and the suite is mostly computation, so its time is about its work over two cores: the
 * order only decides what waits. tsc and the lint (about two minutes of one core, and waiting on nothing) run at the
 * lowest priority (`nice`) from the start, and take the cores only when the tests leave them idle: first the unit and
 * mock-server tests on two workers, then the e2e run, whose browsers wait on answers, animations and the page clock.
 * The tests keep normal priority: some wait on real time (WebRTC streams, timeouts), and a starved one would fail.
 *
 * The e2e run's output streams as it comes (it is the long one); the others' is held and printed whole when each
 * ends, with its time. The exit code is non-zero when any of them failed; failing unit or mock-server tests skip the
 * e2e run. `CHECKS_REPORT_DIR=<dir>` writes each vitest run's JSON report there and `times.json`, each check's time
 * (npm run bench -- test-suite).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

interface Check {
  name: string;
  command: string;
  /** Run at the lowest CPU priority: pure computation that waits on nothing, so it can fill what the others leave. */
  background?: boolean;
  /** Stream the output as it comes rather than holding it until the end. */
  live?: boolean;
}

const reportDir = process.env['CHECKS_REPORT_DIR'];
if (reportDir) mkdirSync(reportDir, { recursive: true });
const report = (name: string): string => (reportDir ? ` --reporter=default --reporter=json --outputFile=${path.join(reportDir, `${name}.json`)}` : '');

const E2E: Check = { name: 'e2e', command: `npm run build && vitest run --project e2e --project e2e-solo${report('e2e')}`, live: true };
const withE2e = process.argv.includes('--e2e');
const TESTS: Check = {
  name: 'tests',
  // On both cores: vitest's default is one worker on a 2-core machine.
  command: `vitest run --project unit --project mock-server --project mock-server-rtc --maxWorkers=2${report('tests')}`,
};
const BACKGROUND: readonly Check[] = [
  { name: 'typecheck', command: 'npm run typecheck', background: true },
  { name: 'lint', command: 'npm run lint', background: true },
];

function run(check: Check): Promise<{ ok: boolean; ms: number }> {
  const started = Date.now();
  // Niceness is inherited: what `npm run` starts runs at the same priority.
  const command = check.background ? `nice -n 19 ${check.command}` : check.command;
  return new Promise((resolve) => {
    const child = spawn(command, { shell: true, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: process.stdout.isTTY ? '1' : '0' } });
    const out: Buffer[] = [];
    const take = (c: Buffer): void => {
      if (check.live) process.stdout.write(c);
      else out.push(c);
    };
    if (check.live) process.stdout.write(`\n── ${check.name}: ${check.command}\n`);
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    child.on('close', (code) => {
      const ok = code === 0;
      const ms = Date.now() - started;
      if (!check.live) process.stdout.write(`\n── ${check.name}: ${check.command}\n${Buffer.concat(out).toString('utf8')}`);
      process.stdout.write(`── ${check.name} ${ok ? 'passed' : `FAILED (exit ${code ?? 'signal'})`} in ${(ms / 1000).toFixed(1)} s\n`);
      resolve({ ok, ms });
    });
  });
}

const background = BACKGROUND.map(run);
const tests = { check: TESTS, result: await run(TESTS) };
const ran: Array<typeof tests> = [tests];
if (withE2e && tests.result.ok) ran.push({ check: E2E, result: await run(E2E) });
const done = await Promise.all(background);
ran.push(...BACKGROUND.map((check, i) => ({ check, result: done[i] ?? { ok: false, ms: 0 } })));
if (reportDir) {
  const times = ran.map(({ check, result }) => ({ name: check.name, command: check.command, ...result }));
  writeFileSync(path.join(reportDir, 'times.json'), JSON.stringify(times, null, 2));
}
const failed = ran.filter(({ result }) => !result.ok).map(({ check }) => check.name);
if (withE2e && !ran.some(({ check }) => check === E2E)) failed.push('e2e (not run)');
if (failed.length > 0) {
  process.stderr.write(`checks failed: ${failed.join(', ')}\n`);
  process.exit(1);
}
