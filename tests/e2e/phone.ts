/**
 * Chromium and the phone in it: Debian's Chromium through playwright-core, a 390×844 touch phone page that collects
 * its errors, waits for the app's shell and settled animations, screenshots, and the login form filled in.
 */
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page, type Request } from 'playwright-core';
import { MOCK_SMS_CODE } from '../../mock-server/limits.ts';
import { until } from '../wait.ts';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const DIST_DIR = path.join(ROOT, 'dist');
export const SCREENSHOT_DIR = path.join(ROOT, 'tests', 'e2e', 'screenshots');
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/**
 * Debian's Chromium headless shell: the same Chromium without the browser's windows, tabs and address bar, which
 * Playwright itself runs for headless tests (decision 0029). A context in it costs a third of the CPU of one in the
 * full browser. Without it (CHROMIUM_HEADLESS_SHELL_PATH names none that exists) every file runs the full browser.
 */
export const HEADLESS_SHELL_PATH = process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell';

/**
 * Which Chromium a file drives: the headless shell, or the full browser for what only a browser window does —
 * full screen and a window resized after it, pointer lock, installing the app (decision 0029).
 */
export type BrowserKind = 'shell' | 'full';

/**
 * Features Chromium runs without: Playwright's own list (playwright-core's chromiumSwitches.ts), which a
 * `--disable-features` of ours replaces rather than extends, and the address bar's WebUI popups. Chromium
 * 156.0.8078.108 renders the omnibox's popups (chrome://omnibox-popup.top-chrome/ and its AI-mode page) in a
 * renderer of their own for every window, so for every context a test opens; headless, nothing ever shows them, and
 * they nearly doubled what a new context costs (10 contexts: 6.8 CPU-s with them, 3.7 without), which made the e2e
 * run about twice as long as on the Chromium before it. PreloadTopChromeWebUI keeps others like them from preloading.
 */
const DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'PreloadTopChromeWebUI',
  'WebUIOmniboxPopup',
  'WebUIOmniboxAimPopup',
];

export const CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
  `--disable-features=${DISABLED_FEATURES.join(',')}`,
];

/**
 * The phone every e2e test uses (SPEC: a mobile web client), drawn at one device pixel per CSS pixel: what the tests
 * check is laid out in CSS px, and a quarter of the pixels to paint and screenshot is less CPU on a saturated machine
 * (decision 0029). Density-dependent art is checked at a real phone's density (PHONE_2X).
 */
export const PHONE = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 1,
  isMobile: true,
  hasTouch: true,
  locale: 'en-US',
} as const;

/** The phone at a real phone's two device pixels per CSS pixel: for the images and the prerendered first view. */
export const PHONE_2X = { ...PHONE, deviceScaleFactor: 2 } as const;

/** The executable for `kind`: the shell falls back to the full browser where it is not installed. */
export function chromiumPath(kind: BrowserKind): string {
  return kind === 'shell' && existsSync(HEADLESS_SHELL_PATH) ? HEADLESS_SHELL_PATH : CHROMIUM_PATH;
}

/** Debian's Chromium, headless (its headless shell unless `kind` is 'full'), with the flags CI containers need (and `extraArgs`). */
export async function launchBrowser(extraArgs: readonly string[] = [], kind: BrowserKind = 'shell'): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(kind),
    headless: true,
    args: [...CHROMIUM_ARGS, ...extraArgs],
    timeout: 30_000,
  });
}

export interface PageError {
  kind: 'console' | 'pageerror';
  text: string;
  /** Page URL when it happened. */
  url: string;
}

export interface PhonePageOptions {
  /** Navigate here (relative to baseUrl) before returning; waits for "load". */
  path?: string;
  /** Console errors matching one of these are not collected (e.g. an expected failed request). */
  ignoreConsole?: readonly RegExp[];
  /** Extra context options, e.g. storageState or a different locale. */
  context?: Parameters<Browser['newContext']>[0];
}

export interface PhonePage {
  context: BrowserContext;
  page: Page;
  /** Console errors and uncaught page errors, in order; assert it is empty. */
  errors: PageError[];
  /** Closes the context (and the page). */
  close(): Promise<void>;
}

/**
 * A 390×844 @2x touch phone context with baseURL set, so `page.goto('/main/login/index')` works.
 * Console errors and page errors are collected into `errors`.
 */
export async function newPhonePage(browser: Browser, baseUrl: string, opts: PhonePageOptions = {}): Promise<PhonePage> {
  // Playwright's page.route() does not see what a service worker answers: a test that wants the worker allows it.
  const context = await browser.newContext({ ...PHONE, baseURL: baseUrl, serviceWorkers: 'block', ...opts.context });
  context.setDefaultTimeout(10_000);
  context.setDefaultNavigationTimeout(20_000);
  const page = await context.newPage();
  const errors: PageError[] = [];
  const ignore = opts.ignoreConsole ?? [];
  page.on('console', (msg) => {
    if (msg.type() !== 'error') return;
    const text = msg.text();
    if (ignore.some((re) => re.test(text))) return;
    errors.push({ kind: 'console', text, url: page.url() });
  });
  page.on('pageerror', (err) => {
    errors.push({ kind: 'pageerror', text: err.stack ?? err.message, url: page.url() });
  });
  if (opts.path !== undefined) await page.goto(new URL(opts.path, baseUrl).href, { waitUntil: 'load' });
  return { context, page, errors, close: () => context.close() };
}

/** Waits until React has rendered something into #root (and so replaced the prerendered skeleton, decision 0014). */
export async function waitForAppShell(page: Page, timeoutMs = 15_000): Promise<void> {
  await page.waitForFunction(
    () => {
      const root = document.getElementById('root');
      return (root?.childElementCount ?? 0) > 0 && !root?.querySelector('[data-prerendered]');
    },
    undefined,
    { timeout: timeoutMs },
  );
}

/**
 * Waits until every finite CSS animation and transition of the page has finished (a sheet's slide-in,
 * a dialog's fade), so a screenshot shows the settled view; endless ones (spinners) are left running.
 */
export async function animationsDone(page: Page, timeoutMs = 5_000): Promise<void> {
  await page.waitForFunction(
    () => document.getAnimations().every((a) => a.effect?.getComputedTiming().endTime === Infinity || a.playState === 'finished' || a.playState === 'idle'),
    undefined,
    { timeout: timeoutMs },
  );
}

/** Saves tests/e2e/screenshots/<name>.png (gitignored) and returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  const safe = name.replace(/[^a-zA-Z0-9._-]+/g, '-').replace(/^-+|-+$/g, '') || 'screenshot';
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${safe}.png`);
  // A frame comes when the compositor gets the CPU: on a loaded 2-core CI machine that took over the 10 s default once.
  await page.screenshot({ path: file, timeout: 30_000 });
  return file;
}

/**
 * Logs in on the login page that `page` shows, as a persona of the mock cloud
 * (SMS code 123456). `sendCode: false` skips "Send code" (the mock does not
 * require it, and refuses a second code for one number within 60 s).
 */
export async function logIn(page: Page, mobile: string, opts: { code?: string; sendCode?: boolean } = {}): Promise<void> {
  await page.getByLabel('Phone number').fill(mobile);
  if (opts.sendCode !== false) {
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByText('Verification code sent').waitFor();
  }
  await page.getByLabel('Verification code').fill(opts.code ?? MOCK_SMS_CODE);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
}


/**
 * Logs in on the login page shown, finding the form by its markup, not its words: the same steps in every language.
 * No code is asked for (the mock does not require one).
 */
export async function logInAnyLanguage(page: Page, mobile: string): Promise<void> {
  await page.locator('input[autocomplete="tel"]').fill(mobile);
  await page.locator('input[autocomplete="one-time-code"]').fill(MOCK_SMS_CODE);
  await page.getByRole('checkbox').check();
  await page.locator('button[type="submit"]').click();
}

/**
 * The page's requests in flight, for a wait until its network has been quiet for `quietMs` (a page's calls answered,
 * its images in). Playwright's 'networkidle' waits a fixed 500 ms after the last one, whatever the page does: most
 * of a visit when a sweep visits a hundred pages.
 */
export function networkWatch(page: Page): { quiet(quietMs?: number): Promise<void> } {
  const open = new Set<Request>();
  let last = Date.now();
  const started = (r: Request): void => {
    open.add(r);
    last = Date.now();
  };
  const ended = (r: Request): void => {
    open.delete(r);
    last = Date.now();
  };
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  return {
    quiet: (quietMs = 150) =>
      until(
        () => {
          // A redirected request goes on as a new one: the old one is done.
          for (const r of open) if (r.redirectedTo() !== null) open.delete(r);
          return open.size === 0 && Date.now() - last >= quietMs;
        },
        `${quietMs} ms without a request in flight`,
        20_000,
        () => [...open].map((r) => r.url()).join(', '),
      ),
  };
}
