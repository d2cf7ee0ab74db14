/**
 * json-server (with express, lodash and lowdb) is required by the first `/__db/` request, not by starting the mock
 * (mock-server/sessions/json-server.ts): it was a third of the mock's start-up CPU. Checked in a Node process of its
 * own, since this worker's other files load it.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

const SCRIPT = `
import { createRequire } from 'node:module';
import { createApp } from './mock-server/app.ts';
const require = createRequire(import.meta.url);
const loaded = () => Object.keys(require.cache).some((k) => k.includes('/node_modules/json-server/'));
const app = createApp({ distDir: null, log: () => {} });
const { url } = await app.listen(0, '127.0.0.1');
const atStart = loaded();
const res = await fetch(new URL('/__db/users?session=lazy', url));
const users = await res.json();
console.log(JSON.stringify({ atStart, afterDb: loaded(), status: res.status, users: Array.isArray(users) && users.length > 0 }));
await app.close();
`;

describe('/__db/ (docs/decisions/0003)', () => {
  it('loads json-server on its first request, not when the mock starts', async () => {
    const out = await new Promise<string>((resolve, reject) => {
      execFile(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', SCRIPT], { cwd: REPO, timeout: 30_000 }, (err, stdout, stderr) =>
        err ? reject(new Error(`${err.message}\n${stderr}`)) : resolve(stdout),
      );
    });
    expect(JSON.parse(out.trim().split('\n').at(-1) ?? '{}')).toEqual({ atStart: false, afterDb: true, status: 200, users: true });
  }, 40_000);
});
