/**
 * The order test files start in. Vitest starts the longest files first once it has timed them, but a fresh clone (CI)
 * has no timings, and then it starts the largest files first: the two accessibility sweeps, a few lines each, went
 * last and ran alone for two minutes. The files known to be long start first, longest first, whatever the cache says
 * (each project's files among themselves: a file of another project is not in the same queue).
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The longest files, longest first (BENCHMARKS.md "Test suite"): the e2e ones, and the mock-server files that each
 * take over 15 s of real time (WebRTC under scripted loss, stream processes, the CLI's own processes), which ran last
 * and alone at the end of their layer.
 */
const LONGEST_FIRST = [
  'tests/mock-server/stream-webrtc-processes.test.ts',
  'tests/mock-server/stream-webrtc-network.test.ts',
  'tests/mock-server/main-cli.test.ts',
  'tests/e2e/a11y-zh.test.ts',
  'tests/e2e/a11y-en.test.ts',
  'tests/e2e/game-session.test.ts',
  'tests/e2e/account.test.ts',
  'tests/e2e/game.test.ts',
  'tests/e2e/prerender.test.ts',
  'tests/e2e/load-failures.test.ts',
];

const rank = (spec: TestSpecification): number => {
  const i = LONGEST_FIRST.findIndex((file) => spec.moduleId.endsWith(file));
  return i === -1 ? LONGEST_FIRST.length : i;
};

export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    // Array.prototype.sort is stable: the rest keep vitest's order, and each project's group keeps its place.
    return sorted
      .map((spec, i) => ({ spec, i }))
      .sort((a, b) => groupOf(a.spec) - groupOf(b.spec) || rank(a.spec) - rank(b.spec) || a.i - b.i)
      .map(({ spec }) => spec);
  }
}

const groupOf = (spec: TestSpecification): number => spec.project.config.sequence.groupOrder;
