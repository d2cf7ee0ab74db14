/**
 * The order test files start in. Vitest starts the longest files first once it has timed them, but a fresh clone (CI)
 * has no timings, and then it starts the largest files first: the two accessibility sweeps, a few lines each, went
 * last and ran alone for two minutes. The files known to be long start first, longest first, whatever the cache says.
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** The longest e2e files, longest first (BENCHMARKS.md "Test suite"). */
const LONGEST_FIRST = [
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
