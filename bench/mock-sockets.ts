/**
 * Mock cloud sockets: 1,000 duration sockets (SPEC §7, §9) open at once,
 * each authorised by its own jtoken from generate_token and sending a
 * heartbeat every second (a bench-mode interval; the app sends one every
 * 25 s) for the whole run. Budget: zero unexpected closes, every heartbeat
 * answered, all 1,000 registered in the session.
 *
 * Everything runs on 127.0.0.1 in one process; opening is bounded to 50
 * handshakes in flight, every wait has a time limit.
 */
import WebSocket from 'ws';
import {
  BODY_CODE,
  HEADER,
  PATH,
  SOCKET_PATH,
  VERSION_CODE_SOCKET,
  type ApiEnvelope,
  type LoginInfo,
} from '../web/api/contract.ts';
import { MOCK_SMS_CODE } from '../mock-server/limits.ts';
import { createApp } from '../mock-server/app.ts';
import { signedHeaders } from '../mock-server/http/signature.ts';
import type { BenchContext, BenchResult, Benchmark } from './types.ts';

const SOCKETS = 1_000;
const HEARTBEAT_MS = 1_000;
const RUN_MS = 10_000;
const OPEN_IN_FLIGHT = 50;
const OPEN_LIMIT_MS = 10_000;
const SESSION = 'bench-sockets';

async function api<T>(base: string, method: 'GET' | 'POST', path: string, data: Record<string, string | number>, token?: string): Promise<T> {
  const urlPath =
    method === 'GET'
      ? `/api/${path}${Object.entries(data)
          .map(([k, v]) => `/${encodeURIComponent(k)}/${encodeURIComponent(String(v))}`)
          .join('')}`
      : `/api/${path}`;
  const body = method === 'GET' ? '' : JSON.stringify(data);
  const headers: Record<string, string> = { ...signedHeaders(method, urlPath, body, 'bench-device'), [HEADER.mockSession]: SESSION };
  if (body !== '') headers['content-type'] = 'application/json';
  if (token !== undefined) headers[HEADER.token] = token;
  const res = await fetch(`${base}${urlPath}`, { method, headers, body: body === '' ? undefined : body, signal: AbortSignal.timeout(5_000) });
  const envelope = (await res.json()) as ApiEnvelope<T>;
  if (envelope.code !== BODY_CODE.success) throw new Error(`${path} answered ${envelope.code} ${envelope.msg}`);
  return envelope.data;
}

interface Client {
  ws: WebSocket;
  sentAt: number[];
  latencies: number[];
  unexpectedClose: string | null;
  closing: boolean;
  timer: ReturnType<typeof setInterval> | undefined;
}

function open(url: string): Promise<Client> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    const client: Client = { ws, sentAt: [], latencies: [], unexpectedClose: null, closing: false, timer: undefined };
    const limit = setTimeout(() => {
      ws.terminate();
      reject(new Error(`socket did not open within ${OPEN_LIMIT_MS} ms`));
    }, OPEN_LIMIT_MS);
    ws.on('open', () => {
      clearTimeout(limit);
      resolve(client);
    });
    ws.on('error', (err) => {
      clearTimeout(limit);
      reject(err);
    });
    ws.on('message', (data) => {
      let msg: unknown;
      try {
        msg = JSON.parse(String(data)) as unknown;
      } catch {
        return;
      }
      if (typeof msg === 'object' && msg !== null && (msg as { type?: unknown }).type === 'heartbeat') {
        const sent = client.sentAt.shift();
        if (sent !== undefined) client.latencies.push(performance.now() - sent);
      }
    });
    ws.on('close', (code, reason) => {
      if (client.timer) clearInterval(client.timer);
      if (!client.closing) client.unexpectedClose = `${code} ${reason.toString('utf8')}`;
    });
  });
}

export const mockSockets: Benchmark = {
  name: 'mock-sockets',
  title: 'Mock cloud: 1,000 concurrent duration sockets sending heartbeats',
  async run(ctx: BenchContext): Promise<BenchResult> {
    const app = createApp({ distDir: null });
    const { port } = await app.listen(0, '127.0.0.1');
    const base = `http://127.0.0.1:${port}`;
    const clients: Client[] = [];
    const rssBefore = process.memoryUsage().rss;
    try {
      const login = await api<LoginInfo>(base, 'POST', PATH.webLogin, { mobile: '13800000001', area_code: '86', code: MOCK_SMS_CODE, device_id: 'bench' });
      const jtokens: string[] = [];
      for (let i = 0; i < SOCKETS; i++) {
        const r = await api<{ jtoken: string }>(base, 'GET', PATH.generateToken, { uid: login.swcloud_uid, game_id: 1 + (i % 40), token: login.gly_token });
        jtokens.push(r.jtoken);
      }

      const openStarted = performance.now();
      let next = 0;
      const opener = async (): Promise<void> => {
        while (next < SOCKETS) {
          const jtoken = jtokens[next++] ?? '';
          const q = `jtoken=${encodeURIComponent(jtoken)}&version_code=${VERSION_CODE_SOCKET}&mock_session=${SESSION}`;
          clients.push(await open(`ws://127.0.0.1:${port}/socket/${SOCKET_PATH.duration}?${q}`));
        }
      };
      await Promise.all(Array.from({ length: OPEN_IN_FLIGHT }, opener));
      const openMs = performance.now() - openStarted;
      const registered = app.sessions.get(SESSION).sockets.count(SOCKET_PATH.duration);
      ctx.log(`${clients.length} sockets open in ${Math.round(openMs)} ms (${registered} registered in session ${SESSION})`);

      // Each socket beats every HEARTBEAT_MS, starting at a random offset so the beats spread out.
      const beat = (c: Client): void => {
        if (c.ws.readyState !== WebSocket.OPEN) return;
        c.sentAt.push(performance.now());
        c.ws.send('{"type":"heartbeat"}');
      };
      for (const c of clients) {
        setTimeout(() => {
          if (c.unexpectedClose !== null) return;
          beat(c);
          c.timer = setInterval(() => beat(c), HEARTBEAT_MS);
        }, Math.random() * HEARTBEAT_MS);
      }
      await new Promise((r) => setTimeout(r, RUN_MS));
      for (const c of clients) if (c.timer) clearInterval(c.timer);
      // Let the last answers arrive.
      const settle = performance.now() + 3_000;
      while (performance.now() < settle && clients.some((c) => c.sentAt.length > 0 && c.unexpectedClose === null)) {
        await new Promise((r) => setTimeout(r, 50));
      }

      const rssAfter = process.memoryUsage().rss;
      const unexpected = clients.filter((c) => c.unexpectedClose !== null);
      const sent = clients.reduce((n, c) => n + c.latencies.length + c.sentAt.length, 0);
      const answered = clients.reduce((n, c) => n + c.latencies.length, 0);
      const latencies = clients.flatMap((c) => c.latencies).sort((a, b) => a - b);
      const at = (q: number): number => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
      const stillOpen = app.sessions.get(SESSION).sockets.count(SOCKET_PATH.duration);
      ctx.log(`${sent} heartbeats sent, ${answered} answered, p50 ${at(0.5).toFixed(2)} ms, p99 ${at(0.99).toFixed(2)} ms`);
      ctx.log(`${unexpected.length} unexpected closes; ${stillOpen} still open on the server`);

      const overBudget: string[] = [];
      if (clients.length < SOCKETS) overBudget.push(`only ${clients.length} of ${SOCKETS} sockets opened`);
      if (registered !== SOCKETS) overBudget.push(`${registered} of ${SOCKETS} sockets registered in the session`);
      if (unexpected.length > 0) overBudget.push(`${unexpected.length} unexpected closes (first: ${unexpected[0]?.unexpectedClose ?? ''})`);
      if (answered < sent) overBudget.push(`${sent - answered} of ${sent} heartbeats unanswered`);
      if (stillOpen !== SOCKETS) overBudget.push(`${stillOpen} of ${SOCKETS} sockets still open on the server at the end`);

      const markdown = [
        `${SOCKETS} duration sockets of one mock session, each with its own jtoken, opened ${OPEN_IN_FLIGHT} handshakes at a time, each sending \`{"type":"heartbeat"}\` every ${HEARTBEAT_MS / 1000} s (bench mode; the app sends one every 25 s) for ${RUN_MS / 1000} s; client and server in one process on 127.0.0.1. Budget: zero unexpected closes, every heartbeat answered.`,
        '',
        '| sockets | open time | heartbeats sent | answered | p50 | p99 | unexpected closes | RSS growth |',
        '|---|---|---|---|---|---|---|---|',
        `| ${clients.length} | ${Math.round(openMs)} ms | ${sent} | ${answered} | ${at(0.5).toFixed(2)} ms | ${at(0.99).toFixed(2)} ms | ${unexpected.length} | ${Math.round((rssAfter - rssBefore) / 1024 / 1024)} MB |`,
      ].join('\n');
      return {
        markdown,
        overBudget,
        history: { header: ['sockets', 'heartbeats', 'p99', 'unexpected closes'], cells: [String(clients.length), `${answered}/${sent}`, `${at(0.99).toFixed(2)} ms`, String(unexpected.length)] },
      };
    } finally {
      for (const c of clients) {
        c.closing = true;
        if (c.timer) clearInterval(c.timer);
        c.ws.terminate();
      }
      await app.close();
    }
  },
};
