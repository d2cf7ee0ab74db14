/**
 * End-to-end helpers: drive the BUILT app (dist/, written by `npm run build`
 * before the e2e project runs) in Debian's Chromium through playwright-core,
 * against the mock cloud in a process of its own (server.ts).
 *
 *   const e2e = useServerAndBrowser();              // one mock and one browser for the file
 *   const { page, errors } = await newPhonePage(e2e.browser, e2e.server.url, { path: '/main/login/index' });
 *   await waitForAppShell(page);
 *   expect(errors).toEqual([]);
 *   await screenshot(page, 'login');
 *
 *   const phone = await loggedInPage(e2e, { persona: MEMBER, path: '/main/user/index' });
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser, type BrowserKind } from './phone.ts';
import { startServer, type E2E, type ServerOptions, type TestServer } from './server.ts';

export * from './phone.ts';
export * from './server.ts';
export * from './game-screen.ts';
export * from './logged-in.ts';

/**
 * The socket-only stream's progress steps in e2e runs: 50 ms rather than the mock's 500, so each game a test plays is
 * up in 0.2 s rather than 2 (about seventy games a run). Tests that look at the loading view hold it with a network
 * stall or a scenario's `stallAt`, never by its pace.
 */
const E2E_PROGRESS_STEP_MS = 50;

/**
 * The worker's browsers, one of each kind, for every file it runs (vitest keeps one module graph per e2e worker):
 * launching Chromium costs a third of a second of CPU, forty-odd files a run. What a file does lives in its contexts,
 * which it closes; a browser that died is launched anew.
 */
const browsers = new Map<BrowserKind, Promise<Browser>>();

async function workerBrowser(kind: BrowserKind): Promise<Browser> {
  const kept = await browsers.get(kind)?.catch(() => undefined);
  if (kept?.isConnected()) return kept;
  const launched = launchBrowser([], kind);
  browsers.set(kind, launched);
  return launched;
}

/**
 * One mock app and one browser for a test file: started in beforeAll, closed in afterAll. The app is the file's own;
 * the mock's process and the browser are the worker's (server.ts, workerBrowser), so the next file starts at once.
 * Read `server` and `browser` inside tests (they exist once the hooks ran). `browser: 'full'` for a file whose tests
 * need a browser window (phone.ts BrowserKind).
 */
export function useServerAndBrowser({ browser: kind = 'shell', ...opts }: ServerOptions & { browser?: BrowserKind } = {}): E2E {
  let server: TestServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    // Both start at once: the mock's process loads while Chromium does.
    [server, browser] = await Promise.all([startServer({ progressStepMs: E2E_PROGRESS_STEP_MS, ...opts }), workerBrowser(kind)]);
  });
  afterAll(async () => {
    // Whatever the file left open goes with it: the next file starts from a browser with no context.
    await Promise.all(browser?.contexts().map((context) => context.close()) ?? []);
    await server?.close();
  });
  const started = <T>(v: T | undefined): T => {
    if (v === undefined) throw new Error('the e2e server and browser start in beforeAll: read them inside a test');
    return v;
  };
  return {
    get server() {
      return started(server);
    },
    get browser() {
      return started(browser);
    },
  };
}

