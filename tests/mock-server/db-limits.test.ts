/**
 * What `/__db/` lets one session keep (decision 0024, mock-server/README.md "Rules the server enforces"):
 * records per collection and bytes per session are capped, a write past either answers 413 `{error}` and
 * changes nothing, DELETE always makes room, and a reset gives back everything the session held. The caps
 * are createApp options, small here so a few requests reach them.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createApp } from '../../mock-server/app.ts';
import { MAX_DB_RECORDS, MAX_DB_SESSION_BYTES } from '../../mock-server/limits.ts';
import { sessionFixtures } from '../../mock-server/sessions/db-fixtures.ts';
import { collectGarbage } from '../../bench/heap.ts';
import { json } from './control-helpers.ts';
import { startApp, type Started } from './helpers.ts';
import { until } from '../wait.ts';

type Rec = Record<string, unknown>;

let s: Started;
afterEach(async () => {
  await s.close();
});

/** A new game like the first fixture game, with its own key. */
async function newGame(i: number): Promise<Rec> {
  const { id: _id, ...game } = (await json<Rec[]>(s.port, 'GET', '/__db/games')).body[0] ?? {};
  return { ...game, game_key: `qa${i}`, title: `QA extra ${i}` };
}

const gamesIn = async (session: string): Promise<number> => (await json<Rec[]>(s.port, 'GET', `/__db/games?session=${session}`)).body.length;

describe('/__db/ caps (decision 0024)', () => {
  it(`defaults to ${MAX_DB_RECORDS} records per collection and ${MAX_DB_SESSION_BYTES / 1024 / 1024} MB per session; bad caps throw`, async () => {
    s = await startApp();
    expect([MAX_DB_RECORDS, MAX_DB_SESSION_BYTES]).toEqual([1000, 2 * 1024 * 1024]);
    expect(() => createApp({ distDir: null, dbMaxRecords: 0 })).toThrow(/dbMaxRecords must be a whole number ≥ 1, got 0/);
    expect(() => createApp({ distDir: null, dbMaxBytes: 1.5 })).toThrow(/dbMaxBytes must be a whole number of bytes ≥ 1, got 1.5/);
  });

  it('a POST to a full collection answers 413 {error} naming the cap and adds nothing; a DELETE makes room', async () => {
    s = await startApp();
    const start = await gamesIn('qa');
    await s.close();
    s = await startApp({ dbMaxRecords: start + 2 });
    for (const i of [1, 2]) expect((await json(s.port, 'POST', '/__db/games?session=qa', await newGame(i))).status).toBe(201);
    const refused = await json(s.port, 'POST', '/__db/games?session=qa', await newGame(3));
    expect(refused.status).toBe(413);
    expect(refused.body).toEqual({ error: expect.stringMatching(/^\/__db\/games of session "qa" holds \d+ records, the most one collection may hold \(\d+, dbMaxRecords\): DELETE some first, or POST \/__mock\/reset\?session=qa to start again$/) as string });
    expect(await gamesIn('qa')).toBe(start + 2);
    // Other sessions have their own collections.
    expect((await json(s.port, 'POST', '/__db/games?session=other', await newGame(4))).status).toBe(201);
    const added = (await json<Rec[]>(s.port, 'GET', '/__db/games?session=qa&game_key=qa1')).body[0];
    expect((await json(s.port, 'DELETE', `/__db/games/${String(added?.['id'])}?session=qa`)).status).toBe(200);
    expect((await json(s.port, 'POST', '/__db/games?session=qa', await newGame(5))).status).toBe(201);
  });

  it('a write that could take the session past its bytes answers 413 {error}; DELETE still works; users are capped too', async () => {
    s = await startApp({ dbMaxBytes: 1 });
    const refused = await json(s.port, 'PATCH', '/__db/games/1?session=qa', { title: 'Bigger' });
    expect(refused.status).toBe(413);
    expect(refused.body['error']).toMatch(
      /^The \/__db\/ data of session "qa" is \d+ bytes; this 18-byte body could take it past 1 bytes \(0 KB\), the most one session may hold \(dbMaxBytes\): DELETE records first, or POST \/__mock\/reset\?session=qa to start again$/,
    );
    expect((await json(s.port, 'POST', '/__db/users?session=qa', {})).status).toBe(413);
    expect((await json<Rec>(s.port, 'GET', '/__db/games/1?session=qa')).body['title']).toBe('Starfall Odyssey');
    expect((await json(s.port, 'DELETE', '/__db/users/10000002?session=qa')).status).toBe(200);
  });

  it('filling a collection up to the bytes cap stops there, and a reset frees the session’s copy', async () => {
    s = await startApp();
    // The data as compact JSON (/__db/ answers it pretty-printed).
    const base = Buffer.byteLength(JSON.stringify((await json(s.port, 'GET', '/__db/db?session=qa')).body));
    await s.close();
    s = await startApp({ dbMaxBytes: base + 6_000 });
    const statuses: number[] = [];
    for (let i = 0; i < 12 && !statuses.includes(413); i++) statuses.push((await json(s.port, 'POST', '/__db/games?session=qa', await newGame(i))).status);
    expect(statuses.at(-1), JSON.stringify(statuses)).toBe(413);
    expect(statuses.filter((x) => x === 201).length).toBeGreaterThanOrEqual(2);
    const session = s.app.sessions.get('qa');
    const copy = new WeakRef(sessionFixtures(session, s.app.fixtures).content.catalogue.games);
    const others = await gamesIn('other');
    // A list read hands the session's lists to the router every session shares: it must not keep them.
    expect(await gamesIn('qa')).toBeGreaterThan(others);

    expect((await json(s.port, 'POST', '/__mock/reset?session=qa')).status).toBe(200);
    expect(sessionFixtures(session, s.app.fixtures)).toBe(s.app.fixtures);
    const gc = collectGarbage();
    expect(gc).toBeTypeOf('function');
    await until(() => {
      gc?.();
      return copy.deref() === undefined;
    }, 'the reset session’s /__db/ copy to be collected', 3_000);
    expect(await gamesIn('qa')).toBe(others);
    expect((await json(s.port, 'POST', '/__db/games?session=qa', await newGame(99))).status).toBe(201);
  });
});
