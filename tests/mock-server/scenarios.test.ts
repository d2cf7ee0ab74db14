import { cpSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { BODY_CODE } from '../../web/api/contract.ts';
import { parseCli } from '../../mock-server/cli.ts';
import { loadScenarios, ScenarioFileError, UnknownScenarioError } from '../../mock-server/scenarios/index.ts';
import { balanceIn, callIn, json, loginIn, MEMBER_MOBILE, TRIAL_MOBILE } from './control-helpers.ts';
import { startApp, tempDir, type Started } from './helpers.ts';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const SCENARIO_DIR = path.join(REPO, 'fixtures', 'scenarios');
const SHIPPED = readdirSync(SCENARIO_DIR)
  .filter((f) => f.endsWith('.json'))
  .map((f) => f.slice(0, -5))
  .sort();
/** Scenarios that must ship: each plays one SPEC §4 transition or §8 error (QA guide §3, "Shipped scenarios"). */
const REQUIRED = [
  'play-now',
  'queue',
  'queue-seat-expires',
  'queue-error',
  'stream-quit-43000',
  'stream-reconnect-43001',
  'idle-45001',
  'duration-timeout-202',
  'relogin-408',
  'out-of-play-time',
  'token-expired-30001',
  'server-error-500',
  'reconnect-able-session',
  'duration-socket-drops',
];

interface ScenarioFile {
  name: string;
  description: string;
  game: Record<string, unknown> & { user?: Record<string, number>; tokenLifetimeMs?: number };
  faults?: Record<string, unknown>[];
  virtualClock?: boolean;
}

function readScenario(name: string): ScenarioFile {
  return JSON.parse(readFileSync(path.join(SCENARIO_DIR, `${name}.json`), 'utf8')) as ScenarioFile;
}

let s: Started | undefined;
const dirs: { remove(): void }[] = [];
afterEach(async () => {
  await s?.close();
  s = undefined;
  for (const d of dirs.splice(0)) d.remove();
});

/** A copy of fixtures/ whose scenarios/ holds exactly `files`. */
function fixturesWith(files: Record<string, string>): string {
  const t = tempDir('mock-scenarios');
  dirs.push(t);
  cpSync(path.join(REPO, 'fixtures'), t.dir, { recursive: true, filter: (src) => !src.includes(`${path.sep}scenarios`) });
  const dir = path.join(t.dir, 'scenarios');
  mkdirSync(dir);
  for (const [name, text] of Object.entries(files)) {
    if (name === '') continue;
    writeFileSync(path.join(dir, name), text);
  }
  return t.dir;
}

describe('scenario files (fixtures/scenarios/*.json, QA guide §3)', () => {
  it('ships every required scenario', () => {
    expect(SHIPPED).toEqual(expect.arrayContaining(REQUIRED));
  });

  it('every shipped file loads, and its name is its file name', () => {
    const registry = loadScenarios(SCENARIO_DIR);
    expect(registry.names()).toEqual(['default', ...SHIPPED]);
    for (const name of SHIPPED) expect(registry.require(name).description).toBe(readScenario(name).description);
  });

  it.each(SHIPPED)('applying "%s" sets the script, faults, clock and user overrides it declares', async (name) => {
    s = await startApp();
    const file = readScenario(name);
    const r = await json<{ scenario: string; script: unknown; faults: Record<string, unknown>[]; clock: { virtual: boolean } }>(
      s.port,
      'POST',
      '/__mock/scenario?session=qa',
      { name },
    );
    expect(r.status, r.text).toBe(200);
    expect(r.body.scenario).toBe(name);
    expect(r.body.script).toEqual(file.game);
    expect(r.body.faults).toEqual((file.faults ?? []).map((f) => ({ match: {}, count: 1, ...f, remaining: f['count'] ?? 1 })));
    expect(r.body.clock.virtual).toBe(file.virtualClock === true);

    if (file.game.user) {
      for (const mobile of [MEMBER_MOBILE, TRIAL_MOBILE, '13900000077']) {
        const info = await loginIn(s.port, 'qa', mobile);
        const balance = await balanceIn(s.port, 'qa', info);
        expect(balance.envelope.data).toMatchObject(file.game.user);
      }
    }
    if (file.game.tokenLifetimeMs !== undefined) {
      const info = await loginIn(s.port, 'qa', MEMBER_MOBILE);
      expect((await balanceIn(s.port, 'qa', info)).envelope.code).toBe(BODY_CODE.success);
      await json(s.port, 'POST', '/__mock/clock?session=qa', { virtual: true, advanceMs: file.game.tokenLifetimeMs });
      expect((await balanceIn(s.port, 'qa', info)).envelope.code).toBe(BODY_CODE.tokenExpired);
      const fresh = await loginIn(s.port, 'qa', MEMBER_MOBILE);
      expect((await balanceIn(s.port, 'qa', fresh)).envelope.code).toBe(BODY_CODE.success);
    }
    // The default session is untouched.
    expect((await json(s.port, 'GET', '/__mock/session')).body['scenario']).toBe('default');
  });

  it('server-error-500: the next three API calls answer HTTP 500, then normal answers (SPEC §8 500 error page)', async () => {
    s = await startApp({ scenario: 'server-error-500' });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await callIn(s.port, 'default', 'index/api/system_info', { data: {} })).status);
    expect(statuses).toEqual([500, 500, 500, 200]);
  });

  it('createApp({scenario}) and --scenario apply a file to the default session only', async () => {
    s = await startApp({ scenario: 'queue-seat-expires' });
    expect(s.app.scenario).toBe('queue-seat-expires');
    expect((await json(s.port, 'GET', '/__mock/session')).body).toMatchObject({ scenario: 'queue-seat-expires', clock: { virtual: true } });
    expect((await json(s.port, 'GET', '/__mock/session?session=other')).body).toMatchObject({ scenario: 'default', clock: { virtual: false } });
    expect(parseCli(['--scenario', 'relogin-408'], {}).scenario).toBe('relogin-408');
    await expect(startApp({ scenario: 'no-such' })).rejects.toThrow(UnknownScenarioError);
  });

  it('a fixtures directory without scenarios/ knows only "default"', () => {
    const t = tempDir('mock-no-scenarios');
    dirs.push(t);
    expect(loadScenarios(path.join(t.dir, 'scenarios')).names()).toEqual(['default']);
  });

  it('scenarios come from <fixtures>/scenarios, so --fixtures DIR brings its own', async () => {
    const dir = fixturesWith({ 'my-case.json': JSON.stringify({ name: 'my-case', description: 'Mine.', game: { play: { code: 500, sub_msg: 'busy' } } }) });
    expect(parseCli(['--fixtures', dir, '--scenario', 'my-case'], {}).scenario).toBe('my-case');
    expect(() => parseCli(['--fixtures', dir, '--scenario', 'queue'], {})).toThrow('Unknown scenario "queue". Known scenarios: default, my-case.');
    s = await startApp({ fixturesDir: dir, scenario: 'my-case' });
    expect((await json(s.port, 'GET', '/__mock/scenarios')).body).toEqual({
      scenarios: [
        { name: 'default', description: expect.any(String) },
        { name: 'my-case', description: 'Mine.' },
      ],
    });
  });

  it.each([
    ['broken.json', '{"name": "broken",', /^Invalid scenario file .*broken\.json: not valid JSON/],
    ['other.json', JSON.stringify({ name: 'not-other', description: 'x' }), /other\.json: Field "name" must equal the file name "other", got "not-other"$/],
    ['nodesc.json', JSON.stringify({ name: 'nodesc' }), /nodesc\.json: Missing field "description"$/],
    ['typo.json', JSON.stringify({ name: 'typo', description: 'x', game: { qeueu: {} } }), /typo\.json: Field "game\.qeueu" is not a known field/],
    [
      'positions.json',
      JSON.stringify({ name: 'positions', description: 'x', game: { queue: { positions: [3, -1] } } }),
      /positions\.json: Field "game\.queue\.positions\[1\]" must be an integer ≥ 0$/,
    ],
    [
      'dur.json',
      JSON.stringify({ name: 'dur', description: 'x', game: { duration: { messages: [{ atMs: 5, code: 201 }] } } }),
      /dur\.json: Field "game\.duration\.messages\[0\]\.code" must be one of 200, 202, 408, 500, 5001, got 201$/,
    ],
    [
      'derived.json',
      JSON.stringify({ name: 'derived', description: 'x', game: { user: { current_time: 5 } } }),
      /Field "game\.user\.current_time" cannot be overridden: it is derived from the session clock$/,
    ],
    ['fault.json', JSON.stringify({ name: 'fault', description: 'x', faults: [{ count: 2 }] }), /fault\.json: Field "faults\[0\]" must set at least one of/],
    ['Upper.json', JSON.stringify({ name: 'Upper', description: 'x' }), /Upper\.json: Field "name" must be lower-case letters, digits and dashes/],
    ['default.json', JSON.stringify({ name: 'default', description: 'x' }), /default\.json: "default" is built in/],
    ['vc.json', JSON.stringify({ name: 'vc', description: 'x', virtualClock: 'yes' }), /vc\.json: Field "virtualClock" must be true or false$/],
  ])('a bad file %s stops the app with one message naming it', async (file, text, message) => {
    const dir = fixturesWith({ [file]: text });
    expect(() => loadScenarios(path.join(dir, 'scenarios'))).toThrow(ScenarioFileError);
    expect(() => loadScenarios(path.join(dir, 'scenarios'))).toThrow(message);
    await expect(startApp({ fixturesDir: dir })).rejects.toThrow(message);
  });
});
