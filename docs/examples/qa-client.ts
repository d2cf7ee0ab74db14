/**
 * A QA script with the typed mock client (docs/qa-guide.md §6, "Typed client").
 *
 *   npx tsx docs/examples/qa-client.ts                                   # starts the mock in-process on a free port
 *   MOCK_URL=http://127.0.0.1:8080 npx tsx docs/examples/qa-client.ts    # against `npm start` / `npm run mock`
 *
 * It logs the member persona in, takes away their membership through /__db/, makes their next balance call
 * fail with a fault and waits for it in the journal, moves the virtual clock, and resets the session.
 * tests/mock-server/client.test.ts runs it, so this file cannot drift from the client.
 */
import { pathToFileURL } from 'node:url';
import { DEFAULT_RUNTIME_CONFIG, HEADER, PATH, type ApiEnvelope, type LoginInfo, type UserInfo } from '../../web/api/contract.ts';
import { createApp } from '../../mock-server/app.ts';
import { createMockClient } from '../../mock-server/client.ts';
import { signedHeaders } from '../../mock-server/http/signature.ts';
import { MOCK_SMS_CODE } from '../../mock-server/limits.ts';

/** An API call signed the way the app signs it, in mock session `session` (the app would use `?mock_session=`). */
async function api<T>(baseUrl: string, session: string, endpoint: string, data: unknown, token?: string): Promise<{ status: number; envelope?: ApiEnvelope<T> }> {
  const path = `${DEFAULT_RUNTIME_CONFIG.apiBase}${endpoint}`;
  const body = JSON.stringify(data);
  const res = await fetch(new URL(path, baseUrl), {
    method: 'POST',
    headers: {
      ...signedHeaders('POST', path, body, 'qa-example-device'),
      'content-type': 'application/json',
      [HEADER.mockSession]: session,
      ...(token !== undefined ? { [HEADER.token]: token } : {}),
    },
    body,
  });
  return res.ok ? { status: res.status, envelope: (await res.json()) as ApiEnvelope<T> } : { status: res.status };
}

/** The example against the mock at `baseUrl`; answers what it saw, for its test. */
export async function runExample(baseUrl: string, log: (line: string) => void = console.log) {
  const mock = createMockClient({ baseUrl });
  log(`scenarios: ${(await mock.scenarios()).map((s) => s.name).join(', ')}`);

  // One session per script run: other testers' sessions are untouched.
  const s = mock.session(`qa-example-${Date.now()}`);
  await s.scenario('default');

  const login = await api<LoginInfo>(baseUrl, s.name, PATH.webLogin, { mobile: '13800000001', area_code: '86', code: MOCK_SMS_CODE, device_id: 'qa-example-device' });
  if (login.envelope?.code !== 1) throw new Error(`login failed: ${JSON.stringify(login)}`);
  const { swcloud_uid: uid, gly_token: token } = login.envelope.data;
  const balance = () => api<UserInfo>(baseUrl, s.name, PATH.getUserBalance, { uid }, token);

  // Live data: the member loses their membership; the next balance call says so.
  await s.db.users.patch(uid, { memberStatus: 0 });
  const memberStatus = (await balance()).envelope?.data.member_status;
  log(`member_status after the /__db/ patch: ${memberStatus}`);

  // A fault: the next balance call answers HTTP 503. Wait for it in the journal rather than sleeping.
  const mark = await s.mark();
  await s.faults({ match: { path: PATH.getUserBalance }, status: 503 });
  const failed = await balance();
  const entry = await s.waitFor((e) => e.kind === 'http' && e.fault === 'status', { since: mark, what: 'the balance call the fault answered', timeoutMs: 5_000 });
  log(`balance call: HTTP ${failed.status}; journal #${entry.seq} ${entry.path} → ${entry.status} (fault: ${entry.fault})`);

  // Virtual time: a day passes at once (tokens, queues, hang-ups and sign-in follow it).
  const before = (await s.clock.virtual()).now;
  const after = (await s.clock.advance(24 * 60 * 60 * 1000)).now;
  log(`session clock moved ${(after - before) / 3_600_000} h`);

  const calls = (await s.journal({ kind: 'http' })).entries.map((e) => `${e.path} ${e.status}`);
  log(`journal: ${calls.join(' | ')}`);

  const fresh = await s.reset();
  log(`after reset: scenario ${fresh.scenario}, virtual clock ${fresh.clock.virtual}`);
  return { memberStatus, faultStatus: failed.status, faultEntry: entry, hoursMoved: (after - before) / 3_600_000, calls, reset: fresh };
}

// Run from the command line (not when a test imports it).
if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const given = process.env['MOCK_URL'];
  const app = given ? undefined : createApp({ distDir: null, log: () => undefined });
  const baseUrl = given ?? (await app?.listen(0, '127.0.0.1'))?.url ?? '';
  try {
    await runExample(baseUrl);
  } finally {
    await app?.close();
  }
}
