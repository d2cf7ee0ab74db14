import { defineConfig } from 'vitest/config';
import { LongestFirst } from './tests/e2e/sequencer.ts';

/** The e2e files that watch the streamed picture: they run one at a time, after the rest. */
const SOLO = [
  'tests/e2e/stream.test.ts',
  'tests/e2e/controls-input-modes.test.ts',
  'tests/e2e/controls-input-devices.test.ts',
  'tests/e2e/i18n-mock-words.test.ts',
];

/** The mock-server files that open WebRTC peers in the test's own process (native code: @roamhq/wrtc). */
const NATIVE_RTC = ['tests/mock-server/stream-webrtc*.test.ts', 'tests/mock-server/rtc-*.test.ts'];

// Each file's mock starts from one bundle of it made for the run (tests/e2e/mock-bundle.ts).
// expect.poll waits as long as a locator does (the contexts' 10 s, phone.ts), not vitest's 1 s: on a loaded 2-core
// machine a page of cards or an answer can take longer than a second to show, and a check that waits for a condition
// must not fail on the machine's pace.
const E2E = {
  environment: 'node',
  testTimeout: 60_000,
  hookTimeout: 60_000,
  globalSetup: 'tests/e2e/mock-bundle.ts',
  // One module graph per worker: importing playwright-core and the harness again for each of 44 files took 80 s of
  // CPU in a run whose two cores are busy throughout. Each file gets its own mock app and closes its browser contexts
  // (useServerAndBrowser): the mock's process and Chromium are the worker's (decision 0019).
  isolate: false,
  expect: { poll: { timeout: 10_000 } },
} as const;

// Three layers, each its own project so `npm test` can build the app between them (e2e is two projects: see SOLO).
export default defineConfig({
  test: {
    sequence: { sequencer: LongestFirst },
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
          exclude: NATIVE_RTC,
          environment: 'node',
          // One module graph per worker: importing the mock for each of 60 files was a third of the layer's time.
          // Every file builds its own apps (useApp), so nothing of one file's server outlives it.
          isolate: false,
        },
      },
      {
        test: {
          name: 'mock-server-rtc',
          include: NATIVE_RTC,
          environment: 'node',
          // Each in a process of its own: a native crash in @roamhq/wrtc ends only the file that met it.
          isolate: true,
        },
      },
      {
        test: {
          ...E2E,
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          exclude: SOLO,
          // Two files at a time, each worker with its own Chromium and its own mock process: most of a browser test is
          // waiting (for answers, animations, the page clock), and two files overlap those waits.
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          ...E2E,
          name: 'e2e-solo',
          include: SOLO,
          // These decode the WebRTC stream in software at 60 fps and judge it (frames, sizes, input reaching the
          // picture): alone, after the others, they have the machine's two cores to themselves.
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
