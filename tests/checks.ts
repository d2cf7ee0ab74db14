/**
 * `npm run checks`: the type check, the lint and the unit and mock-server tests, side by side. tsc and ESLint each use
 * one core and the tests two, so together they keep the machine busy where one after the other left a core idle
 * (decision 0019). Each command's output is held and printed whole when it ends, with its time; the exit code is
 * non-zero when any of them failed. `CHECKS_VITEST_JSON=<file>` adds vitest's JSON report (npm run bench -- test-suite).
 */
import { spawn } from 'node:child_process';

interface Check {
  name: string;
  command: string;
}

const json = process.env['CHECKS_VITEST_JSON'];
const CHECKS: readonly Check[] = [
  { name: 'tests', command: `vitest run --project unit --project mock-server --project mock-server-rtc${json ? ` --reporter=default --reporter=json --outputFile=${json}` : ''}` },
  { name: 'typecheck', command: 'npm run typecheck' },
  { name: 'lint', command: 'npm run lint' },
];

function run(check: Check): Promise<boolean> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(check.command, { shell: true, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: process.stdout.isTTY ? '1' : '0' } });
    const out: Buffer[] = [];
    child.stdout.on('data', (c: Buffer) => out.push(c));
    child.stderr.on('data', (c: Buffer) => out.push(c));
    child.on('close', (code) => {
      const ok = code === 0;
      process.stdout.write(`\n── ${check.name}: ${check.command}\n${Buffer.concat(out).toString('utf8')}`);
      process.stdout.write(`── ${check.name} ${ok ? 'passed' : `FAILED (exit ${code ?? 'signal'})`} in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
      resolve(ok);
    });
  });
}

const results = await Promise.all(CHECKS.map(run));
const failed = CHECKS.filter((_, i) => !results[i]).map((c) => c.name);
if (failed.length > 0) {
  process.stderr.write(`checks failed: ${failed.join(', ')}\n`);
  process.exit(1);
}
