/**
 * The installable app (docs/decisions/0022-installable-app.md): the manifests as served, Chromium's installability
 * check, and the install offer on Mine: shown when the browser can install, its answer handled, quiet for 30 days once
 * dismissed, the iOS Safari sheet, and nothing at all inside a host app.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { installSimulatedHost } from '../../mock-server/client.ts';
import { BACKGROUND } from '../../build/html.ts';
import { DAY_MS, QUIET_MS } from '../../web/app/install/rules.ts';
import { INSTALL_RECORD_KEY } from '../../web/app/install/offer-model.ts';
import { MEMBER } from './a11y.ts';
import { animationsDone, backGesture, CHROMIUM_ARGS, CHROMIUM_PATH, gamePath, gameScreen, loggedInPage, networkWatch, PHONE, reach100, screenshot, useServerAndBrowser, waitForAppShell } from './harness.ts';

// The socket-only stream: the after-game offer needs a game played, not its picture.
const e2e = useServerAndBrowser({ video: false, browser: 'full' });
const gs = gameScreen(e2e, 'install');
const MINE = '/main/user/index';
const IPHONE_SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** Width and height from a PNG's IHDR; throws when the bytes are not a PNG. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  if (!bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) || bytes.subarray(12, 16).toString('ascii') !== 'IHDR') {
    throw new Error('not a PNG');
  }
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/**
 * Chromium may send its own `beforeinstallprompt` once the page qualifies: kept from the app (a listener that runs
 * first), so each test decides when the browser "can install", with a scripted prompt() and answer.
 */
async function scriptInstallPrompt(page: Page): Promise<void> {
  await page.addInitScript(() => {
    addEventListener('beforeinstallprompt', (e) => e.isTrusted && e.stopImmediatePropagation(), true);
  });
}

/** Dispatches a `beforeinstallprompt` whose prompt() counts its calls and whose answer the test gives (answerPrompt). */
const offerPrompt = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { __prompts: number; __answer: (a: { outcome: string }) => void };
    w.__prompts = 0;
    const e = new Event('beforeinstallprompt', { cancelable: true });
    const userChoice = new Promise((resolve) => (w.__answer = resolve));
    Object.assign(e, { prompt: () => ((w.__prompts += 1), Promise.resolve()), userChoice });
    dispatchEvent(e);
    return e.defaultPrevented;
  });
const answerPrompt = (page: Page, outcome: 'accepted' | 'dismissed') => page.evaluate((o) => (window as unknown as { __answer: (a: { outcome: string }) => void }).__answer({ outcome: o }), outcome);
const prompts = (page: Page) => page.evaluate(() => (window as unknown as { __prompts: number }).__prompts);
const storedRecord = (page: Page) => page.evaluate((key) => localStorage.getItem(key), INSTALL_RECORD_KEY);
const offerCard = (page: Page) => page.getByRole('region', { name: 'Install the app' });

describe('the manifest (decision 0022)', () => {
  it('is served for each language with its name, real PNG icons, relative start_url and scope, standalone, dark', async () => {
    const base = e2e.server.url;
    const names = { en: 'Cloud Play', 'zh-Hans': '云玩', 'zh-Hant': '雲玩' };
    for (const [lang, name] of Object.entries(names)) {
      const res = await fetch(new URL(`/manifest.${lang}.webmanifest`, base));
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/manifest+json');
      const m = (await res.json()) as Record<string, unknown> & { icons: { src: string; sizes: string; type: string; purpose: string }[] };
      expect(m).toMatchObject({ name, short_name: name, display: 'standalone', background_color: BACKGROUND, theme_color: BACKGROUND, start_url: './', scope: './' });
      expect(m).not.toHaveProperty('orientation');
      expect(new URL(m.start_url as string, res.url).href).toBe(base);
      expect(m.icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
      for (const icon of m.icons) {
        const file = await fetch(new URL(icon.src, res.url));
        expect(file.headers.get('content-type')).toBe('image/png');
        const { width, height } = pngSize(Buffer.from(await file.arrayBuffer()));
        expect(`${width}x${height}`).toBe(icon.sizes);
      }
    }
    const apple = await fetch(new URL('/icons/apple-touch-icon.png', base));
    expect(pngSize(Buffer.from(await apple.arrayBuffer()))).toEqual({ width: 180, height: 180 });
  });

  it('passes Chromium’s installability check', async () => {
    // Every context of a launched browser is off the record, which Chromium never installs ("in-incognito"): a profile
    // of its own on disk.
    const profile = await mkdtemp(path.join(os.tmpdir(), 'install-profile-'));
    const context = await chromium.launchPersistentContext(profile, { ...PHONE, executablePath: CHROMIUM_PATH, headless: true, args: [...CHROMIUM_ARGS] });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto(e2e.server.url);
      await waitForAppShell(page);
      const cdp = await context.newCDPSession(page);
      const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[] };
      expect(manifest.url).toBe(new URL('/manifest.en.webmanifest', e2e.server.url).href);
      expect(manifest.errors).toEqual([]);
      const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: unknown[] };
      expect(installabilityErrors).toEqual([]);
    } finally {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    }
  });

  it('a Chinese reader’s page links the Chinese manifest and names the app in Chinese for iOS', async () => {
    const p = await loggedInPage(e2e, { persona: MEMBER, path: '/', locale: 'zh-CN' });
    expect(await p.page.locator('link[rel="manifest"]').getAttribute('href')).toBe('/manifest.zh-Hans.webmanifest');
    expect(await p.page.locator('meta[name="apple-mobile-web-app-title"]').getAttribute('content')).toBe('云玩');
    expect(p.errors).toEqual([]);
    await p.close();
  });
});

describe('the install offer on Mine (decision 0022)', () => {
  it('shows once the browser can install; declined in its dialog, it stays quiet for 30 days, then comes back', async () => {
    const p = await loggedInPage(e2e, { persona: MEMBER, path: MINE });
    await scriptInstallPrompt(p.page);
    await p.page.reload();
    await waitForAppShell(p.page);
    await p.page.getByRole('button', { name: 'Settings' }).waitFor();
    expect(await offerCard(p.page).count()).toBe(0);

    // The browser's own banner is kept away: the app holds the event.
    expect(await offerPrompt(p.page)).toBe(true);
    await offerCard(p.page).waitFor();
    await screenshot(p.page, 'install-mine-offer');
    await offerCard(p.page).getByRole('button', { name: 'Install', exact: true }).click();
    await p.page.waitForFunction(() => (window as unknown as { __prompts: number }).__prompts === 1);
    await answerPrompt(p.page, 'dismissed');
    await offerCard(p.page).waitFor({ state: 'detached' });
    const record = JSON.parse(JSON.parse((await storedRecord(p.page)) ?? '{}').data ?? '{}') as { dismissedAt?: number };
    expect(Date.now() - (record.dismissedAt ?? 0)).toBeLessThan(60_000);
    expect(await prompts(p.page)).toBe(1);

    // Quiet after a reload too, whatever the browser says.
    const network = networkWatch(p.page);
    await p.page.reload();
    await waitForAppShell(p.page);
    await p.page.getByRole('button', { name: 'Settings' }).waitFor();
    await p.page.waitForFunction(() => performance.getEntriesByType('resource').some((r) => /\/offer-[^/]+\.js$/.test(r.name)));
    await offerPrompt(p.page);
    await network.quiet(300);
    expect(await offerCard(p.page).count()).toBe(0);

    // 31 days later it is offered again; "Not now" quiets it again.
    await p.page.evaluate(
      ([key, at]) => localStorage.setItem(key as string, JSON.stringify({ type: 'object', data: JSON.stringify({ dismissedAt: at, offeredAfterGame: false }) })),
      [INSTALL_RECORD_KEY, Date.now() - QUIET_MS - DAY_MS] as const,
    );
    await p.page.reload();
    await waitForAppShell(p.page);
    await offerPrompt(p.page);
    await offerCard(p.page).waitFor();
    await offerCard(p.page).getByRole('button', { name: 'Not now' }).click();
    await offerCard(p.page).waitFor({ state: 'detached' });
    expect(await prompts(p.page)).toBe(0);
    expect(p.errors).toEqual([]);
    await p.close();
  });

  it('on iPhone Safari: Install shows Share → Add to Home Screen; Got it quiets it', async () => {
    const p = await loggedInPage(e2e, { persona: MEMBER, path: MINE, context: { userAgent: IPHONE_SAFARI } });
    await offerCard(p.page).waitFor();
    await offerCard(p.page).getByRole('button', { name: 'Install', exact: true }).click();
    const sheet = p.page.getByRole('dialog', { name: 'Add Cloud Play to your Home Screen' });
    await sheet.waitFor();
    await expect.poll(() => sheet.getByRole('listitem').allTextContents()).toEqual(['Tap Share in Safari’s toolbar', 'Choose Add to Home Screen']);
    await animationsDone(p.page);
    await screenshot(p.page, 'install-ios-sheet');
    await sheet.getByRole('button', { name: 'Got it' }).click();
    await sheet.waitFor({ state: 'detached' });
    await offerCard(p.page).waitFor({ state: 'detached' });
    expect(p.errors).toEqual([]);
    await p.close();
  });

  it('speaks the reader’s language: the card and the iOS sheet in Traditional Chinese', async () => {
    const p = await loggedInPage(e2e, { persona: MEMBER, path: MINE, locale: 'zh-TW', context: { userAgent: IPHONE_SAFARI } });
    const card = p.page.getByRole('region', { name: '安裝應用程式' });
    await card.getByRole('button', { name: '安裝', exact: true }).click();
    const sheet = p.page.getByRole('dialog', { name: '將雲玩加入主畫面' });
    await sheet.waitFor();
    await expect.poll(() => sheet.getByRole('listitem').allTextContents()).toEqual(['點一下 Safari 工具列中的「分享」', '選擇「加入主畫面」']);
    await animationsDone(p.page);
    await screenshot(p.page, 'install-ios-sheet-zh-hant');
    await sheet.getByRole('button', { name: '知道了' }).click();
    await card.waitFor({ state: 'detached' });
    expect(p.errors).toEqual([]);
    await p.close();
  });

  it('opened from the home screen (iOS navigator.standalone) nothing is offered', async () => {
    const p = await loggedInPage(e2e, { persona: MEMBER, path: '/', context: { userAgent: IPHONE_SAFARI } });
    await p.page.addInitScript(() => Object.defineProperty(navigator, 'standalone', { configurable: true, value: true }));
    const network = networkWatch(p.page);
    await p.page.goto(MINE);
    await waitForAppShell(p.page);
    await p.page.waitForFunction(() => performance.getEntriesByType('resource').some((r) => /\/offer-[^/]+\.js$/.test(r.name)));
    await offerPrompt(p.page);
    await network.quiet(300);
    expect(await offerCard(p.page).count()).toBe(0);
    expect(p.errors).toEqual([]);
    await p.close();
  });

  it('after the first played game has ended, back off the game screen: offered once; Install shows the browser’s dialog', async () => {
    const p = await gs.open('play-now', { clock: false });
    await scriptInstallPrompt(p.page);
    await gs.enter(p, gamePath(1));
    await reach100(p.page);
    await offerPrompt(p.page);
    await backGesture(p.page);
    await p.page.getByRole('button', { name: 'Quit', exact: true }).click();
    await p.page.getByTestId('end-reason').waitFor();
    await p.page.setViewportSize(PHONE.viewport);
    await p.page.getByRole('button', { name: 'Back', exact: true }).click();
    await p.page.waitForURL((u) => !u.pathname.startsWith('/submodules/game/game'));
    const sheet = p.page.getByRole('dialog', { name: 'Install the app' });
    await sheet.waitFor();
    await animationsDone(p.page);
    await screenshot(p.page, 'install-after-game');
    await sheet.getByRole('button', { name: 'Install', exact: true }).click();
    await p.page.waitForFunction(() => (window as unknown as { __prompts: number }).__prompts === 1);
    await answerPrompt(p.page, 'accepted');
    await p.page.evaluate(() => dispatchEvent(new Event('appinstalled')));
    await sheet.waitFor({ state: 'detached' });
    const record = JSON.parse(JSON.parse((await storedRecord(p.page)) ?? '{}').data ?? '{}') as { offeredAfterGame?: boolean; dismissedAt?: number | null };
    expect(record).toEqual({ offeredAfterGame: true, dismissedAt: null });
    expect(p.errors).toEqual([]);
    await p.close();
  });

  it('inside a host app nothing is offered, nor even loaded', async () => {
    const p = await loggedInPage(e2e, { persona: MEMBER, path: '/' });
    await scriptInstallPrompt(p.page);
    await installSimulatedHost(p.page, { platform: 'android' });
    const network = networkWatch(p.page);
    await p.page.goto(MINE);
    await waitForAppShell(p.page);
    await p.page.getByRole('button', { name: 'Settings' }).waitFor();
    await offerPrompt(p.page);
    await network.quiet(300);
    expect(await offerCard(p.page).count()).toBe(0);
    expect(await p.page.evaluate(() => performance.getEntriesByType('resource').filter((r) => /\/offer-[^/]+\.js$/.test(r.name)).length)).toBe(0);
    expect(p.errors).toEqual([]);
    await p.close();
  });
});
