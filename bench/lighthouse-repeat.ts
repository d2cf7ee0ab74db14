/**
 * Lighthouse on a repeat visit (docs/decisions/0021-service-worker.md): home opened again by a phone that has been
 * there before, its service worker installed and in control and its HTTP cache warm. One Chromium with a profile of
 * its own: Playwright opens home in it and waits until the worker controls the page, then the `lighthouse` CLI
 * attaches to the same browser (`--port`) with `--disable-storage-reset`, so it keeps the worker, its caches and the
 * HTTP cache, on the same mobile profile as the first-visit runs (simulated slow 4G, 4× CPU slowdown).
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/e2e/phone.ts';
import type { PageScore } from './lighthouse.ts';

export const REPEAT_VISIT = { name: 'home, repeat visit (warm service worker)', path: '/' } as const;
/** The repeat visit's budget: home's largest content within a second. */
export const REPEAT_LCP_BUDGET_MS = 1000;

/** Runs Lighthouse on `url` with extra CLI arguments (bench/lighthouse.ts). */
export type LighthouseRun = (url: string, outFile: string, extraArgs: readonly string[]) => Promise<PageScore>;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export interface RepeatVisitRun {
  score: PageScore;
  /**
   * LCP as the run's own trace saw it, unthrottled. Lantern's simulation (the score) counts a round trip of the
   * mobile profile for every request, including those the worker answered from its cache; this is what the page did.
   */
  observedLcpMs: number;
}

async function observedLcp(file: string): Promise<number> {
  const lhr = JSON.parse(await readFile(file, 'utf8')) as { audits?: Record<string, { details?: { items?: { observedLargestContentfulPaint?: unknown }[] } }> };
  const value = lhr.audits?.['metrics']?.details?.items?.[0]?.observedLargestContentfulPaint;
  return typeof value === 'number' ? value : NaN;
}

/** `runs` Lighthouse runs of home as a repeat visit, after one visit that installed the worker. */
export async function repeatVisitRuns(url: string, tmpDir: string, runs: number, lighthouse: LighthouseRun): Promise<RepeatVisitRun[]> {
  const profile = await mkdtemp(path.join(tmpDir, 'repeat-profile-'));
  const port = await freePort();
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`],
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(url, { waitUntil: 'load' });
    // Installed (its precache complete) and in control of the page: the next visit is answered by it.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 60_000 });
    await page.evaluate(async () => void (await navigator.serviceWorker.ready));
    await page.goto('about:blank');
    const results: RepeatVisitRun[] = [];
    for (let i = 0; i < runs; i++) {
      const file = path.join(tmpDir, `repeat-visit-${i + 1}.json`);
      const score = await lighthouse(url, file, [`--port=${port}`, '--hostname=127.0.0.1', '--disable-storage-reset']);
      results.push({ score, observedLcpMs: await observedLcp(file) });
    }
    return results;
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
  }
}
