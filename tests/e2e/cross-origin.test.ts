/**
 * Decision 0009, QA guide §8: the static export hosted on another origin, pointed at the
 * mock through config.json's absolute bases, logs in, loads home and plays
 * over the mock's sockets; an origin the mock does not allow gets a clear
 * network error, not a crash.
 *
 * The export is built into a temp folder (dist/ stays as it is) and served by
 * a second plain static server (sirv), under three names of 127.0.0.1:
 * 127.0.0.1 itself (allowed by default), qa-box.test (on the mock's
 * --allow-origin list) and foreign.test (neither).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import sirv from 'sirv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../build/build.ts';
import { CONTROL_WRITE_HEADERS } from '../../mock-server/http/control-guard.ts';
import type { JournalEntry } from '../../mock-server/sessions/journal.ts';
import { gamePath, launchBrowser, logIn, newPhonePage, reach100, ROOT, screenshot, startServer, waitForAppShell, type TestServer } from './harness.ts';

const LISTED = 'qa-box.test';
const FOREIGN = 'foreign.test';

let outDir = '';
let files: ReturnType<typeof sirv> | undefined;
let statics: Server | undefined;
let staticPort = 0;
let mock: TestServer | undefined;
let browser: Browser | undefined;

beforeAll(async () => {
  // The static server first: the mock's allow list names its port.
  statics = createServer((req, res) => {
    if (files) {
      files(req, res, () => {
        res.writeHead(404).end();
      });
    }
    else res.writeHead(503).end();
  });
  await new Promise<void>((resolve) => statics?.listen(0, '127.0.0.1', resolve));
  staticPort = (statics.address() as AddressInfo).port;
  mock = await startServer({ distDir: null, log: true, allowedOrigins: [`http://${LISTED}:${staticPort}`] });
  const origin = `http://127.0.0.1:${mock.port}`;
  outDir = await mkdtemp(path.join(os.tmpdir(), 'cg-cross-origin-'));
  // A mock build (mock_session isolation), so X-Mock-Session crosses origins too and must pass the preflight.
  await build({
    root: ROOT,
    outDir,
    mockCloud: true,
    config: { apiBase: `${origin}/api/`, gameApiBase: `${origin}/api/game/`, socketBase: `ws://127.0.0.1:${mock.port}/socket/`, sdk: 'mock-webrtc' },
  });
  files = sirv(outDir, { dev: false, etag: true });
  browser = await launchBrowser([`--host-resolver-rules=MAP ${LISTED} 127.0.0.1, MAP ${FOREIGN} 127.0.0.1`]);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await mock?.close();
  await new Promise<void>((resolve) => (statics ? statics.close(() => resolve()) : resolve()));
  if (outDir) await rm(outDir, { recursive: true, force: true });
});

function started(): { mock: TestServer; browser: Browser } {
  if (!mock || !browser) throw new Error('the servers and the browser start in beforeAll');
  return { mock, browser };
}

const sessionName = (tag: string): string => `cors-${tag}-${process.pid}-${Date.now()}`;

async function control(path: string, body?: unknown): Promise<unknown> {
  const { mock: m } = started();
  const res = await fetch(new URL(path, m.url), body === undefined ? {} : { method: 'POST', headers: CONTROL_WRITE_HEADERS, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`${path}: HTTP ${res.status} ${await res.text()}`);
  return res.json();
}

const journalOf = async (session: string): Promise<JournalEntry[]> => ((await control(`/__mock/journal?session=${session}`)) as { entries: JournalEntry[] }).entries;

/** Chromium's own line for a blocked answer, and the sockets closed on purpose. */
const NOISE = [/WebSocket/i, /Failed to load resource/, /blocked by CORS policy/];

describe('the static export on another origin (decision 0009, QA guide §8)', () => {
  it('served from 127.0.0.1 on another port, the export logs in, shows home from the mock and plays a game over its sockets', async () => {
    const { browser: b, mock: m } = started();
    const session = sessionName('loopback');
    await control(`/__mock/scenario?session=${session}`, { name: 'play-now' });
    const site = `http://127.0.0.1:${staticPort}`;
    const { page, errors, close } = await newPhonePage(b, site, { ignoreConsole: NOISE });
    await page.goto(`${site}/main/login/index?mock_session=${session}&targetUrl=%2F`);
    await waitForAppShell(page);
    await logIn(page, '13800000001', { sendCode: false });
    // Home's sections come from the mock's home_list, across origins.
    await page.waitForURL(`${site}/`);
    await page.getByText(/Hot|Continue|New/).first().waitFor();
    await page.locator('img[src^="http://127.0.0.1:' + String(m.port) + '/mock-media/"]').first().waitFor();
    await screenshot(page, 'cross-origin-home');
    const journal = await journalOf(session);
    expect(journal.some((e) => e.kind === 'http' && e.path?.includes('web_login') === true && e.status === 200)).toBe(true);
    expect(journal.some((e) => e.kind === 'http' && e.path?.includes('home_list') === true)).toBe(true);

    await page.goto(`${site}${gamePath(1)}`);
    await reach100(page);
    expect((await journalOf(session)).some((e) => e.kind === 'ws-open' && e.path?.includes('/socket/stream') === true)).toBe(true);
    expect(errors).toEqual([]);
    await close();
  });

  it('served from an origin on --allow-origin (http://qa-box.test), the export logs in through the mock', async () => {
    const { browser: b } = started();
    const session = sessionName('listed');
    const site = `http://${LISTED}:${staticPort}`;
    const { page, errors, close } = await newPhonePage(b, site, { ignoreConsole: NOISE });
    await page.goto(`${site}/main/login/index?mock_session=${session}&targetUrl=%2Fmain%2Fuser%2Findex`);
    await waitForAppShell(page);
    await logIn(page, '13800000000', { sendCode: false });
    await page.getByText('138****0000').first().waitFor();
    await screenshot(page, 'cross-origin-listed-user');
    expect((await journalOf(session)).some((e) => e.path?.includes('web_login') === true)).toBe(true);
    expect(errors).toEqual([]);
    await close();
  });

  it('served from an origin the mock does not allow, the app says the network failed and stays usable; the mock refused its preflight', async () => {
    const { browser: b } = started();
    const session = sessionName('foreign');
    const site = `http://${FOREIGN}:${staticPort}`;
    const { page, errors, close } = await newPhonePage(b, site, { ignoreConsole: NOISE });
    await page.goto(`${site}/main/login/index?mock_session=${session}`);
    await waitForAppShell(page);
    await logIn(page, '13800000000', { sendCode: false });
    await page.getByText(/Failed to fetch|network/i).first().waitFor();
    await screenshot(page, 'cross-origin-refused');
    // Still the login page, still answering: no crash, no error page.
    await expect(page.getByRole('button', { name: 'Log in', exact: true }).isVisible()).resolves.toBe(true);
    // Chromium hides preflights from the page; the mock logged its 403 for this origin.
    // Its log comes over the process's IPC channel: wait for the line.
    const refused = `OPTIONS /api/user/web_login refused (403): origin ${site} not allowed`;
    await expect.poll(() => mock?.logs.some((line) => line.startsWith(refused))).toBe(true);
    expect((await journalOf(session)).some((e) => e.path?.includes('web_login') === true)).toBe(false);
    expect(errors).toEqual([]);
    await close();
  });
});
