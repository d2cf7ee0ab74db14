/**
 * Mock cloud throughput: requests per second on a spec endpoint (signed
 * POST `index/api/system_info`, SPEC §7) against a plain `node:http` server
 * answering the same JSON bytes, in the same run, with the same client
 * (keep-alive agent, fixed concurrency, same signed headers), one after the
 * other. Budget: the mock answers at least half as many requests as the
 * bare server (it also checks the signature, finds the session, takes
 * faults, parses the body and journals the request).
 *
 * Both servers listen on 127.0.0.1 only; each phase is bounded in time.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  BODY_CODE,
  PATH,
  type ApiEnvelope,
} from '../web/api/contract.ts';
import { createApp } from '../mock-server/app.ts';
import { signedHeaders } from '../mock-server/http/signature.ts';
import type { BenchContext, BenchResult, Benchmark } from './types.ts';

export const RPS_BUDGET_RATIO = 0.5;
const CONCURRENCY = 32;
const WARMUP_MS = 1_000;
const MEASURE_MS = 3_000;
const ROUNDS = 2;
const REQUEST_LIMIT_MS = 5_000;

export interface Phase {
  requests: number;
  errors: number;
  ms: number;
  rps: number;
  p50: number;
  p99: number;
}

function signed(path: string, body: string): Record<string, string> {
  return {
    ...signedHeaders('POST', path, body, 'bench-device'),
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(body)),
  };
}

function once(agent: http.Agent, port: number, path: string, headers: Record<string, string>, body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method: 'POST', path, headers, agent }, (res) => {
      let size = 0;
      res.on('data', (c: Buffer) => (size += c.length));
      res.on('end', () => {
        clearTimeout(timer);
        if (res.statusCode === 200 && size > 0) resolve(size);
        else reject(new Error(`HTTP ${res.statusCode ?? 0}`));
      });
    });
    const timer = setTimeout(() => req.destroy(new Error(`no answer within ${REQUEST_LIMIT_MS} ms`)), REQUEST_LIMIT_MS);
    req.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    req.end(body);
  });
}

/** Keep CONCURRENCY requests in flight for `ms`, on one keep-alive agent. */
export async function load(port: number, path: string, ms: number): Promise<Phase> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const body = '{}';
  const headers = signed(path, body);
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  const until = started + ms;
  const worker = async (): Promise<void> => {
    while (performance.now() < until) {
      const t = performance.now();
      try {
        await once(agent, port, path, headers, body);
        latencies.push(performance.now() - t);
      } catch {
        errors++;
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const took = performance.now() - started;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q: number): number => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { requests: latencies.length, errors, ms: took, rps: (latencies.length / took) * 1000, p50: at(0.5), p99: at(0.99) };
}

function listen(server: http.Server): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });
}

const fmt = (n: number): string => Math.round(n).toLocaleString('en-US');
const msFmt = (n: number): string => `${n.toFixed(2)} ms`;

export const mockRps: Benchmark = {
  name: 'mock-rps',
  title: 'Mock cloud: requests per second on system_info against a bare node:http server',
  async run(ctx: BenchContext): Promise<BenchResult> {
    const app = createApp({ distDir: null });
    const mockPort = (await app.listen(0, '127.0.0.1')).port;
    const path = `/api/${PATH.systemInfo}`;

    // The bare server answers the very bytes the mock answers.
    const sample = await fetch(`http://127.0.0.1:${mockPort}${path}`, { method: 'POST', headers: signed(path, '{}'), body: '{}' });
    const answer = Buffer.from(await sample.text(), 'utf8');
    const envelope = JSON.parse(answer.toString('utf8')) as ApiEnvelope;
    if (envelope.code !== BODY_CODE.success) throw new Error(`system_info answered ${envelope.code} ${envelope.msg}`);
    const bare = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': String(answer.length), 'cache-control': 'no-store' });
        res.end(answer);
      });
    });
    const barePort = await listen(bare);

    try {
      ctx.log(`warming up (${WARMUP_MS} ms each), then ${ROUNDS} rounds of ${MEASURE_MS} ms per server, ${CONCURRENCY} in flight`);
      await load(barePort, path, WARMUP_MS);
      await load(mockPort, path, WARMUP_MS);
      const bareRuns: Phase[] = [];
      const mockRuns: Phase[] = [];
      for (let i = 0; i < ROUNDS; i++) {
        bareRuns.push(await load(barePort, path, MEASURE_MS));
        mockRuns.push(await load(mockPort, path, MEASURE_MS));
      }
      const best = (runs: Phase[]): Phase => runs.reduce((a, b) => (b.rps > a.rps ? b : a));
      const b = best(bareRuns);
      const m = best(mockRuns);
      const ratio = m.rps / b.rps;
      ctx.log(`bare node:http ${fmt(b.rps)} req/s (p50 ${msFmt(b.p50)}, p99 ${msFmt(b.p99)}, ${b.errors} errors)`);
      ctx.log(`mock cloud     ${fmt(m.rps)} req/s (p50 ${msFmt(m.p50)}, p99 ${msFmt(m.p99)}, ${m.errors} errors)`);
      ctx.log(`ratio ${ratio.toFixed(2)}× (budget ≥ ${RPS_BUDGET_RATIO}×)`);

      const overBudget: string[] = [];
      if (ratio < RPS_BUDGET_RATIO) overBudget.push(`mock ${fmt(m.rps)} req/s is ${ratio.toFixed(2)}× the bare server (${fmt(b.rps)}), budget ≥ ${RPS_BUDGET_RATIO}×`);
      if (m.errors + b.errors > 0) overBudget.push(`${m.errors} mock and ${b.errors} bare requests failed`);
      const markdown = [
        `Signed \`POST ${path}\` with \`{}\`, ${CONCURRENCY} requests in flight on one keep-alive agent, best of ${ROUNDS} × ${MEASURE_MS / 1000} s per server after a ${WARMUP_MS / 1000} s warm-up; client and servers in one process on 127.0.0.1. Budget: mock ≥ ${RPS_BUDGET_RATIO}× bare.`,
        '',
        '| server | req/s | p50 | p99 | errors |',
        '|---|---|---|---|---|',
        `| bare node:http (same JSON bytes) | ${fmt(b.rps)} | ${msFmt(b.p50)} | ${msFmt(b.p99)} | ${b.errors} |`,
        `| mock cloud (signature, session, faults, journal) | ${fmt(m.rps)} | ${msFmt(m.p50)} | ${msFmt(m.p99)} | ${m.errors} |`,
        '',
        `**Ratio: ${ratio.toFixed(2)}×.**`,
      ].join('\n');
      return {
        markdown,
        overBudget,
        history: { header: ['bare req/s', 'mock req/s', 'ratio'], cells: [fmt(b.rps), fmt(m.rps), `${ratio.toFixed(2)}×`] },
      };
    } finally {
      await app.close();
      await new Promise<void>((resolve) => {
        bare.close(() => resolve());
        bare.closeAllConnections();
      });
    }
  },
};
