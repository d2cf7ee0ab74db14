/**
 * Scale-out, tried (docs/scale-out.md, decision 0026): two mock processes started through their CLI behind nginx
 * on the sample config docs/examples/nginx-mock.conf, which docs/scale-out.md shows verbatim (checked here, so the
 * doc never shows what was not tried). Through the proxy: sessions spread over the processes and each stays on
 * its own, requests naming no session all reach one, each session keeps its own state over many calls, and a
 * duration socket reaches the process that holds its session. Then GET /__health per second through the proxy
 * against the same process directly, in the same run.
 *
 * No nginx on the machine: a skip, not a failure (the section says how to install it). Everything listens on
 * 127.0.0.1; every process started here is ended in `finally`, each wait bounded.
 */
import { readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type WebSocket from 'ws';
import { HEADER } from '../web/api/contract.ts';
import { defaultPinned, placement, rate, socketsReachHolder, stateKept, type Check, type Rate } from './scale-out-checks.ts';
import { findNginx, freePort, nginxConfig, standaloneConfig, startMock, startNginx, stop, type Proc } from './scale-out-procs.ts';
import type { BenchContext, BenchResult, Benchmark } from './types.ts';

const SAMPLE = 'docs/examples/nginx-mock.conf';
const DOC = 'docs/scale-out.md';
const SESSIONS = 20;
const ROUNDS = 20;
const UNNAMED_CALLS = 10;
const CONCURRENCY = 16;
const WARMUP_MS = 1_000;
const MEASURE_MS = 2_000;
const RATE_ROUNDS = 5;
const NGINX_TRIES = 3;

/** The first ```nginx block of the doc, which must be the sample file as it is. */
async function docShowsSample(root: string, sample: string): Promise<Check> {
  const doc = await readFile(path.join(root, DOC), 'utf8');
  const shown = /```nginx\n([\s\S]*?)```/.exec(doc)?.[1];
  return {
    name: `${DOC} shows ${SAMPLE} as it is`,
    ok: shown === sample,
    detail: shown === undefined ? 'no nginx block in the doc' : shown === sample ? 'the same text' : 'the texts differ: copy the file into the doc',
  };
}

const fmt = (n: number): string => Math.round(n).toLocaleString('en-US');
const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? (s[mid] ?? 0) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
};

function skipped(log: (line: string) => void): BenchResult {
  const line = 'Skipped: nginx not installed. Install it (Debian: `apt-get install -y nginx-light`) and run `npm run bench -- scale-out`.';
  log(line);
  return { markdown: line, overBudget: [] };
}

export const scaleOut: Benchmark = {
  name: 'scale-out',
  title: 'Scale-out: two mock processes behind nginx, sessions pinned by name',
  async run(ctx: BenchContext): Promise<BenchResult> {
    const nginx = findNginx();
    if (nginx === undefined) return skipped(ctx.log);
    const sample = await readFile(path.join(ctx.root, SAMPLE), 'utf8');
    const procs: Proc[] = [];
    const sockets: WebSocket[] = [];
    try {
      const first = await startMock(ctx.root);
      procs.push(first);
      const second = await startMock(ctx.root);
      procs.push(second);
      const ports = [first.port, second.port] as const;
      ctx.log(`mocks on ${ports.join(' and ')} (${nginx})`);

      let proxyPort = 0;
      for (let attempt = 1; proxyPort === 0; attempt++) {
        const port = await freePort();
        const include = path.join(ctx.tmpDir, 'nginx-mock.conf');
        const conf = path.join(ctx.tmpDir, 'nginx.conf');
        await writeFile(include, nginxConfig(sample, ports, port));
        await writeFile(conf, standaloneConfig(ctx.tmpDir, include));
        try {
          procs.push(await startNginx(nginx, ctx.tmpDir, conf, port));
          proxyPort = port;
        } catch (err) {
          // The port picked may have been taken since: another try picks another.
          if (attempt >= NGINX_TRIES) throw err;
          ctx.log(`nginx did not start (${err instanceof Error ? err.message : String(err)}); trying another port`);
        }
      }
      const proxy = `http://127.0.0.1:${proxyPort}`;
      ctx.log(`nginx on ${proxyPort}`);

      const checks: Check[] = [await docShowsSample(ctx.root, sample)];
      const placed = await placement(proxy, ports, SESSIONS);
      checks.push(placed.check);
      checks.push(await defaultPinned(proxy, ports, UNNAMED_CALLS));
      const picked = placed.picked.filter((s) => s !== '');
      if (picked.length === ports.length) {
        checks.push(await stateKept(proxy, picked, ROUNDS));
        checks.push(await socketsReachHolder(proxy, ports, picked, sockets));
      } else {
        checks.push({ name: 'state and sockets', ok: false, detail: 'not tried: no session landed on one of the mocks' });
      }
      for (const c of checks) ctx.log(`${c.ok ? 'ok  ' : 'FAIL'} ${c.name}: ${c.detail}`);

      // The same process both ways: the proxy sends this session's calls to the mock that holds it.
      const session = picked[0] ?? 'default';
      const holder = ports[placed.picked.indexOf(session)] ?? ports[0];
      const headers = { [HEADER.mockSession]: session };
      const direct = `http://127.0.0.1:${holder}/__health`;
      const proxied = `${proxy}/__health`;
      ctx.log(`GET /__health, ${CONCURRENCY} in flight: ${WARMUP_MS / 1000} s warm-up each, then ${RATE_ROUNDS} × ${MEASURE_MS / 1000} s each, alternating`);
      await rate(direct, headers, CONCURRENCY, WARMUP_MS);
      await rate(proxied, headers, CONCURRENCY, WARMUP_MS);
      const load = os.loadavg()[0] ?? 0;
      const pairs: { direct: Rate; proxy: Rate }[] = [];
      for (let i = 0; i < RATE_ROUNDS; i++) {
        pairs.push({ direct: await rate(direct, headers, CONCURRENCY, MEASURE_MS), proxy: await rate(proxied, headers, CONCURRENCY, MEASURE_MS) });
      }
      // Medians of back-to-back pairs: on a shared machine one slow second would otherwise decide the ratio.
      const d = median(pairs.map((x) => x.direct.rps));
      const p = median(pairs.map((x) => x.proxy.rps));
      const ratio = median(pairs.map((x) => x.proxy.rps / x.direct.rps));
      const directErrors = pairs.reduce((n, x) => n + x.direct.errors, 0);
      const proxyErrors = pairs.reduce((n, x) => n + x.proxy.errors, 0);
      const errors = directErrors + proxyErrors;
      ctx.log(`direct ${fmt(d)} req/s, through nginx ${fmt(p)} req/s (medians): ratio ${ratio.toFixed(2)}× (${errors} errors; load average ${load.toFixed(1)})`);

      const failed = checks.filter((c) => !c.ok);
      const overBudget = failed.map((c) => `${c.name}: ${c.detail}`);
      if (errors > 0) overBudget.push(`${errors} GET /__health requests failed`);
      const markdown = [
        `Two mock processes (\`tsx mock-server/main.ts --port 0 --no-video --admin\`) behind nginx (\`nginx -c\`, one worker) on [${SAMPLE}](${SAMPLE}) with their ports, all on 127.0.0.1 of one machine, with this client. ` +
          `Which process holds a session is asked of each mock directly (\`GET /__mock/sessions\`). Budget: every check passes; the rate has none (client, proxy and mocks share the CPUs, so it says what the proxy costs here, not on a proxy box).`,
        '',
        '| check | result | what was seen |',
        '|---|---|---|',
        ...checks.map((c) => `| ${c.name} | ${c.ok ? 'ok' : '**failed**'} | ${c.detail} |`),
        '',
        `\`GET /__health\` (with \`X-Mock-Session: ${session}\`), ${CONCURRENCY} in flight on one keep-alive agent, ${RATE_ROUNDS} back-to-back pairs of ${MEASURE_MS / 1000} s each after a ${WARMUP_MS / 1000} s warm-up; medians, the ratio the median of the pairs' ratios. Machine load average at the start: ${load.toFixed(1)} on ${os.cpus().length} CPUs.`,
        '',
        '| path | req/s | errors |',
        '|---|---|---|',
        `| direct to the mock that holds the session | ${fmt(d)} | ${directErrors} |`,
        `| through nginx | ${fmt(p)} | ${proxyErrors} |`,
        '',
        `**Through nginx: ${ratio.toFixed(2)}× direct.**`,
      ].join('\n');
      return {
        markdown,
        overBudget,
        history: {
          header: ['checks', 'direct req/s', 'proxy req/s', 'ratio'],
          cells: [`${checks.length - failed.length}/${checks.length}`, fmt(d), fmt(p), `${ratio.toFixed(2)}×`],
        },
      };
    } finally {
      for (const ws of sockets) ws.terminate();
      // nginx first, so nothing is proxied to a mock that is going away.
      for (const p of procs.reverse()) await stop(p);
    }
  },
};
