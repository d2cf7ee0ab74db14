/**
 * `npm run dev` rebuilds on change and reloads the page:
 * build/watch.ts on a scratch project of one file. Changing the file rebuilds
 * dist and the open page reloads itself with the new code.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { watch, type WatchHandle } from '../../build/watch.ts';
import { LIVE_RELOAD_MARKER } from '../../build/html.ts';
import { launchBrowser, newPhonePage } from './harness.ts';

let root = '';
let dev: WatchHandle | null = null;
let browser: Browser;
const logs: string[] = [];

const entry = (text: string): string => `document.getElementById('root')!.textContent = ${JSON.stringify(text)};\n`;

/**
 * watch() on a random pair of ports (the app on `port`, live reload on `port + 1`). Probing ports
 * and binding later raced with every other process on the machine; this binds, and when a port
 * was taken takes another pair (watch() leaves nothing running when it fails).
 */
async function startDev(): Promise<WatchHandle> {
  for (let attempt = 1; ; attempt++) {
    const port = 20_000 + Math.floor(Math.random() * 30_000);
    try {
      return await watch({ root, entry: 'main.ts', outDir: 'dist', routePaths: ['/'], publicDir: null, port, log: (l) => logs.push(l) });
    } catch (err) {
      if (attempt >= 10 || (err as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw err;
    }
  }
}

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'cg-dev-'));
  await writeFile(path.join(root, 'main.ts'), entry('first build'));
  dev = await startDev();
  browser = await launchBrowser();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await dev?.close();
  if (root) await rm(root, { recursive: true, force: true });
});

describe('npm run dev', () => {
  it('serves a dev build with the live-reload client, and reloads the open page after a change', async () => {
    if (!dev) throw new Error('watch did not start');
    const html = await (await fetch(dev.url)).text();
    expect(html).toContain(LIVE_RELOAD_MARKER);
    expect(html).toContain(dev.reloadUrl);

    // The scratch project has no web/public, so the shell's favicon is a 404.
    const { page, errors, close } = await newPhonePage(browser, dev.url, { ignoreConsole: [/status of 404/] });
    // The page is listening before the change: its first event is the current build.
    const listening = page.waitForResponse((r) => r.url().startsWith(dev?.reloadUrl ?? '-'));
    await page.goto(dev.url);
    await page.getByText('first build').waitFor();
    await listening;

    const rebuilt = dev.nextBuild();
    const reloaded = page.waitForEvent('load', { timeout: 20_000 });
    await writeFile(path.join(root, 'main.ts'), entry('second build'));
    await rebuilt;
    await reloaded;
    await page.getByText('second build').waitFor();
    expect(logs.some((l) => l.startsWith('[dev] rebuilt'))).toBe(true);
    expect(errors, JSON.stringify(errors)).toEqual([]);
    await close();
  });
});
