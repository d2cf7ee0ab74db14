/**
 * What anyone who reaches the mock can make it keep (QA guide §2: its limits, "Journal"). The
 * journal keeps short previews of signed bodies only, under byte caps per
 * session and overall; fault and push bodies have size and nesting limits,
 * and a refused body leaves nothing behind.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { BODY_CODE, HEADER } from '../../web/api/contract.ts';
import { JOURNAL_BODY_CHARS, JOURNAL_SESSION_BYTES, JOURNAL_TOTAL_BYTES } from '../../mock-server/sessions/journal.ts';
import { MAX_FAULT_BODY_BYTES, MAX_JSON_DEPTH, MAX_PUSH_MESSAGE_BYTES, MAX_SESSION_FAULT_BODY_BYTES } from '../../mock-server/limits.ts';
import { callIn, json } from './control-helpers.ts';
import { collectGarbage, heapUsed, MB } from '../../bench/heap.ts';
import { flood } from './hardening-helpers.ts';
import { apiPath, rawRequest, signedHeaders, startApp, type Started } from './helpers.ts';
import { CONTROL_WRITE_HEADERS } from '../../mock-server/http/control-guard.ts';

let s: Started | undefined;
afterEach(async () => {
  await s?.close();
  s = undefined;
});

/** About 4 KB of JSON that costs some 50 KB of heap once parsed: 1,358 empty arrays. */
const HEAVY_BODY = `{"x":[${'[],'.repeat(1358)}[]]}`;
const SEND_CODE = apiPath('user/send_code');

interface Entry {
  kind: string;
  path?: string;
  status?: number;
  msg?: string;
  body?: unknown;
  bodyCut?: boolean;
}
interface JournalAnswer {
  dropped: number;
  bytes: number;
  maxBytes: number;
  entries: Entry[];
}

/** Nesting `depth` arrays deep, as text (JSON.parse copes; serialising it again does not). */
const nested = (depth: number): string => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe('journal: previews, signed bodies only, byte caps (QA guide §2 Journal)', () => {
  it('a flood of 3 sessions × 2,000 unsigned 4 KB bodies keeps the journal under its byte cap and the heap bounded', async () => {
    s = await startApp();
    const started = s;
    expect(HEAVY_BODY.length).toBeGreaterThan(4000);
    expect(HEAVY_BODY.length).toBeLessThanOrEqual(4096);
    const gc = collectGarbage();
    const before = heapUsed(gc);
    for (const session of ['flood-1', 'flood-2', 'flood-3']) {
      const statuses = await flood(started.port, 2000, 8, () => ({
        method: 'POST',
        path: SEND_CODE,
        headers: { 'content-type': 'application/json', [HEADER.mockSession]: session },
        body: HEAVY_BODY,
      }));
      // Unsigned: every one is refused with 40000 (HTTP 200, the body code says why).
      expect([...statuses]).toEqual([[200, 2000]]);
    }
    const after = heapUsed(gc);
    const growth = after - before;
    // Before these limits this flood kept every parsed body: +331 MB. A journal of 6,000 small entries is about 2 MB;
    // the bound leaves room for a collection that could not be forced.
    expect(growth, `heapUsed grew by ${(growth / MB).toFixed(1)} MB`).toBeLessThan((gc ? 48 : 150) * MB);

    const flooded = started.app.sessions.list().filter((x) => x.name.startsWith('flood-'));
    expect(flooded).toHaveLength(3);
    for (const session of flooded) {
      expect(session.journal.size).toBe(2000);
      expect(session.journal.bytes).toBeLessThanOrEqual(JOURNAL_SESSION_BYTES);
    }
    const total = started.app.sessions.journalBytes();
    expect(total.max).toBe(JOURNAL_TOTAL_BYTES);
    expect(total.used).toBe(started.app.sessions.list().reduce((n, x) => n + x.journal.bytes, 0));
    expect(total.used).toBeLessThanOrEqual(JOURNAL_TOTAL_BYTES);

    // An unsigned request is journalled without its body: it failed the signature check.
    const j = await json<JournalAnswer>(started.port, 'GET', '/__mock/journal?session=flood-2&limit=1');
    expect(j.body.entries).toHaveLength(1);
    expect(j.body.entries[0]).toMatchObject({ kind: 'http', status: 200, msg: expect.stringMatching(/^Missing header/) as string });
    expect(j.body.entries[0]?.body).toBeUndefined();
    expect(j.body.bytes).toBeLessThanOrEqual(j.body.maxBytes);
  }, 60_000);

  it('a signed body is journalled as a preview of at most 512 characters, marked as cut', async () => {
    s = await startApp();
    await callIn(s.port, 'qa', 'user/send_code', { rawBody: HEAVY_BODY, contentType: 'application/json' });
    await callIn(s.port, 'qa', 'user/send_code', { data: { mobile: '13800000009', area_code: '86' } });
    const j = await json<JournalAnswer>(s.port, 'GET', '/__mock/journal?session=qa');
    const [heavy, small] = j.body.entries;
    expect(typeof heavy?.body).toBe('string');
    const preview = String(heavy?.body);
    expect(preview.startsWith(HEAVY_BODY.slice(0, JOURNAL_BODY_CHARS))).toBe(true);
    expect(preview.slice(JOURNAL_BODY_CHARS)).toBe(`… (${HEAVY_BODY.length} characters)`);
    expect(heavy?.bodyCut).toBe(true);
    // Small JSON bodies still read as JSON.
    expect(small).toMatchObject({ body: { mobile: '13800000009', area_code: '86' } });
    expect(small?.bodyCut).toBeUndefined();
  });

  it('journals are capped in bytes per session and overall; the oldest entries go first and are counted', async () => {
    const perSession = 64 * 1024;
    const overall = 160 * 1024;
    s = await startApp({ journalSessionBytes: perSession, journalTotalBytes: overall });
    const started = s;
    for (const session of ['cap-1', 'cap-2', 'cap-3']) {
      await flood(started.port, 150, 4, () => {
        const headers = signedHeaders('POST', SEND_CODE, HEAVY_BODY, { 'content-type': 'application/json', [HEADER.mockSession]: session });
        return { method: 'POST', path: SEND_CODE, headers, body: HEAVY_BODY };
      });
    }
    const byName = (name: string) => started.app.sessions.find(name);
    for (const name of ['cap-1', 'cap-2', 'cap-3']) {
      const journal = byName(name)?.journal;
      expect(journal?.bytes).toBeLessThanOrEqual(perSession);
      expect(journal?.dropped).toBeGreaterThan(0);
      expect((journal?.dropped ?? 0) + (journal?.size ?? 0)).toBe(150);
    }
    expect(started.app.sessions.journalBytes().used).toBeLessThanOrEqual(overall);
    // Over the overall cap the oldest entries of all go first: the first session flooded lost the most.
    expect(byName('cap-1')?.journal.bytes ?? 0).toBeLessThan(byName('cap-3')?.journal.bytes ?? 0);
    const j = await json<JournalAnswer>(started.port, 'GET', '/__mock/journal?session=cap-3');
    expect(j.body).toMatchObject({ maxBytes: perSession, dropped: 150 - j.body.entries.length });
    expect(j.body.entries.at(-1)?.bodyCut).toBe(true);
  }, 30_000);
});

describe('fault and push bodies: size and nesting limits, nothing kept when refused (QA guide §2)', () => {
  it(`a fault body nested 400,000 deep is refused with 400 naming the ${MAX_JSON_DEPTH}-level limit, and no fault is left behind`, async () => {
    s = await startApp();
    const text = `{"status":500,"body":${nested(400_000)}}`;
    const r = await rawRequest(s.port, { method: 'POST', path: '/__mock/faults?session=qa', headers: CONTROL_WRITE_HEADERS, body: text });
    expect(r.status).toBe(400);
    expect(JSON.parse(r.text)).toEqual({ error: `The JSON body is nested deeper than ${MAX_JSON_DEPTH} levels (the limit for JSON nesting)` });
    expect((await json(s.port, 'GET', '/__mock/faults?session=qa')).body).toEqual({ session: 'qa', faults: [] });
    expect((await callIn(s.port, 'qa', 'index/api/system_info', { data: {} })).status).toBe(200);

    // Just inside the limit is fine (the fault object is one level, its body the rest).
    const ok = await rawRequest(s.port, {
      method: 'POST',
      path: '/__mock/faults?session=qa',
      headers: CONTROL_WRITE_HEADERS,
      body: `{"status":500,"body":${nested(MAX_JSON_DEPTH - 1)}}`,
    });
    expect(ok.status, ok.text).toBe(200);
  });

  it('a deeply nested inline scenario, API body or /__db/ write is refused the same way', async () => {
    s = await startApp();
    const scenario = await rawRequest(s.port, {
      method: 'POST',
      path: '/__mock/scenario?session=qa',
      headers: CONTROL_WRITE_HEADERS,
      body: `{"scenario":{"name":"deep","faults":[{"status":500,"body":${nested(10_000)}}]}}`,
    });
    expect(scenario.status).toBe(400);
    expect(JSON.parse(scenario.text)).toMatchObject({ error: expect.stringMatching(/nested deeper than 64 levels/) as string });
    expect((await json(s.port, 'GET', '/__mock/session?session=qa')).body).toMatchObject({ scenario: 'default', faults: [] });

    const api = await callIn(s.port, 'qa', 'user/send_code', { rawBody: `{"mobile":${nested(100)}}`, contentType: 'application/json' });
    expect(api.envelope).toEqual({ code: BODY_CODE.badRequest, msg: 'The JSON body is nested deeper than 64 levels (the limit for JSON nesting)', data: null });

    const db = await rawRequest(s.port, {
      method: 'PATCH',
      path: '/__db/users/10000002?session=qa',
      headers: CONTROL_WRITE_HEADERS,
      body: `{"nickname":${nested(1000)}}`,
    });
    expect(db.status).toBe(400);
    expect(JSON.parse(db.text)).toEqual({ error: 'The JSON body is nested deeper than 64 levels (the limit for JSON nesting)' });
  });

  it(`a fault body over ${MAX_FAULT_BODY_BYTES} bytes is refused with 413 naming the limit; a refused batch adds none`, async () => {
    s = await startApp();
    const big = 'x'.repeat(MAX_FAULT_BODY_BYTES + 1);
    const one = await json(s.port, 'POST', '/__mock/faults?session=qa', { status: 502, body: big });
    expect(one.status).toBe(413);
    expect(one.body['error']).toBe(`Field "body" is ${MAX_FAULT_BODY_BYTES + 1} bytes; the limit is ${MAX_FAULT_BODY_BYTES} bytes (64 KB)`);
    const batch = await json(s.port, 'POST', '/__mock/faults?session=qa', [{ status: 500 }, { body: { data: big } }]);
    expect(batch.status).toBe(413);
    expect(batch.body['error']).toMatch(/^Field "\[1\]\.body" is \d+ bytes as JSON; the limit is 65536 bytes \(64 KB\)$/);
    expect((await json(s.port, 'GET', '/__mock/faults?session=qa')).body).toEqual({ session: 'qa', faults: [] });

    // A session's pending fault bodies together are capped too.
    const body = 'y'.repeat(60 * 1024);
    let added = 0;
    let refused: { status: number; body: Record<string, unknown> } | undefined;
    for (let i = 0; i < 20 && !refused; i++) {
      const r = await json(s.port, 'POST', '/__mock/faults?session=qa', { status: 502, body });
      if (r.status === 200) added++;
      else refused = r;
    }
    expect(added).toBe(Math.floor(MAX_SESSION_FAULT_BODY_BYTES / body.length));
    expect(refused?.status).toBe(413);
    expect(refused?.body['error']).toMatch(/at most 1048576 bytes \(1024 KB\) of bodies/);
    expect(((await json<{ faults: unknown[] }>(s.port, 'GET', '/__mock/faults?session=qa')).body.faults)).toHaveLength(added);

    // The body answers as before (kept as text, parsed again for the listing).
    await json(s.port, 'DELETE', '/__mock/faults?session=qa');
    await json(s.port, 'POST', '/__mock/faults?session=qa', { body: { code: 0, msg: 'busy', data: [1, 2] } });
    expect((await json(s.port, 'GET', '/__mock/faults?session=qa')).body).toMatchObject({ faults: [{ body: { code: 0, msg: 'busy', data: [1, 2] }, remaining: 1 }] });
    const r = await callIn(s.port, 'qa', 'index/api/system_info', { data: {} });
    expect(r.envelope).toEqual({ code: 0, msg: 'busy', data: [1, 2] });
    const j = await json<JournalAnswer>(s.port, 'GET', '/__mock/journal?session=qa&limit=1');
    expect(j.body.entries[0]).toMatchObject({ status: 200, code: 0, msg: 'busy', fault: 'body' });
  });

  it(`a pushed message over ${MAX_PUSH_MESSAGE_BYTES} bytes is refused with 413 naming the limit`, async () => {
    s = await startApp();
    const r = await json(s.port, 'POST', '/__mock/push?session=qa', { socket: 'duration', message: { code: 1, msg: 'z'.repeat(MAX_PUSH_MESSAGE_BYTES) } });
    expect(r.status).toBe(413);
    expect(r.body['error']).toMatch(/^Field "message" is \d+ bytes as JSON; a pushed message may be at most 65536 bytes \(64 KB\)$/);
    const small = await json(s.port, 'POST', '/__mock/push?session=qa', { socket: 'duration', message: { code: 1, msg: 'hi' } });
    expect(small.body).toEqual({ session: 'qa', socket: 'duration', delivered: 0 });
  });
});
