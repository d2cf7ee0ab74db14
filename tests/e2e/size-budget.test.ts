/**
 * The size budgets of `npm run bench` (decision 0018), checked on every
 * `npm test` so a change that outgrows them fails here, not weeks later:
 * every route's first-view JS ≤ 110 KB gzip, every lazy page chunk ≤ 12 KB gzip; the QA console
 * (its own bundle, build/console.ts) within its own budget. And the layout that serves the first paint (decision 0015,
 * "The two-file first view"): React's renderer and one shell carry the first views' bytes.
 * Builds into a scratch folder, so dist/ is left as the build test expects it.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUDGET, HOME_PAGE_FOLDER, overBudgetLines } from '../../bench/bundle-size.ts';
import { build, type BuildReport } from '../../build/build.ts';
import { CONSOLE_BUDGET_GZIP } from '../../build/console.ts';
import { firstLoad, firstView, START_IMPORTS } from '../../build/report.ts';
import { staticClosure } from '../../build/outputs.ts';
import { ROUTE_PATHS } from '../../web/app/route-table.ts';
import { PAGE_PATH } from '../../web/core/paths.ts';
import { ROOT } from './harness.ts';

/**
 * The shell (the entry's code and esbuild's module helpers: every lazy entry is under web/, see
 * web/core/noble/sha2.ts), React's renderer (the entry's own lazy import), home's chunk.
 */
const MAX_FIRST_LOAD_FILES = 3;
/** Past the renderer and the shell, a first view's other files are one-line entry files or small page code. */
const SMALL_FILE_GZIP = 2 * 1024;
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

  it.each([
    { name: 'home', route: '/', own: [] as string[] },
    { name: 'game library', route: PAGE_PATH.gameLibrary, own: ['web/pages/main/gameLibrary/index.tsx'] },
    { name: 'game detail', route: PAGE_PATH.gameDetail, own: ['web/pages/submodules/game/detail/index.tsx'] },
  ])("$name's first view is two files, React's renderer and the shell, besides its own page's code and one-line entry files (build/first-load.ts)", ({ route, own }) => {
    const byFile = new Map(report.outputs.map((o) => [o.file, o]));
    const view = firstView(report, route);
    const renderer = report.entryImports.filter((f) => byFile.get(f)?.inputs.includes('web/app/render.tsx'));
    const shell = report.entryImports.filter((f) => !renderer.includes(f));
    expect(renderer).toHaveLength(1);
    expect(shell).toHaveLength(1);
    const rest = (view?.files ?? []).filter((f) => f !== report.entry && !renderer.includes(f) && !shell.includes(f));
    const large = rest.filter((f) => (byFile.get(f)?.gzipBytes ?? 0) > SMALL_FILE_GZIP && !own.some((m) => byFile.get(f)?.entryPoint === m));
    expect(large, 'left to esbuild, a first view was 8 to 13 files of a few KB each').toEqual([]);
  });

  it("puts the code the API pages' first views share in the shell: the API client, home's carousel, what the library and the detail share; no page's own code", () => {
    const byFile = new Map(report.outputs.map((o) => [o.file, o]));
    const shell = report.entryImports.flatMap((f) => byFile.get(f)?.inputs ?? []);
    for (const module of ['web/core/http/request.ts', 'web/ui/Carousel.tsx', 'web/ui/NavBar.tsx']) expect(shell).toContain(module);
    for (const module of ['web/pages/main/login/index.tsx', 'web/pages/submodules/game/detail/index.tsx', 'web/ui/VideoPlayer.tsx', 'web/game/machine.ts']) expect(shell).not.toContain(module);
  });

  it("counts home's first view as the first load plus the lazy chunks its HTML preloads and what the start asks for: the bytes a phone fetches before home is drawn", () => {
    const load = firstLoad(report, HOME_PAGE_FOLDER);
    const view = firstView(report, '/');
    expect(view).not.toBeNull();
    expect(view?.files).toEqual(expect.arrayContaining(load.files));
    const byFile = new Map(report.outputs.map((o) => [o.file, o]));
    const inputs = (view?.files ?? []).flatMap((f) => byFile.get(f)?.inputs ?? []);
    for (const module of ['web/core/http/request.ts', 'web/pages/main/home/feed.tsx', 'web/ui/Carousel.tsx', ...START_IMPORTS]) expect(inputs).toContain(module);
    expect(view?.gzipBytes).toBeGreaterThan(load.gzipBytes);
    expect(firstView(report, '/no/such/route')).toBeNull();
  });

  it("counts the game screen's first view to its loading state: the session's machine and the stream come after it", () => {
    const byFile = new Map(report.outputs.map((o) => [o.file, o]));
    const inputs = (firstView(report, PAGE_PATH.game)?.files ?? []).flatMap((f) => byFile.get(f)?.inputs ?? []);
    expect(inputs).toContain('web/pages/submodules/game/game/index.tsx');
    for (const module of ['web/pages/submodules/game/game/GameScreen.tsx', 'web/game/machine.ts', 'web/pages/submodules/game/game/Stream.tsx']) expect(inputs).not.toContain(module);
  });

  it.each([
    { name: 'home', route: '/' },
    { name: 'game detail', route: PAGE_PATH.gameDetail },
    { name: 'game library', route: PAGE_PATH.gameLibrary },
  ])("$name's first request and React's renderer are in the first wave: config.json, the shell, the renderer and the API client's entry file, asked for first, fit a host's six connections", async ({ route }) => {
    const byFile = new Map(report.outputs.map((o) => [o.file, o]));
    const html = report.htmlFiles.find((h) => h.routePath === route);
    expect(html).toBeDefined();
    const renderer = report.entryImports.filter((f) => byFile.get(f)?.inputs.includes('web/app/render.tsx'));
    const shell = report.entryImports.filter((f) => !renderer.includes(f));
    // The API client's entry and everything it imports, less the shell: what start.ts waits for before the first request.
    const clientEntry = report.outputs.find((o) => o.entryPoint === 'web/app/api-client.ts');
    expect(clientEntry).toBeDefined();
    const client = [clientEntry?.file ?? '', ...staticClosure(report.outputs, clientEntry?.file ?? '')].filter((f) => !shell.includes(f));
    // The module script is the shell itself: the entry file, one import line, is not asked for.
    expect(shell).toEqual([html?.script]);
    const text = await readFile(path.join(report.outDir, html?.file ?? ''), 'utf8');
    expect(text).toContain(`<script type="module" src="/${html?.script}"></script>`);
    expect(text).not.toContain(report.entry);
    // Then the renderer, the longest download, and the client: a seventh request waits a whole round trip for a free connection.
    const preloads = [...text.matchAll(/<link rel="modulepreload" href="\/([^"]+)">/g)].map((m) => m[1]);
    const first = ['config.json', ...shell, ...preloads.slice(0, renderer.length + client.length)];
    expect(new Set(preloads.slice(0, renderer.length + client.length))).toEqual(new Set([...renderer, ...client]));
    expect(first.length, first.join('\n')).toBeLessThanOrEqual(CONNECTIONS_PER_HOST);
  });

  it("login's first view carries the API client its first tap calls, and login's own code", () => {
    const byFile = new Map(report.outputs.map((o) => [o.file, o]));
    const inputs = (firstView(report, PAGE_PATH.login)?.files ?? []).flatMap((f) => byFile.get(f)?.inputs ?? []);
    expect(inputs).toContain('web/pages/main/login/index.tsx');
    expect(inputs).toContain('web/core/http/request.ts');
  });

  it.each(ROUTE_PATHS)(`%s: its first view, as its built HTML announces it, is within ${BUDGET.firstViewGzip / 1024} KB gzip`, async (route) => {
    const html = report.htmlFiles.find((h) => h.routePath === route);
    expect(html, 'no index.html for this route').toBeDefined();
    // What the HTML written to disk asks for (the entry, every modulepreload), plus what the start fetches on every page.
    const text = await readFile(path.join(report.outDir, html?.file ?? ''), 'utf8');
    const announced = [...text.matchAll(/<(?:script type="module" src|link rel="modulepreload" href)="\/([^"]+)"/g)].map((m) => m[1] ?? '');
    const started = START_IMPORTS.flatMap((e) => {
      const out = report.outputs.find((o) => o.entryPoint === e);
      return out ? [out.file, ...staticClosure(report.outputs, out.file)] : [];
    });
    const byFile = new Map(report.outputs.map((o) => [o.file, o]));
    const files = new Set([...announced, ...started]);
    const gzip = [...files].reduce((n, f) => n + (byFile.get(f)?.gzipBytes ?? 0), 0);
    // The report counts the same files (build/report.ts firstView, which the bench budgets).
    expect(new Set(firstView(report, route)?.files)).toEqual(files);
    // Every module the page's chunk imports statically is announced: none is fetched a round trip late, or uncounted.
    const page = report.pages.find((p) => p.file === html?.pagePreloads[0]);
    for (const f of page ? staticClosure(report.outputs, page.file) : []) expect(files.has(f), f).toBe(true);
    expect(gzip, [...files].map((f) => `${f} ${byFile.get(f)?.gzipBytes}`).join('\n')).toBeLessThanOrEqual(BUDGET.firstViewGzip);
  });

  it(`keeps every first view within ${BUDGET.firstViewGzip / 1024} KB (404.html too) and each page chunk within ${BUDGET.pageChunkGzip / 1024} KB gzip`, () => {
    expect(overBudgetLines(report)).toEqual([]);
  });

  it(`keeps the QA console out of the app's outputs, within ${CONSOLE_BUDGET_GZIP / 1024} KB gzip of its own`, () => {
    expect(report.console?.files.length).toBeGreaterThan(0);
    expect(report.outputs.some((o) => o.file.startsWith('__mock/'))).toBe(false);
    expect(report.console?.gzipBytes).toBeLessThanOrEqual(CONSOLE_BUDGET_GZIP);
  });
});
