import { defineConfig } from 'vitest/config';

// Three layers, each its own project so `npm test` can build the app between them.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts', 'tests/unit/**/*.test.tsx'],
          environment: 'happy-dom',
          // One window and one module graph per worker, not per file: setting up happy-dom and importing React for
          // each of 120 files took ten times the tests' own time. tests/unit/setup.ts gives each file a clean
          // document and storage.
          isolate: false,
          setupFiles: ['tests/unit/setup.ts'],
        },
      },
      {
        test: {
          name: 'mock-server',
          include: ['tests/mock-server/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // One browser at a time: the machine has two cores.
          fileParallelism: false,
        },
      },
    ],
  },
});
