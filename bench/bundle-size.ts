/**
 * Bundle size: builds a bare React page (bench/baseline/main.tsx) and the app
 * with the same esbuild settings in one run and compares what the browser
 * downloads before each page shows.
 *
 * A page's first-view JS (the budget, decision 0018) = everything the phone fetches before that page's first view is
 * drawn: the entry, what it imports statically and React's renderer, every modulepreload of the page's HTML (its
 * chunk and what that imports, the API client, the first view's lazy modules such as home's feed) and what the start
 * asks for on every page (build/report.ts firstView). It is checked on every path of the route table and 404.html.
 * Home's first load (the entry, its imports, the renderer, home's chunk) is printed for information. Each lazy page
 * chunk (a chunk with inputs under web/pages) is also measured on its own. Sizes are gzip level 9; 1 KB = 1024 bytes.
 */
import path from 'node:path';
import { build, type BuildReport } from '../build/build.ts';
import { catalogue, firstLoad, kb, routeFirstViews, type RouteFirstView } from '../build/report.ts';
import { DEFAULT_RUNTIME_CONFIG } from '../web/api/contract.ts';
import { ROUTE_PATHS } from '../web/app/route-table.ts';
import type { BenchContext, BenchResult, Benchmark } from './types.ts';

export const BUDGET = {
  /**
   * Every page's first-view JS, gzip (decision 0018; what it counts: build/report.ts firstView). React's renderer is
   * about 65 KB of it, the shell every page shares about 30 KB (docs/decisions/0015-first-load.md, "The two-file first
   * view"); what a page's first view does not draw loads after it.
   */
  firstViewGzip: 110 * 1024,
  /** Every lazy page chunk on its own, gzip. */
  pageChunkGzip: 12 * 1024,
} as const;

export const HOME_PAGE_FOLDER = 'main/home';

const ratio = (value: number, base: number): string => (base > 0 ? `${(value / base).toFixed(2)}×` : 'n/a');
const ms = (value: number): string => `${Math.round(value)} ms`;

function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const esc = (c: string): string => c.replace(/\|/g, '\\|');
  return [
    `| ${header.map(esc).join(' | ')} |`,
    `|${header.map(() => '---').join('|')}|`,
    ...rows.map((r) => `| ${r.map(esc).join(' | ')} |`),
  ].join('\n');
}

/** One line per budget the app build exceeds; empty when within budget. `npm test` checks this too. */
export function overBudgetLines(report: BuildReport): string[] {
  const lines: string[] = [];
  const { views, missing } = routeFirstViews(report, ROUTE_PATHS);
  for (const path of missing) lines.push(`${path}: no HTML file serves this route, its first view cannot be counted`);
  for (const v of views) {
    if (v.gzipBytes > BUDGET.firstViewGzip) lines.push(`${v.path} first-view JS ${kb(v.gzipBytes)} gzip > budget ${kb(BUDGET.firstViewGzip)}`);
  }
  for (const p of report.pages) {
    if (p.gzipBytes > BUDGET.pageChunkGzip) {
      lines.push(`lazy page chunk "${p.page}" (${p.file}) ${kb(p.gzipBytes)} gzip > budget ${kb(BUDGET.pageChunkGzip)}`);
    }
  }
  return lines;
}

export interface BundleSizeNumbers {
  baseline: { report: BuildReport; firstLoadGzip: number; firstLoadBytes: number };
  app: {
    report: BuildReport;
    firstLoadGzip: number;
    firstLoadBytes: number;
    homeChunk: string | null;
    firstLoadFiles: string[];
    /** Every route's first view (build/report.ts firstView), largest first. */
    firstViews: RouteFirstView[];
    /** What a Chinese reader's first view fetches on top: the largest language catalogue. */
    catalogueGzip: number;
  };
}

export async function measureBundles(ctx: BenchContext): Promise<BundleSizeNumbers> {
  // Same settings, same process, one after the other: baseline first (it also warms esbuild).
  const baselineReport = await build({
    root: ctx.root,
    entry: 'bench/baseline/main.tsx',
    outDir: path.join(ctx.tmpDir, 'baseline'),
    routePaths: ['/'],
    publicDir: null,
    config: DEFAULT_RUNTIME_CONFIG,
  });
  const appReport = await build({ root: ctx.root, outDir: path.join(ctx.tmpDir, 'app') });
  const base = firstLoad(baselineReport);
  const home = firstLoad(appReport, HOME_PAGE_FOLDER);
  return {
    baseline: { report: baselineReport, firstLoadGzip: base.gzipBytes, firstLoadBytes: base.bytes },
    app: {
      report: appReport,
      firstLoadGzip: home.gzipBytes,
      firstLoadBytes: home.bytes,
      homeChunk: home.page?.file ?? null,
      firstLoadFiles: home.files,
      firstViews: routeFirstViews(appReport, ROUTE_PATHS).views,
      catalogueGzip: catalogue(appReport).gzipBytes,
    },
  };
}

export const bundleSize: Benchmark = {
  name: 'bundle-size',
  title: 'Bundle size: every page\'s first-view JavaScript and lazy page chunks',
  async run(ctx: BenchContext): Promise<BenchResult> {
    const { baseline, app } = await measureBundles(ctx);
    const overBudget = overBudgetLines(app.report);

    const status = (ok: boolean): string => (ok ? 'ok' : '**OVER**');
    const entryOut = app.report.outputs.find((o) => o.file === app.report.entry);
    const cssOut = app.report.outputs.find((o) => o.file === app.report.entryCss);
    // The two files every first view is made of: the shell (the module script of every page, the entry's code in it) and
    // React's renderer, the entry's own lazy import.
    const shellOut = app.report.outputs.find((o) => o.file === (entryOut?.stubOf ?? entryOut?.file));
    const rendererOut = app.report.outputs.find((o) => o.file === entryOut?.ownLazyImports[0]);
    const largestPage = app.report.pages[0];
    const largestView = app.firstViews[0];
    const home = app.firstViews.find((v) => v.path === '/');

    ctx.log(`baseline first-load JS: ${kb(baseline.firstLoadGzip)} gzip (${kb(baseline.firstLoadBytes)} raw), built in ${ms(baseline.report.buildMs)}`);
    ctx.log(
      `home first-load JS:     ${kb(app.firstLoadGzip)} gzip (${kb(app.firstLoadBytes)} raw) = ${ratio(app.firstLoadGzip, baseline.firstLoadGzip)} baseline, ` +
        `${app.firstLoadFiles.length} files${app.homeChunk ? ` incl. home chunk ${app.homeChunk}` : ' (no lazy home chunk)'}, built in ${ms(app.report.buildMs)}`,
    );
    for (const v of app.firstViews) ctx.log(`  first view ${v.path.padEnd(44)} ${kb(v.gzipBytes).padStart(9)} gzip, ${v.files.length} files (budget ${kb(BUDGET.firstViewGzip)})`);
    for (const p of app.report.pages) {
      ctx.log(`  page ${p.page.padEnd(32)} ${kb(p.gzipBytes).padStart(9)} gzip  (${kb(p.loadGzipBytes)} with its extra imports)`);
    }
    if (app.report.pages.length === 0) ctx.log('  (no lazy page chunks: nothing under web/pages is loaded with import())');

    const summary = table(
      ['what', 'gzip', 'raw', 'vs baseline', 'budget (gzip)', 'status'],
      [
        ['Baseline first-load JS (react-dom + one `<h1>`)', kb(baseline.firstLoadGzip), kb(baseline.firstLoadBytes), '1.00×', '—', ''],
        [
          `Largest first view JS (${largestView ? `\`${largestView.path}\`, ${largestView.files.length} files` : 'none'})`,
          kb(largestView?.gzipBytes ?? 0),
          kb(largestView?.bytes ?? 0),
          ratio(largestView?.gzipBytes ?? 0, baseline.firstLoadGzip),
          `≤ ${kb(BUDGET.firstViewGzip)}`,
          status((largestView?.gzipBytes ?? 0) <= BUDGET.firstViewGzip),
        ],
        [
          `Home's first view JS (${home?.files.length ?? 0} files)`,
          kb(home?.gzipBytes ?? 0),
          kb(home?.bytes ?? 0),
          ratio(home?.gzipBytes ?? 0, baseline.firstLoadGzip),
          `≤ ${kb(BUDGET.firstViewGzip)}`,
          status((home?.gzipBytes ?? 0) <= BUDGET.firstViewGzip),
        ],
        [
          `Home first-load JS (${app.firstLoadFiles.length} files: entry + its imports${app.homeChunk ? ' + home page chunk' : ''}; the budget until the first view's)`,
          kb(app.firstLoadGzip),
          kb(app.firstLoadBytes),
          ratio(app.firstLoadGzip, baseline.firstLoadGzip),
          '— (for information)',
          '',
        ],
        ['A Chinese reader\'s language catalogue, fetched before the first view on top (the larger of the two)', kb(app.catalogueGzip), '—', '—', '— (for information)', ''],
        ['The shell: every page\'s module script (the entry, the API client, what the API pages share)', kb(shellOut?.gzipBytes ?? 0), kb(shellOut?.bytes ?? 0), '—', '—', ''],
        ['React\'s renderer (the entry\'s own lazy import, app/render.tsx)', kb(rendererOut?.gzipBytes ?? 0), kb(rendererOut?.bytes ?? 0), ratio(rendererOut?.gzipBytes ?? 0, baseline.firstLoadGzip), '—', ''],
        ['App CSS (one stylesheet, all pages)', kb(cssOut?.gzipBytes ?? 0), kb(cssOut?.bytes ?? 0), '—', '—', ''],
        [
          `Largest lazy page chunk${largestPage ? ` (${largestPage.page})` : ''}`,
          kb(largestPage?.gzipBytes ?? 0),
          kb(largestPage?.bytes ?? 0),
          '—',
          `≤ ${kb(BUDGET.pageChunkGzip)}`,
          status((largestPage?.gzipBytes ?? 0) <= BUDGET.pageChunkGzip),
        ],
      ],
    );
    const buildTimes = table(
      ['build', 'time', 'JS files'],
      [
        ['baseline', ms(baseline.report.buildMs), String(baseline.report.outputs.filter((o) => o.kind === 'js').length)],
        ['app', ms(app.report.buildMs), String(app.report.outputs.filter((o) => o.kind === 'js').length)],
      ],
    );
    const pages =
      app.report.pages.length === 0
        ? '_No lazy page chunks yet._'
        : table(
            ['page', 'chunk', 'gzip', 'raw', 'gzip incl. its extra static imports', 'status'],
            app.report.pages.map((p) => [
              `\`${p.page}\``,
              `\`${p.file}\``,
              kb(p.gzipBytes),
              kb(p.bytes),
              kb(p.loadGzipBytes),
              status(p.gzipBytes <= BUDGET.pageChunkGzip),
            ]),
          );
    const views = table(
      ['route', 'JS files', 'gzip', 'status'],
      app.firstViews.map((v) => [`\`${v.path}\``, String(v.files.length), kb(v.gzipBytes), status(v.gzipBytes <= BUDGET.firstViewGzip)]),
    );
    const markdown = [
      'A page\'s first-view JS = everything a phone fetches before that page\'s first view is drawn: the entry, what it',
      'imports statically and React\'s renderer (its own lazy import), every modulepreload of the page\'s HTML (the page\'s',
      'chunk and what it imports, the API client where the first view calls it, the first view\'s lazy modules such as',
      'home\'s feed) and what the start asks for on every page (the host bridge\'s checks). Budgeted on every route of',
      '`web/app/route-table.ts` and 404.html (decision 0018; the layout: decision 0015, "The two-file first view"). Home\'s',
      'first load (the entry, its imports, the renderer, home\'s chunk), the budget before, is shown for information.',
      'The baseline is `bench/baseline/main.tsx` (react-dom/client rendering one `<h1>`) built with the same',
      'esbuild settings in the same run. Sizes: gzip level 9, 1 KB = 1024 bytes.',
      '',
      summary,
      '',
      '### First view of every route',
      '',
      `Budget: ≤ ${kb(BUDGET.firstViewGzip)} gzip each, for a reader in English (a Chinese reader adds the catalogue above).`,
      '',
      views,
      '',
      '### Lazy page chunks',
      '',
      `Budget: each chunk ≤ ${kb(BUDGET.pageChunkGzip)} gzip on its own. "shared:…" chunks hold code several pages share.`,
      '',
      pages,
      '',
      '### Build time',
      '',
      buildTimes,
    ].join('\n');

    return {
      markdown,
      overBudget,
      history: {
        header: ['home first-load gzip', 'baseline gzip', 'ratio', 'largest page chunk gzip', 'app build'],
        cells: [
          kb(app.firstLoadGzip),
          kb(baseline.firstLoadGzip),
          ratio(app.firstLoadGzip, baseline.firstLoadGzip),
          largestPage ? `${kb(largestPage.gzipBytes)} (${largestPage.page})` : '—',
          ms(app.report.buildMs),
        ],
      },
    };
  },
};
