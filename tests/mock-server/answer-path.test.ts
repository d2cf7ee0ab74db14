/**
 * One answer path (mock-server/http/call.ts): a route's answer, a fault's
 * answer or drop and a replayed answer all leave the same journal entry,
 * recorded answer and log line, and the --latency wait is added once
 * (docs/qa-guide.md "Faults", "Journal", "Record and replay"). Also the
 * route flag that tells the shield list's own call apart (SPEC §6).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { BODY_CODE, HEADER, PATH } from '../../web/api/contract.ts';
import { ROUTE_GROUPS } from '../../mock-server/routes/index.ts';
import type { JournalEntry } from '../../mock-server/sessions/journal.ts';
import { json } from './control-helpers.ts';
import { until } from '../wait.ts';
import { apiPath, held, rawRequest, serverRoundTrip, signedHeaders, startApp, type RawResponse, type Started } from './helpers.ts';

let s: Started | undefined;
afterEach(async () => {
  await s?.close();
  s = undefined;
});

const SYSTEM_INFO = apiPath(PATH.systemInfo);

/** A signed system_info call, raw: a fault's body may not be JSON, and a drop answers nothing. */
function systemInfo(app: Started, session: string): Promise<RawResponse> {
  const headers = signedHeaders('POST', SYSTEM_INFO, '{}', { 'content-type': 'application/json', [HEADER.mockSession]: session });
  return rawRequest(app.port, { method: 'POST', path: SYSTEM_INFO, headers, body: '{}' });
}

async function addFault(app: Started, session: string, fault: unknown): Promise<void> {
  const r = await json(app.port, 'POST', '/__mock/faults', fault, session);
  expect(r.status, r.text).toBe(200);
}

interface Shape {
  status: number;
  code?: number;
  msg?: string;
  fault?: string;
}

/** Every API answer's log line, whoever answered: `METHOD URL → STATUS [CODE MSG] [fault KIND] [replay] (N ms)`, or `→ dropped …`. */
const LOG_LINE = /^POST \/api\/index\/api\/system_info → (?:dropped|(\d{3})(?: (-?\d+) (.*?))?)(?: \[fault ([a-z+]+)\])?( \[replay\])? \(\d+ ms\)$/;

function shapeOfLog(line: string): Shape & { replay: boolean } {
  const m = LOG_LINE.exec(line);
  if (!m) throw new Error(`not an answer's log line: ${line}`);
  return compact({ status: m[1] === undefined ? 0 : Number(m[1]), code: m[2] === undefined ? undefined : Number(m[2]), msg: m[3], fault: m[4] }, m[5] !== undefined);
}

function compact(shape: Shape, replay: boolean): Shape & { replay: boolean } {
  const out: Shape & { replay: boolean } = { status: shape.status, replay };
  if (shape.code !== undefined) out.code = shape.code;
  if (shape.msg !== undefined) out.msg = shape.msg;
  if (shape.fault !== undefined) out.fault = shape.fault;
  return out;
}

const shapeOfEntry = (e: JournalEntry): Shape & { replay: boolean } => compact({ status: e.status ?? -1, code: e.code, msg: e.msg, fault: e.fault }, e.replay === 'recorded');

async function httpEntries(app: Started, session: string): Promise<JournalEntry[]> {
  const r = await json<{ entries: JournalEntry[] }>(app.port, 'GET', '/__mock/journal?kind=http', undefined, session);
  return r.body.entries.filter((e) => e.path === SYSTEM_INFO);
}

const answerLines = (app: Started): string[] => app.logs.filter((l) => l.startsWith(`POST ${SYSTEM_INFO} →`));

interface RecordedAnswer {
  status: number;
  body?: unknown;
}

describe('a fault answers through the same envelope step as a route (docs/qa-guide.md "Faults", "Journal")', () => {
  it('its journal entry, recorded answer and log line have the shape of a route answer: status, code, msg, fault kind', async () => {
    const app = (s = await startApp());
    const session = 'answer-shape';
    expect((await json(app.port, 'POST', '/__mock/record', { action: 'start' }, session)).status).toBe(200);

    const route = await systemInfo(app, session);
    await addFault(app, session, { status: 503 });
    await systemInfo(app, session);
    await addFault(app, session, { body: { code: BODY_CODE.failed, msg: 'Server busy', data: null } });
    await systemInfo(app, session);
    await addFault(app, session, { status: 502, body: '<html>Bad Gateway</html>' });
    await systemInfo(app, session);
    await addFault(app, session, { malformed: true });
    const cut = await systemInfo(app, session);
    await addFault(app, session, { drop: true });
    await expect(systemInfo(app, session)).rejects.toThrow(/socket hang up|ECONNRESET/);

    const success = JSON.parse(route.text) as { code: number; msg: string };
    const expected: Shape[] = [
      { status: 200, code: success.code, msg: success.msg },
      { status: 503, code: BODY_CODE.serverError, msg: 'Mock fault: HTTP 503', fault: 'status' },
      { status: 200, code: BODY_CODE.failed, msg: 'Server busy', fault: 'body' },
      // A text body is no envelope: no code or message, in the journal as in the log.
      { status: 502, fault: 'status' },
      // The journal names the answer the cut one would have been.
      { status: 200, code: success.code, msg: success.msg, fault: 'malformed' },
      { status: 0, fault: 'drop' },
    ];
    const want = expected.map((e) => compact(e, false));
    await until(async () => (await httpEntries(app, session)).length === expected.length, 'every answer journalled');
    expect((await httpEntries(app, session)).map(shapeOfEntry)).toEqual(want);
    expect(answerLines(app).map(shapeOfLog)).toEqual(want);

    await json(app.port, 'POST', '/__mock/record', { action: 'stop' }, session);
    const recording = await json<{ recorded: { answers: RecordedAnswer[] } }>(app.port, 'GET', '/__mock/recording', undefined, session);
    const answers = recording.body.recorded.answers;
    expect(answers.map((a) => a.status)).toEqual(expected.map((e) => e.status));
    // Recorded as sent: the envelope whole, the text as is, the cut answer cut, the drop without a body.
    expect(answers.map((a) => a.body)).toEqual([
      JSON.parse(route.text),
      { code: BODY_CODE.serverError, msg: 'Mock fault: HTTP 503', data: null },
      { code: BODY_CODE.failed, msg: 'Server busy', data: null },
      '<html>Bad Gateway</html>',
      cut.text,
      undefined,
    ]);
    expect(() => JSON.parse(cut.text) as unknown).toThrow();
  });

  it('a replayed answer and a replayed drop leave the same shape, marked replay; a malformed fault cuts the replayed answer too', async () => {
    const app = (s = await startApp());
    const session = 'answer-replay';
    const busy = { code: BODY_CODE.failed, msg: 'Server busy', data: null };
    const answers = [
      { t: 0, method: 'POST', path: SYSTEM_INFO, status: 200, body: busy },
      { t: 0, method: 'POST', path: SYSTEM_INFO, status: 200, body: busy },
      { t: 0, method: 'POST', path: SYSTEM_INFO, status: 0 },
    ];
    const applied = await json(app.port, 'POST', '/__mock/scenario', { scenario: { recorded: { answers, sockets: [], pushes: [] } } }, session);
    expect(applied.status, applied.text).toBe(200);

    expect(JSON.parse((await systemInfo(app, session)).text)).toEqual(busy);
    await addFault(app, session, { malformed: true });
    const cut = await systemInfo(app, session);
    expect(cut.text).toBe(JSON.stringify(busy).slice(0, Math.floor(JSON.stringify(busy).length / 2)));
    await expect(systemInfo(app, session)).rejects.toThrow(/socket hang up|ECONNRESET/);

    const want = [compact({ status: 200, ...busy }, true), compact({ status: 200, ...busy, fault: 'malformed' }, true), compact({ status: 0 }, true)];
    await until(async () => (await httpEntries(app, session)).length === want.length, 'every replayed answer journalled');
    expect((await httpEntries(app, session)).map(shapeOfEntry)).toEqual(want);
    expect(answerLines(app).map(shapeOfLog)).toEqual(want);
  });
});

describe('--latency is added once per answer, whoever answers (docs/qa-guide.md "Faults")', () => {
  /** Sends system_info in the default session and checks it is answered after exactly `ms` of server-clock time. */
  async function answeredAfter(app: Started, ms: number): Promise<RawResponse> {
    const timers = app.clock.pending();
    const pending = held(systemInfo(app, 'default'));
    await until(() => app.clock.pending() > timers, 'the answer to wait on the server clock');
    app.clock.advance(ms - 1);
    await serverRoundTrip(app.port);
    expect(pending.answered(), `answered before ${ms} ms`).toBe(false);
    app.clock.advance(1);
    return pending.answer;
  }

  it.each([
    ['a route answer', undefined, 200],
    ['a status fault', { status: 503 }, 503],
    ['a text body fault', { status: 502, body: 'Bad Gateway' }, 502],
    ['a malformed cut of the route answer', { malformed: true }, 200],
  ] as const)('%s', async (_name, fault, status) => {
    const app = (s = await startApp({ latencyMs: 2_000 }));
    if (fault) await addFault(app, 'default', fault);
    expect((await answeredAfter(app, 2_000)).status).toBe(status);
  });

  it('a delayed fault: its delay on the session clock, then the latency once', async () => {
    const app = (s = await startApp({ latencyMs: 2_000 }));
    await addFault(app, 'default', { delayMs: 1_000, status: 504 });
    const timers = app.clock.pending();
    const pending = held(systemInfo(app, 'default'));
    await until(() => app.clock.pending() > timers, 'the fault to wait on the session clock');
    app.clock.advance(1_000);
    await until(() => app.clock.pending() > timers, 'the answer to wait for the latency');
    app.clock.advance(1_999);
    await serverRoundTrip(app.port);
    expect(pending.answered()).toBe(false);
    app.clock.advance(1);
    expect((await pending.answer).status).toBe(504);
  });
});

describe('the shield list call is a flag on its route (SPEC §6 "hidden via a shield list")', () => {
  it('ps_shield alone is flagged, so listShielded keeps the shield in its answer only (scripted-fixtures.test.ts checks the answers)', () => {
    const flagged = ROUTE_GROUPS.flat().filter((r) => r.shieldList === true);
    expect(flagged.map((r) => r.path)).toEqual([PATH.psShield]);
  });
});
