/**
 * The size budgets of `npm run bench` (decision 0018), checked on every
 * `npm test` so a change that outgrows them fails here, not weeks later:
 * home first-load JS ≤ 86 KB gzip, every lazy page chunk ≤ 12 KB gzip; the QA console
 * (its own bundle, build/console.ts) within its own budget.
 * Builds into a scratch folder, so dist/ is left as the build test expects it.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUDGET, HOME_PAGE_FOLDER, overBudgetLines } from '../../bench/bundle-size.ts';
import { build, type BuildReport } from '../../build/build.ts';
import { CONSOLE_BUDGET_GZIP } from '../../build/console.ts';
import { firstLoad, firstView } from '../../build/report.ts';
import { staticClosure } from '../../build/outputs.ts';
import { PAGE_PATH } from '../../web/core/paths.ts';
import { ROOT } from './harness.ts';

/**
 * Entry, shared first-load chunk (with esbuild's module helpers: every lazy entry is under web/, see
 * web/core/noble/sha2.ts), React's renderer (the entry's own lazy import), home's chunk.
 */
const MAX_FIRST_LOAD_FILES = 4;
/** The above, the API client's entry, its group, home's feed and the carousel's group. */
const MAX_FIRST_VIEW_FILES = 8;
/** A host's HTTP/1.1 connections in Chromium: a seventh file waits for one of them to be free. */
const CONNECTIONS_PER_HOST = 6;
let outDir = '';
let report: BuildReport;

beforeAll(async () => {
  outDir = await mkdtemp(path.join(os.tmpdir(), 'cg-size-'));
  report = await build({ root: ROOT, outDir, logLevel: 'silent' });
}, 120_000);

afterAll(async () => {
  if (outDir) await rm(outDir, { recursive: true, force: true });
});

describe('size budgets', () => {
  it('measures the real home page: its lazy chunk is part of the first load', () => {
    const home = firstLoad(report, HOME_PAGE_FOLDER);
    expect(home.page?.page).toBe(HOME_PAGE_FOLDER);
    expect(home.files.length).toBeGreaterThan(1);
    expect(home.gzipBytes).toBeGreaterThan(0);
  });

  it('loads home in a handful of files: the first load is regrouped, not one chunk per set of pages (build/first-load.ts)', () => {
    const home = firstLoad(report, HOME_PAGE_FOLDER);
    expect(home.files.length, home.files.join('\n')).toBeLessThanOrEqual(MAX_FIRST_LOAD_FILES);
    // Every one of them is announced by home's HTML, so none waits for the entry to be parsed.
    const homeHtml = report.htmlFiles.find((h) => h.routePath === '/');
    expect(homeHtml).toBeDefined();
    const announced = new Set([report.entry, ...report.entryImports, ...(homeHtml?.pagePreloads ?? [])]);
    expect(home.files.filter((f) => !announced.has(f))).toEqual([]);
  });

  it("home's first view, with the API client and the feed its HTML announces, is a handful of files too (build/first-load.ts viewGroups)", () => {
    const view = firstView(report, '/');
    // Left to esbuild it was 13: one chunk per set of pages that shares a module, most under 1 KB.
    expect(view?.files.length, view?.files.join('\n')).toBeLessThanOrEqual(MAX_FIRST_VIEW_FILES);
  });

  it("counts home's first view as the first load plus the API client's and the feed's chunks its HTML preloads: the bytes a phone fetches before home is drawn", () => {
    const load = firstLoad(report, HOME_PAGE_FOLDER);
    const view = firstView(report, '/');
    expect(view).not.toBeNull();
    expect(view?.files).toEqual(expect.arrayContaining(load.files));
    const byFile = new Map(report.outputs.map((o) => [o.file, o]));
    const inputs = (view?.files ?? []).flatMap((f) => byFile.get(f)?.inputs ?? []);
    for (const module of ['web/core/http/request.ts', 'web/pages/main/home/feed.tsx', 'web/ui/Carousel.tsx']) expect(inputs).toContain(module);
    expect(view?.gzipBytes).toBeGreaterThan(load.gzipBytes);
    expect(firstView(report, '/no/such/route')).toBeNull();
  });

  it.each([
    { name: 'home', route: '/' },
    { name: 'game detail', route: PAGE_PATH.gameDetail },
    { name: 'game library', route: PAGE_PATH.gameLibrary },
  ])("$name's first request waits for one wave of files: config.json, the entry, the shell and the API client, listed first, fit a host's six connections", async ({ route }) => {
    const byFile = new Map(report.outputs.map((o) => [o.file, o]));
    const html = report.htmlFiles.find((h) => h.routePath === route);
    expect(html).toBeDefined();
    const shell = report.entryImports.filter((f) => !byFile.get(f)?.inputs.includes('web/app/render.tsx'));
    // The API client's entry and everything it imports, less the shell: what start.ts waits for before the first request.
    const clientEntry = report.outputs.find((o) => o.entryPoint === 'web/app/api-client.ts');
    expect(clientEntry).toBeDefined();
    const client = [clientEntry?.file ?? '', ...staticClosure(report.outputs, clientEntry?.file ?? '')].filter((f) => !shell.includes(f));
    const needed = new Set([...shell, ...client]);
    // One more and the first request waited a whole round trip for it (LCP 0.4 s later with real throttling).
    expect(['config.json', report.entry, ...needed].length, [...needed].join('\n')).toBeLessThanOrEqual(CONNECTIONS_PER_HOST);
    // And they are asked for first: after the page's own chunks, the client's code was the seventh request.
    const text = await readFile(path.join(report.outDir, html?.file ?? ''), 'utf8');
    const preloads = [...text.matchAll(/<link rel="modulepreload" href="\/([^"]+)">/g)].map((m) => m[1]);
    expect(new Set(preloads.slice(0, needed.size))).toEqual(needed);
  });

  it("the grouping gives home's carousel only to pages that load it anyway: login's first view has none of it, but the API client its first tap calls", () => {
    const byFile = new Map(report.outputs.map((o) => [o.file, o]));
    const loginHtml = report.htmlFiles.find((h) => h.routePath === PAGE_PATH.login);
    const loginLoad = [...report.entryImports, ...(loginHtml?.pagePreloads ?? [])];
    const inputs = loginLoad.flatMap((f) => byFile.get(f)?.inputs ?? []);
    expect(inputs).toContain('web/pages/main/login/index.tsx');
    expect(inputs).toContain('web/core/http/request.ts');
    expect(inputs).not.toContain('web/ui/Carousel.tsx');
    expect(inputs).not.toContain('web/ui/GameCard.tsx');
  });

  it(`keeps home first-load JS within ${BUDGET.homeFirstLoadGzip / 1024} KB and each page chunk within ${BUDGET.pageChunkGzip / 1024} KB gzip`, () => {
    expect(overBudgetLines(report)).toEqual([]);
  });

  it(`keeps the QA console out of the app's outputs, within ${CONSOLE_BUDGET_GZIP / 1024} KB gzip of its own`, () => {
    expect(report.console?.files.length).toBeGreaterThan(0);
    expect(report.outputs.some((o) => o.file.startsWith('__mock/'))).toBe(false);
    expect(report.console?.gzipBytes).toBeLessThanOrEqual(CONSOLE_BUDGET_GZIP);
  });
});
