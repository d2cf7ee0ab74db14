/**
 * What bench/scale-out.ts shows through the proxy (docs/scale-out.md): sessions spread over the processes and stay
 * on theirs, each keeping its own state call after call, sockets reaching the process that holds their session.
 * Which process holds a session is read from each mock directly with `GET /__mock/sessions` (the mocks run with
 * `--admin`), which names every session without creating one.
 */
import http from 'node:http';
import WebSocket from 'ws';
import { BODY_CODE, HEADER, PATH, SOCKET_PATH, VERSION_CODE_SOCKET, type ApiEnvelope, type LoginInfo } from '../web/api/contract.ts';
import { CONTROL_WRITE_HEADERS } from '../mock-server/http/control-headers.ts';
import { signedHeaders } from '../mock-server/http/signature.ts';
import { MOCK_SMS_CODE } from '../mock-server/limits.ts';
import type { SessionsInfo, SessionSummary } from '../mock-server/client/types.ts';

export interface Check {
  name: string;
  ok: boolean;
  detail: string;
}

/** How a call names its session: the header, or the query the mock reads on that path. */
type Naming = 'header' | 'query';
const REQUEST_LIMIT_MS = 5_000;
const SYSTEM_INFO = `/api/${PATH.systemInfo}`;
const PERSONA = { mobile: '13800000001', uid: 10000002 } as const;

async function control<T>(base: string, method: string, path: string, session: string, naming: Naming, body?: unknown): Promise<T> {
  const url = new URL(path, base);
  const headers: Record<string, string> = body === undefined ? {} : { ...CONTROL_WRITE_HEADERS };
  if (naming === 'query') url.searchParams.set('session', session);
  else headers[HEADER.mockSession] = session;
  const res = await fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal: AbortSignal.timeout(REQUEST_LIMIT_MS) });
  if (!res.ok) throw new Error(`${method} ${path} (${session}) answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
  return (await res.json()) as T;
}

/** A signed API call; `session` undefined sends no session at all. */
export async function api<T>(base: string, method: 'GET' | 'POST', path: string, data: Record<string, string | number>, session?: string, token?: string): Promise<{ status: number; envelope: ApiEnvelope<T> }> {
  const pairs = Object.entries(data).map(([k, v]) => `/${encodeURIComponent(k)}/${encodeURIComponent(String(v))}`);
  const urlPath = method === 'GET' ? `/api/${path}${pairs.join('')}` : `/api/${path}`;
  const body = method === 'GET' ? '' : JSON.stringify(data);
  const headers: Record<string, string> = signedHeaders(method, urlPath, body, 'bench-scale-out');
  if (body !== '') headers['content-type'] = 'application/json';
  if (session !== undefined) headers[HEADER.mockSession] = session;
  if (token !== undefined) headers[HEADER.token] = token;
  const res = await fetch(`${base}${urlPath}`, { method, headers, body: body === '' ? undefined : body, signal: AbortSignal.timeout(REQUEST_LIMIT_MS) });
  return { status: res.status, envelope: (await res.json()) as ApiEnvelope<T> };
}

/** Every session a mock holds, with its open sockets by kind, asked of that mock directly. */
async function sessionsOn(port: number): Promise<Map<string, Record<string, number>>> {
  const info = await control<SessionsInfo>(`http://127.0.0.1:${port}`, 'GET', '/__mock/sessions', 'default', 'header');
  return new Map(info.sessions.map((s) => [s.session, s.sockets]));
}

export interface Placement {
  check: Check;
  /** A session held by each mock, in the order of `ports`. */
  picked: string[];
}

/** (a) `count` sessions made through the proxy, half named by header and half by query: each on one process, both used. */
export async function placement(proxy: string, ports: readonly number[], count: number): Promise<Placement> {
  const names = Array.from({ length: count }, (_, i) => `scale-out-${i}`);
  for (const [i, name] of names.entries()) await control(proxy, 'GET', '/__mock/session', name, i % 2 === 0 ? 'header' : 'query');
  const held = await Promise.all(ports.map(sessionsOn));
  const where = names.map((n) => held.flatMap((h, i) => (h.has(n) ? [i] : [])));
  const onBoth = where.filter((w) => w.length !== 1).length;
  const perMock = ports.map((_, i) => where.filter((w) => w.length === 1 && w[0] === i).length);
  const picked = ports.map((_, i) => names[where.findIndex((w) => w.length === 1 && w[0] === i)] ?? '');
  return {
    picked,
    check: {
      name: 'sessions spread over the processes, each on one',
      ok: onBoth === 0 && perMock.every((n) => n > 0),
      detail: `${count} sessions: ${perMock.map((n, i) => `${n} on mock ${i + 1}`).join(', ')}; ${onBoth} on none or both`,
    },
  };
}

/** Requests naming no session all reach one process's "default" session (counted in each mock's journal directly). */
export async function defaultPinned(proxy: string, ports: readonly number[], calls: number): Promise<Check> {
  const counted = async (): Promise<number[]> =>
    Promise.all(
      ports.map(async (port) => {
        const j = await control<{ entries: { path?: string }[] }>(`http://127.0.0.1:${port}`, 'GET', '/__mock/journal?kind=http', 'default', 'header');
        return j.entries.filter((e) => e.path === SYSTEM_INFO).length;
      }),
    );
  const before = await counted();
  for (let i = 0; i < calls; i++) await api(proxy, 'POST', PATH.systemInfo, {});
  const grew = (await counted()).map((n, i) => n - (before[i] ?? 0));
  return {
    name: 'requests naming no session all reach one process',
    ok: grew.filter((n) => n === calls).length === 1 && grew.filter((n) => n === 0).length === ports.length - 1,
    detail: `${calls} unnamed calls: ${grew.map((n, i) => `${n} on mock ${i + 1}`).join(', ')}`,
  };
}

/**
 * (b) Each session gets its own scenario, user name and (the first only) a fault through the proxy, then reads
 * all three back through it `rounds` times, sessions interleaved, naming alternating between header and query.
 */
export async function stateKept(proxy: string, sessions: readonly string[], rounds: number): Promise<Check> {
  const scenarios = ['queue', 'play-now'];
  for (const [i, s] of sessions.entries()) {
    await control(proxy, 'POST', '/__mock/scenario', s, 'query', { name: scenarios[i % scenarios.length] });
    await control(proxy, 'PATCH', `/__db/users/${PERSONA.uid}`, s, 'header', { username: s });
  }
  const faulted = sessions[0] ?? '';
  await control(proxy, 'POST', '/__mock/faults', faulted, 'header', { match: { path: PATH.systemInfo }, status: 503, count: rounds });
  let reads = 0;
  const wrong: string[] = [];
  for (let r = 0; r < rounds; r++) {
    for (const [i, s] of sessions.entries()) {
      const naming: Naming = r % 2 === 0 ? 'header' : 'query';
      const summary = await control<SessionSummary>(proxy, 'GET', '/__mock/session', s, naming);
      const user = await control<{ username: string }>(proxy, 'GET', `/__db/users/${PERSONA.uid}`, s, naming);
      const call = await api(proxy, 'POST', PATH.systemInfo, {}, s);
      const want = s === faulted ? 503 : 200;
      reads += 3;
      if (summary.scenario !== scenarios[i % scenarios.length]) wrong.push(`${s} round ${r}: scenario ${summary.scenario}`);
      if (user.username !== s) wrong.push(`${s} round ${r}: username ${user.username}`);
      if (call.status !== want) wrong.push(`${s} round ${r}: system_info HTTP ${call.status}, not ${want}`);
    }
  }
  return {
    name: `each session keeps its own state over ${rounds} rounds`,
    ok: wrong.length === 0,
    detail: `${reads - wrong.length} of ${reads} reads saw their own session's scenario, user and fault${wrong.length > 0 ? `; first wrong: ${wrong[0] ?? ''}` : ''}`,
  };
}

/** A duration socket through the proxy, once it has answered a heartbeat. */
function heartbeatSocket(url: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    const timer = setTimeout(() => {
      ws.terminate();
      reject(new Error(`no heartbeat answer within ${REQUEST_LIMIT_MS} ms`));
    }, REQUEST_LIMIT_MS);
    ws.on('open', () => ws.send('{"type":"heartbeat"}'));
    ws.on('message', (data) => {
      if (!String(data).includes('"heartbeat"')) return;
      clearTimeout(timer);
      resolve(ws);
    });
    ws.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    ws.on('close', (code, reason) => {
      clearTimeout(timer);
      reject(new Error(`closed ${code} ${reason.toString('utf8')}`));
    });
  });
}

/**
 * (c) Per session, through the proxy: log in and get a jtoken (header), open the duration socket (`?mock_session=`),
 * trade a heartbeat; then the mock that holds the session, asked directly, counts the socket, and no other holds it.
 * The jtoken itself proves the API calls met in one process: a token is known only to the store it was made in.
 */
export async function socketsReachHolder(proxy: string, ports: readonly number[], sessions: readonly string[], open: WebSocket[]): Promise<Check> {
  const found: string[] = [];
  for (const s of sessions) {
    const login = await api<LoginInfo>(proxy, 'POST', PATH.webLogin, { mobile: PERSONA.mobile, area_code: '86', code: MOCK_SMS_CODE, device_id: 'bench' }, s);
    if (login.envelope.code !== BODY_CODE.success) throw new Error(`login in ${s} answered ${login.envelope.code} ${login.envelope.msg}`);
    const { swcloud_uid: uid, gly_token: token } = login.envelope.data;
    const jt = await api<{ jtoken: string }>(proxy, 'GET', PATH.generateToken, { uid, game_id: 1, token }, s);
    if (jt.envelope.code !== BODY_CODE.success) throw new Error(`generate_token in ${s} answered ${jt.envelope.code} ${jt.envelope.msg}`);
    const query = new URLSearchParams({ jtoken: jt.envelope.data.jtoken, version_code: String(VERSION_CODE_SOCKET), mock_session: s });
    open.push(await heartbeatSocket(`${proxy.replace(/^http/, 'ws')}/socket/${SOCKET_PATH.duration}?${query.toString()}`));
  }
  const held = await Promise.all(ports.map(sessionsOn));
  let ok = true;
  for (const s of sessions) {
    const counts = held.map((h) => h.get(s)?.[SOCKET_PATH.duration]);
    const holders = counts.flatMap((c, i) => (c === undefined ? [] : [i]));
    const at = holders[0];
    if (holders.length !== 1 || at === undefined || counts[at] !== 1) ok = false;
    found.push(`${s}: ${holders.length === 1 && at !== undefined ? `1 of 1 on mock ${at + 1}, which holds it (count ${counts[at] ?? 0})` : `held by ${holders.length} mocks`}`);
  }
  return { name: 'a socket through the proxy reaches the process that holds its session', ok, detail: found.join('; ') };
}

export interface Rate {
  rps: number;
  errors: number;
}

/** Keep `concurrency` GETs of `url` (with `headers`) in flight for `ms` on one keep-alive agent. */
export async function rate(url: string, headers: Record<string, string>, concurrency: number, ms: number): Promise<Rate> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const target = new URL(url);
  const once = (): Promise<boolean> =>
    new Promise((resolve) => {
      const req = http.get({ host: target.hostname, port: target.port, path: target.pathname, headers, agent, timeout: REQUEST_LIMIT_MS }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode === 200));
      });
      req.on('timeout', () => req.destroy());
      req.on('error', () => resolve(false));
    });
  let done = 0;
  let errors = 0;
  const started = performance.now();
  const until = started + ms;
  const worker = async (): Promise<void> => {
    while (performance.now() < until) {
      if (await once()) done++;
      else errors++;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const took = performance.now() - started;
  agent.destroy();
  return { rps: (done / took) * 1000, errors };
}
