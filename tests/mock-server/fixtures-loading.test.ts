import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_FIXTURES_DIR, createApp } from '../../mock-server/app.ts';
import { FixtureError, loadFixtures } from '../../mock-server/fixtures/index.ts';
import { login, startApp, tempDir } from './helpers.ts';

const dirs: { remove(): void }[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) d.remove();
});

/** A copy of the repo fixtures with one file replaced or edited. */
function fixturesWith(file: string, edit: (json: unknown) => unknown): string {
  const d = tempDir('mock-fixtures');
  dirs.push(d);
  cpSync(DEFAULT_FIXTURES_DIR, d.dir, { recursive: true });
  const target = path.join(d.dir, file);
  const edited = edit(JSON.parse(readFileSync(target, 'utf8')) as unknown);
  writeFileSync(target, typeof edited === 'string' ? edited : JSON.stringify(edited));
  return d.dir;
}

/** Set `value` at a dotted path like "personas.2.mobile" in parsed JSON; returns the edited root. */
function set(keyPath: string, value: unknown): (json: unknown) => unknown {
  return (json) => {
    const keys = keyPath.split('.');
    let node = json as Record<string, unknown>;
    for (const key of keys.slice(0, -1)) node = node[key] as Record<string, unknown>;
    const last = keys[keys.length - 1] ?? '';
    if (value === undefined) delete node[last];
    else node[last] = value;
    return json;
  };
}

describe('fixture files', () => {
  it('the repo fixtures load and hold the five personas of the brief', () => {
    const f = loadFixtures(DEFAULT_FIXTURES_DIR);
    expect(f.users.personas.map((p) => p.mobile)).toEqual(['13800000000', '13800000001', '13800000002', '13800000003', '13800000004']);
    expect(f.shield.game).toBe('3,17');
    expect(f.protocols.user.content.split('\n\n').length).toBeGreaterThanOrEqual(3);
  });

  it.each([
    ['users.json', set('personas.2.mobile', 138), /users\.json: personas\[2\]\.mobile must be a string/],
    ['users.json', set('new_user', undefined), /users\.json: new_user is missing/],
    ['users.json', set('personas.1.mobile', '13800000000'), /users\.json: personas\[1\]\.mobile repeats/],
    ['users.json', set('personas.0.mobile', '12345'), /users\.json: personas\[0\]\.mobile is not valid/],
    ['users.json', set('personas.1.account.member_days', 0), /users\.json: personas\[1\]\.account\.member_days must be above 0/],
    ['system_info.json', set('pay_config.h5_wxpay', 'yes'), /system_info\.json: pay_config\.h5_wxpay/],
    ['downurl.json', set('android_url', 'ftp://x'), /downurl\.json: android_url must be an http\(s\) URL/],
    ['shield.json', () => ({ game: '3, 17' }), /shield\.json: game must be a comma list/],
    ['protocol.json', set('privacy.paragraphs', ['one']), /protocol\.json: privacy\.paragraphs/],
    ['protocol.json', () => '{"user": ', /protocol\.json: not valid JSON/],
    ['shield.json', () => '[]', /shield\.json: the top level must be a JSON object/],
  ])('a bad %s fails createApp with a message naming the file and field', (file, edit, message) => {
    const dir = fixturesWith(file, edit);
    expect(() => createApp({ fixturesDir: dir, distDir: null })).toThrow(FixtureError);
    expect(() => createApp({ fixturesDir: dir, distDir: null })).toThrow(message);
  });

  it('a missing file fails naming it', () => {
    const d = tempDir('mock-fixtures-missing');
    dirs.push(d);
    cpSync(DEFAULT_FIXTURES_DIR, d.dir, { recursive: true });
    rmSync(path.join(d.dir, 'downurl.json'));
    expect(() => loadFixtures(d.dir)).toThrow(`Invalid fixture ${path.join(d.dir, 'downurl.json')}: file not found`);
  });

  it('each app gets its own state built from the fixtures', async () => {
    const a = await startApp();
    const b = await startApp();
    try {
      const first = await login(a.port, '13755550000');
      expect(b.app.store.findUser('86', '13755550000')).toBeUndefined();
      expect(a.app.store.findUser('86', '13755550000')?.uid).toBe(first.swcloud_uid);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});
