/**
 * The mock's memory limits (QA guide §2) over a 30-minute soak on the virtual clock (bench/soak-run.ts, the
 * run `npm run bench -- soak` records in BENCHMARKS.md). One game session
 * plays (login → get_token → play_game → stream socket (socket transport) →
 * generate_token → duration socket) while its mock session's clock moves in
 * 1-minute steps, with heartbeats on both sockets (each answered), an input a
 * minute and the per-minute charge (each delivered). After a 5-minute
 * warm-up the journal (capped small here so the soak reaches the cap) and
 * the heap stay flat.
 */
import { describe, expect, it } from 'vitest';
import { SOAK_HEAP_BOUND, SOAK_SMALL_JOURNAL } from '../../bench/soak.ts';
import { runSoak } from '../../bench/soak-run.ts';
import { MB } from '../../bench/heap.ts';

const MINUTES = 30;
const WARM_UP = 5;
const CHARGE_PER_MINUTE = 60;
const START_COIN = 3 * 60 * 60;

describe("soak: the mock's memory limits over long play (QA guide §2)", () => {
  it(`${MINUTES} minutes of play on the virtual clock keep the journal and the heap flat after a ${WARM_UP}-minute warm-up`, async () => {
    const f = await runSoak({ minutes: MINUTES, warmUp: WARM_UP, startCoin: START_COIN, chargePerMinute: CHARGE_PER_MINUTE, app: { journalSessionBytes: SOAK_SMALL_JOURNAL } });

    // The game played all along: charged once a minute, the stream at 100 counting every input.
    expect(f.charges).toBe(MINUTES);
    expect(f.coinEnd).toBe(START_COIN - MINUTES * CHARGE_PER_MINUTE);
    expect(f.streamProgress).toBe(100);
    expect(f.streamInputs).toBe(MINUTES);
    expect(f.socketsOpen).toBe(true);

    // The journal filled its cap during the warm-up and stayed at it, dropping the oldest entries.
    expect(f.journalCap).toBe(SOAK_SMALL_JOURNAL);
    expect(f.journalDropped).toBeGreaterThan(0);
    expect(f.journalBytesAfterWarmUp.max).toBeLessThanOrEqual(SOAK_SMALL_JOURNAL);
    expect(f.journalBytesAfterWarmUp.min).toBeGreaterThan(SOAK_SMALL_JOURNAL - 4 * 1024);
    // And the heap did not grow with play time.
    const growth = f.heapEnd - f.heapAfterWarmUp;
    expect(growth, `heapUsed moved by ${(growth / MB).toFixed(2)} MB from minute ${WARM_UP} to ${MINUTES}`).toBeLessThan(SOAK_HEAP_BOUND);
  }, 20_000);
});
