/**
 * `npm run bench -- soak`: the mock's 30-minute soak (bench/soak-run.ts, the
 * same run as tests/mock-server/hardening-soak.test.ts) at the mock's
 * shipped limits, and once more with a 64 KB journal cap so the cap is
 * reached and held. Budget: the heap moves less than 8 MB from the end of
 * the warm-up to minute 30, the journal stays within its cap, every
 * heartbeat and every minute's charge arrives.
 */
import { MB } from './heap.ts';
import { runSoak, type SoakFigures } from './soak-run.ts';
import type { BenchContext, BenchResult, Benchmark } from './types.ts';

const MINUTES = 30;
const WARM_UP = 5;
const START_COIN = 3 * 60 * 60;
const CHARGE_PER_MINUTE = 60;
/** heapUsed may move this much between the end of the warm-up and the last minute. */
export const SOAK_HEAP_BOUND = 8 * MB;
/** A cap the soak fills within its warm-up (about 25 KB of entries a minute). */
export const SOAK_SMALL_JOURNAL = 64 * 1024;

const mb = (bytes: number): string => `${(bytes / MB).toFixed(2)} MB`;
const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;

function problems(label: string, f: SoakFigures): string[] {
  const out: string[] = [];
  const growth = f.heapEnd - f.heapAfterWarmUp;
  if (growth >= SOAK_HEAP_BOUND) out.push(`${label}: heap grew ${mb(growth)} after the warm-up (bound ${mb(SOAK_HEAP_BOUND)})`);
  if (f.journalBytesAfterWarmUp.max > f.journalCap) out.push(`${label}: journal ${kb(f.journalBytesAfterWarmUp.max)} over its cap ${kb(f.journalCap)}`);
  if (f.charges !== f.minutes) out.push(`${label}: ${f.charges} of ${f.minutes} charges arrived`);
  if (f.coinEnd !== START_COIN - f.minutes * CHARGE_PER_MINUTE) out.push(`${label}: play time ended at ${f.coinEnd} s`);
  if (!f.socketsOpen) out.push(`${label}: a socket closed during the soak`);
  return out;
}

const row = (label: string, f: SoakFigures): string =>
  `| ${label} | ${mb(f.heapStart)} | ${mb(f.heapAfterWarmUp)} | ${mb(f.heapEnd)} | ${mb(f.heapEnd - f.heapAfterWarmUp)} | ${f.journalEntries} | ${kb(f.journalBytes)} / ${kb(f.journalCap)} | ${f.journalDropped} | ${f.charges} | ${(f.wallMs / 1000).toFixed(1)} s |`;

export const soak: Benchmark = {
  name: 'soak',
  title: 'Soak',
  async run(ctx: BenchContext): Promise<BenchResult> {
    const base = { minutes: MINUTES, warmUp: WARM_UP, startCoin: START_COIN, chargePerMinute: CHARGE_PER_MINUTE };
    ctx.log(`${MINUTES} virtual minutes at the shipped limits…`);
    const shipped = await runSoak(base);
    ctx.log(`…and with a ${kb(SOAK_SMALL_JOURNAL)} journal cap`);
    const capped = await runSoak({ ...base, app: { journalSessionBytes: SOAK_SMALL_JOURNAL } });
    const overBudget = [...problems('shipped limits', shipped), ...problems('64 KB journal', capped)];
    const markdown = [
      `${MINUTES} minutes of play on the mock session's virtual clock, one minute a step (the mock's memory limits, QA guide §2 "Journal"): one player logged in, a game session on the`,
      'socket transport, the stream and duration sockets each sending a heartbeat a minute (each answered), an input a minute, and the',
      `per-minute charge (${CHARGE_PER_MINUTE} s of play time) delivered on the duration socket. Heap is \`heapUsed\` after a forced full`,
      `collection: once playing, after the ${WARM_UP}-minute warm-up, at minute ${MINUTES}. The same run is tests/mock-server/hardening-soak.test.ts.`,
      `Budget: heap growth after the warm-up < ${mb(SOAK_HEAP_BOUND)}, the journal within its cap, all ${MINUTES} charges and heartbeats.`,
      '',
      '| Limits | Heap at start | after warm-up | at the end | growth after warm-up | Journal entries | Journal bytes / cap | Dropped | Charges | Wall time |',
      '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
      row('shipped (4 MB journal a session)', shipped),
      row('64 KB journal', capped),
    ].join('\n');
    return {
      markdown,
      overBudget,
      history: {
        header: ['heap growth (shipped)', 'heap growth (64 KB)', 'entries (shipped)', 'journal (64 KB)'],
        cells: [mb(shipped.heapEnd - shipped.heapAfterWarmUp), mb(capped.heapEnd - capped.heapAfterWarmUp), String(shipped.journalEntries), kb(capped.journalBytes)],
      },
    };
  },
};
