/**
 * The e2e mock cloud's own process. The test worker forks this file (harness.ts `startServer`) so that native code the
 * mock loads (`@roamhq/wrtc`, `@napi-rs/canvas`) can never take a test file down with it: a crash here ends the
 * mock, and the tests that still need it fail saying so. It builds the app from the options the worker sends (the
 * JSON-safe part of MockAppOptions), listens on a free port of 127.0.0.1 and answers with where; it forwards log lines
 * when asked, and closes the app when the worker says so. It then waits for the next app to start: the worker keeps it
 * for its next test file, which gets a new app (no state of the last one's) without starting Node and importing the
 * mock again, about a second of CPU a file. It ends when the worker goes away.
 */
import { createApp, type MockApp } from '../../mock-server/app.ts';
import type { MockProcessOptions, FromMockProcess, ToMockProcess } from './mock-process-protocol.ts';

const send = (message: FromMockProcess): void => {
  if (process.connected) process.send?.(message);
};

let app: MockApp | undefined;

async function start(options: MockProcessOptions): Promise<void> {
  const { log, ...rest } = options;
  try {
    app = createApp({ ...rest, log: log ? (line) => send({ type: 'log', line }) : () => {} });
    const { port, url } = await app.listen(0, '127.0.0.1');
    send({ type: 'listening', port, url });
  } catch (err) {
    send({ type: 'failed', message: err instanceof Error ? (err.stack ?? err.message) : String(err) });
    process.exit(1);
  }
}

async function closeApp(): Promise<void> {
  const closing = app;
  app = undefined;
  await closing?.close().catch(() => {});
  send({ type: 'closed' });
}

async function stop(): Promise<never> {
  await app?.close().catch(() => {});
  process.exit(0);
}

process.on('message', (message: ToMockProcess) => {
  if (message.type === 'start') void start(message.options);
  else void closeApp();
});
// The worker is gone (it finished, or died): nobody will ask this process to close.
process.on('disconnect', () => void stop());
