/**
 * The game stream (mock-server/stream/, web/game/mock-sdk.ts), end to end:
 *
 * 1. Server cost per frame at each clarity: the product's picture
 *    (`createPicture().render()`: game draw + frame code + getImageData +
 *    rgbaToI420) with each real game, against a bare frame at the same size
 *    (one full-frame fillRect + getImageData + rgbaToI420) measured in the
 *    same run (bench/stream-render.ts); and the encoder alone — a
 *    `createRtcPeer` fed pre-rendered frames at 60 Hz — as server process CPU
 *    per frame and libwebrtc's encode time (bench/stream-capacity.ts).
 * 2. How many 60 fps standard streams one core sustains: N real game loops
 *    with their own WebRTC peers in a worker pinned to one CPU, each decoded
 *    by a Node receiver (the app's rtc-link) in a second worker on the other
 *    CPU (bench/stream-capacity.ts).
 * 3. The built app in Chromium against the local mock, play-now, member
 *    13800000001: time to the first frame, delivered fps and bitrate per
 *    clarity, input-to-frame latency (bench/stream-browser.ts).
 *
 * Goals (enforced like budgets): ≥ 58 fps decoded at standard and HD, input
 * latency p50 ≤ 50 ms at standard and HD on loopback, first frame ≤ 1.5 s
 * after navigation (median of the runs). Needs `npm run build` (dist/).
 */
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LevelConfig } from '../web/api/contract.ts';
import { LEVELS } from '../mock-server/game/sessions.ts';
import { GAME_KINDS } from '../mock-server/stream/games/index.ts';
import { measureBrowser } from './stream-browser.ts';
import { measureServer, SUSTAINED_FPS } from './stream-capacity.ts';
import { measureRender } from './stream-render.ts';
import { loadAvg } from './cpu-load.ts';
import { f0, f1, quantile, ratio, table, textTable } from './stats.ts';
import { browserSection, capacitySection, encodeSection, GOAL, GOAL_LEVELS, ms, ok, pct, renderSection, sustained } from './stream-report.ts';
import type { BenchContext, BenchResult, Benchmark } from './types.ts';

export const stream: Benchmark = {
  name: 'stream',
  title: 'Game stream: server cost per frame, streams per core, and the app in Chromium',
  async run(ctx: BenchContext): Promise<BenchResult> {
    if (!existsSync(path.join(ctx.root, 'dist', 'index.html'))) throw new Error('dist/ is missing: run `npm run build` first (part 3 plays the built app)');
    const levels = (Object.values(LEVELS) as LevelConfig[]).sort((a, b) => a.width - b.width);
    const standard = LEVELS[6];
    const loadBefore = loadAvg();
    ctx.log(`load average before: ${loadBefore} (${os.availableParallelism()} CPUs)`);

    ctx.log('part 1: picture cost per frame (in this process)');
    const render = await measureRender(levels, { frames: 60 });
    for (const r of render) {
      ctx.log(`  ${r.level.name} ${r.level.width}×${r.level.height}: bare ${r.bareMs.toFixed(2)} ms; ${GAME_KINDS.map((k) => `${k} ${r.gameMs[k].toFixed(2)} ms (${ratio(r.gameMs[k], r.bareMs)})`).join(', ')}`);
    }
    const bareStandardMs = render.find((r) => r.level.name === 'standard')?.bareMs ?? Number.NaN;

    ctx.log('part 1b + 2: encoder cost and streams per core (worker processes)');
    const server = await measureServer({
      root: ctx.root,
      levels,
      standard,
      counts: [1, 2, 4, 6, 8, 10, 12, 16],
      encodeWarmMs: 3_000,
      encodeMeasureMs: 3_000,
      capacityWarmMs: 2_500,
      capacityMeasureMs: 3_000,
      capacityBudgetMs: 75_000,
      log: (l) => ctx.log(`  ${l}`),
    });

    ctx.log('part 3: the app in Chromium');
    const browser = await measureBrowser({
      root: ctx.root,
      levels,
      firstFrameRuns: 3,
      windowMs: 4_000,
      settleMs: 2_000,
      presses: 40,
      log: (l) => ctx.log(`  ${l}`),
    });
    const loadAfter = loadAvg();

    // Goals.
    const overBudget: string[] = [];
    const ffMedian = quantile(
      browser.firstFrame.map((r) => r.firstFrameMs),
      0.5,
    );
    if (browser.failure) overBudget.push(`Chromium part ${browser.failure}`);
    if (!(ffMedian <= GOAL.firstFrameMs)) overBudget.push(`first frame ${f0(ffMedian)} ms after navigation (median of ${browser.firstFrame.length}) > goal ${GOAL.firstFrameMs} ms`);
    for (const name of GOAL_LEVELS) {
      const c = browser.clarity.find((x) => x.level.name === name);
      const l = browser.latency.find((x) => x.level.name === name);
      if (!c) overBudget.push(`${name}: not measured in Chromium`);
      else if (!(c.decodedFps >= GOAL.fps)) overBudget.push(`${name}: ${f1(c.decodedFps)} fps decoded in Chromium < goal ${GOAL.fps}`);
      const p50 = l ? quantile(l.samples, 0.5) : Number.NaN;
      if (l && !(p50 <= GOAL.latencyP50Ms)) overBudget.push(`${name}: input-to-frame p50 ${f1(p50)} ms > goal ${GOAL.latencyP50Ms} ms`);
      if (c && c.avOffsetMs !== null && !(Math.abs(c.avOffsetMs) <= GOAL.avOffsetMs)) overBudget.push(`${name}: sound and picture ${f0(c.avOffsetMs)} ms apart > goal ${GOAL.avOffsetMs} ms`);
      if (l && (l.missing > 0 || l.serverInputs !== l.presses)) {
        overBudget.push(`${name}: ${l.missing} of ${l.presses} inputs not in a presented frame within 5 s (server counted ${l.serverInputs}${l.reconnects > 0 ? `; the SDK reconnected ${l.reconnects}×` : ''})`);
      }
    }

    const n = sustained(server);
    const std = browser.clarity.find((x) => x.level.name === 'standard');
    const hd = browser.clarity.find((x) => x.level.name === 'hd');
    const stdLat = browser.latency.find((x) => x.level.name === 'standard');
    const stdRender = render.find((r) => r.level.name === 'standard');
    const goals = table(
      ['goal', 'measured', 'status'],
      [
        [`decoded fps at standard ≥ ${GOAL.fps}`, f1(std?.decodedFps ?? Number.NaN), ok((std?.decodedFps ?? 0) >= GOAL.fps)],
        [`decoded fps at HD ≥ ${GOAL.fps}`, f1(hd?.decodedFps ?? Number.NaN), ok((hd?.decodedFps ?? 0) >= GOAL.fps)],
        ...GOAL_LEVELS.map((name) => {
          const l = browser.latency.find((x) => x.level.name === name);
          const p50 = l ? quantile(l.samples, 0.5) : Number.NaN;
          return [`input-to-frame p50 at ${name} ≤ ${GOAL.latencyP50Ms} ms (p95 reported)`, `${f1(p50)} ms (p95 ${f1(l ? quantile(l.samples, 0.95) : Number.NaN)} ms)`, ok(p50 <= GOAL.latencyP50Ms)];
        }),
        [`navigation → first frame ≤ ${GOAL.firstFrameMs} ms (median)`, `${f0(ffMedian)} ms`, ok(ffMedian <= GOAL.firstFrameMs)],
        ['standard streams one core sustains (no goal)', String(n), '—'],
      ],
    );
    const markdown = [
      `Load: other agents may share this machine; load average ${loadBefore} before and ${loadAfter} after the run. Each table says how much CPU other processes used during its windows ("other processes", % of one core): large values mean noisy numbers.`,
      '',
      '**Goals**',
      '',
      goals,
      '',
      ...renderSection(render),
      ...encodeSection(render, server),
      ...capacitySection(server, bareStandardMs),
      ...browserSection(browser),
    ].join('\n');

    // The console table.
    ctx.log('');
    for (const line of textTable(
      ['measure', 'value', 'vs baseline / goal'],
      [
        ...render.map((r) => [`picture ${r.level.name} (shooter)`, ms(r.gameMs.shooter), `${ratio(r.gameMs.shooter, r.bareMs)} bare ${ms(r.bareMs)}`]),
        ...server.encode.map((e) => [`encode CPU ${e.level.name}`, ms(e.cpuMsPerFrame), `${ratio(e.cpuMsPerFrame, render.find((r) => r.level.name === e.level.name)?.bareMs ?? Number.NaN)} bare; ${f1(e.encodedFps)} fps at ${e.encodedSize}`]),
        ...server.capacity.map((r) => [`N=${r.n} standard streams`, `${f1(Math.min(...r.deliveredFps))} fps min`, `server ${pct(r.serverCpuPct)} of a core; others ${pct(r.load.othersPct)}`]),
        ['streams/core sustained', String(n), `≥ ${SUSTAINED_FPS} fps each`],
        ...browser.firstFrame.map((r, i) => [`first frame run ${i + 1}`, `${f0(r.firstFrameMs)} ms`, `goal ≤ ${GOAL.firstFrameMs} (median)`]),
        ...browser.clarity.map((c) => [`chromium ${c.level.name} ${c.size}`, `${f1(c.decodedFps)} fps, ${f0(c.kbps)} kbit/s`, GOAL_LEVELS.includes(c.level.name) ? `goal ≥ ${GOAL.fps} fps` : '—']),
        ...browser.latency.map((l) => [`latency ${l.level.name}`, `p50 ${f1(quantile(l.samples, 0.5))} / p95 ${f1(quantile(l.samples, 0.95))} ms`, GOAL_LEVELS.includes(l.level.name) ? `goal p50 ≤ ${GOAL.latencyP50Ms}` : '—']),
      ],
    )) {
      ctx.log(line);
    }

    return {
      markdown,
      overBudget,
      history: {
        header: ['bare 640×360', 'shooter 640×360', 'streams/core', 'std fps', 'HD fps', 'std p50 / p95', 'first frame'],
        cells: [
          ms(stdRender?.bareMs ?? Number.NaN),
          ms(stdRender?.gameMs.shooter ?? Number.NaN),
          String(n),
          f1(std?.decodedFps ?? Number.NaN),
          f1(hd?.decodedFps ?? Number.NaN),
          stdLat ? `${f1(quantile(stdLat.samples, 0.5))} / ${f1(quantile(stdLat.samples, 0.95))} ms` : '—',
          `${f0(ffMedian)} ms`,
        ],
      },
    };
  },
};
