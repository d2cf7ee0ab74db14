/**
 * Decision 0008 §4: every exported page carries a Content-Security-Policy
 * (build/csp.ts), the app runs under it without a single violation, and an
 * injected inline script is refused. A build not made for the mock
 * (MOCK_CLOUD=0) neither reads `?mock_session=` nor sends X-Mock-Session.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { mkdtemp, rm } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../build/build.ts';
import { HEADER } from '../../web/api/contract.ts';
import { DIST_DIR, gamePath, gameScreen, launchBrowser, logIn, newPhonePage, reach100, ROOT, screenshot, startServer, useServerAndBrowser, waitForAppShell } from './harness.ts';

const e2e = useServerAndBrowser();
const gs = gameScreen(e2e, 'csp');

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? walk(full) : [full];
  });
}

/** Every CSP violation of the page, recorded from before its first script runs. */
async function recordViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const w = window as unknown as { __csp: string[] };
    w.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) => w.__csp.push(`${e.violatedDirective} ${e.blockedURI} ${e.sample}`));
  });
  return () => page.evaluate(() => (window as unknown as { __csp: string[] }).__csp);
}

beforeAll(async () => {
  if (!existsSync(path.join(DIST_DIR, 'index.html'))) await build({ root: ROOT });
}, 120_000);

describe('Content-Security-Policy in every page (decision 0008 §4)', () => {
  it('every exported HTML file carries the policy: script-src self, object-src none, base-uri none', () => {
    const htmlFiles = walk(DIST_DIR).filter((f) => f.endsWith('.html'));
    expect(htmlFiles.length).toBeGreaterThan(30);
    for (const file of htmlFiles) {
      const html = readFileSync(file, 'utf8');
      const csp = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(html)?.[1] ?? '';
      const rel = path.relative(DIST_DIR, file);
      // 'self', and by its hash the shell's first script when the page has one (build/words-first.ts): nothing else inline.
      const inline = [...html.matchAll(/<script>([^<]*)<\/script>/g)].map((m) => `'sha256-${createHash('sha256').update(m[1] ?? '').digest('base64')}'`);
      expect(inline.length, rel).toBeLessThanOrEqual(1);
      expect(html.match(/<script(?![^>]*\ssrc=)[^>]*>/g)?.length ?? 0, rel).toBe(inline.length);
      expect(/(?:^|; )script-src ([^;]*)/.exec(csp)?.[1], rel).toBe(["'self'", ...inline].join(' '));
      expect(csp, rel).toContain("object-src 'none'");
      expect(csp, rel).toContain("base-uri 'none'");
      expect(html.indexOf('http-equiv="Content-Security-Policy"'), rel).toBeLessThan(html.indexOf('<script'));
    }
  });

  it('home, library, login, a game detail, the user page, the member shop and a running game load with no violation', async () => {
    const p = await gs.open('play-now', { context: { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: 'en-US' }, clock: false });
    const violations = await recordViolations(p.page);
    const visit = async (url: string, text: string | RegExp): Promise<void> => {
      await p.page.goto(new URL(url, e2e.server.url).href);
      await waitForAppShell(p.page);
      await p.page.getByText(text).first().waitFor();
    };
    await visit(`/?mock_session=${p.session}`, /Hot|Continue|New/);
    await visit('/main/gameLibrary/index', /.+/);
    await visit('/submodules/game/detail/index?game_id=1', 'Starfall Odyssey');
    await p.page.locator('.detail img').first().waitFor();
    await visit('/main/login/index?targetUrl=%2Fsubmodules%2Fuser%2Fmember%2Findex', 'Log in');
    await logIn(p.page, '13800000000', { sendCode: false });
    await p.page.getByRole('radio').first().waitFor();
    await visit('/main/user/index', '138****0000');
    await p.page.goto(new URL(gamePath(1), e2e.server.url).href);
    await reach100(p.page);
    await screenshot(p.page, 'csp-game-playing');
    expect(await violations()).toEqual([]);
    await p.close();
  });

  it('an injected inline script and a javascript: URL are refused and reported (the check above can fail)', async () => {
    const { page, close } = await newPhonePage(e2e.browser, e2e.server.url, { ignoreConsole: [/Content Security Policy/] });
    const violations = await recordViolations(page);
    await page.goto(new URL('/', e2e.server.url).href);
    await waitForAppShell(page);
    await page.evaluate(() => {
      const s = document.createElement('script');
      s.textContent = 'window.__injected = true';
      document.head.append(s);
      const a = document.createElement('a');
      a.href = 'javascript:window.__clicked=true';
      document.body.append(a);
      a.click();
    });
    await expect.poll(async () => (await violations()).length).toBeGreaterThanOrEqual(2);
    expect(await page.evaluate(() => (window as unknown as { __injected?: boolean; __clicked?: boolean }).__injected ?? (window as unknown as { __clicked?: boolean }).__clicked)).toBeUndefined();
    expect((await violations()).every((v) => v.startsWith('script-src'))).toBe(true);
    await close();
  });
});

describe('a build not made for the mock (MOCK_CLOUD=0, decision 0008 §4)', () => {
  let outDir = '';
  beforeAll(async () => {
    outDir = await mkdtemp(path.join(os.tmpdir(), 'cg-prod-build-'));
    const report = await build({ root: ROOT, outDir, mockCloud: false });
    expect(report.mockCloud).toBe(false);
  }, 120_000);
  afterAll(() => rm(outDir, { recursive: true, force: true }));

  it('ignores ?mock_session= and never sends X-Mock-Session', async () => {
    const server = await startServer({ distDir: outDir, admin: true });
    const browser = await launchBrowser();
    try {
      const { page, errors, close } = await newPhonePage(browser, server.url);
      const sent: string[] = [];
      page.on('request', (r) => {
        if (r.url().includes('/api/')) sent.push(r.headers()[HEADER.mockSession] ?? '-');
      });
      await page.goto(new URL('/?mock_session=prod-probe', server.url).href);
      await waitForAppShell(page);
      await page.getByText(/Hot|Continue|New/).first().waitFor();
      expect(sent.length).toBeGreaterThan(0);
      expect(new Set(sent)).toEqual(new Set(['-']));
      // The admin's list names every session: the page's query made none.
      const listed = (await (await fetch(new URL('/__mock/sessions', server.url))).json()) as { sessions: Array<{ session: string }> };
      expect(listed.sessions.map((x) => x.session)).not.toContain('prod-probe');
      expect(await page.evaluate(() => sessionStorage.getItem('mock_session'))).toBeNull();
      expect(errors).toEqual([]);
      await close();
    } finally {
      await browser.close();
      await server.close();
    }
  });
});
