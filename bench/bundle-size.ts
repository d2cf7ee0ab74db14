/**
 * Bundle size: builds a bare React page (bench/baseline/main.tsx) and the app
 * with the same esbuild settings in one run and compares what the browser
 * downloads before the home page shows.
 *
 * Home first-load JS = the entry + every chunk it imports statically + what
 * the entry imports lazily itself (React's renderer, build/outputs.ts
 * entryClosure) + the lazy home page chunk (web/pages/main/home) and the
 * chunks that imports statically. Home's first view adds the lazy chunks its index.html preloads with them (the API
 * client, the feed): reported, not budgeted (decision 0015). Each lazy page chunk (a chunk with inputs under web/pages)
 * is also measured on its own. Sizes are gzip level 9; 1 KB = 1024 bytes.
 */
import path from 'node:path';
import { build, type BuildReport } from '../build/build.ts';
import { firstLoad, firstView, kb } from '../build/report.ts';
import { DEFAULT_RUNTIME_CONFIG } from '../web/api/contract.ts';
import type { BenchContext, BenchResult, Benchmark } from './types.ts';

export const BUDGET = {
  /**
   * Home first-load JS, gzip: decision 0018's budget (docs/decisions/0015). react-dom alone is about 60 KB of it;
   * anything new on the shell or home loads with a dynamic import when first needed. 86 KB since the host bridge
   * checks the host's announcement on the first load (decision 0018, "The host bridge's kilobyte").
   */
  homeFirstLoadGzip: 86 * 1024,
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
  const home = firstLoad(report, HOME_PAGE_FOLDER);
  if (home.gzipBytes > BUDGET.homeFirstLoadGzip) {
    lines.push(`home first-load JS ${kb(home.gzipBytes)} gzip > budget ${kb(BUDGET.homeFirstLoadGzip)}`);
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
    /** Everything home's index.html announces: the first load and the lazy chunks preloaded with it. */
    firstView: { files: number; gzip: number; bytes: number };
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
  const view = firstView(appReport, '/');
  return {
    baseline: { report: baselineReport, firstLoadGzip: base.gzipBytes, firstLoadBytes: base.bytes },
    app: {
      report: appReport,
      firstLoadGzip: home.gzipBytes,
      firstLoadBytes: home.bytes,
      homeChunk: home.page?.file ?? null,
      firstLoadFiles: home.files,
      firstView: { files: view?.files.length ?? 0, gzip: view?.gzipBytes ?? 0, bytes: view?.bytes ?? 0 },
    },
  };
}

export const bundleSize: Benchmark = {
  name: 'bundle-size',
  title: 'Bundle size: home first-load JavaScript and lazy page chunks',
  async run(ctx: BenchContext): Promise<BenchResult> {
    const { baseline, app } = await measureBundles(ctx);
    const overBudget = overBudgetLines(app.report);

    const status = (ok: boolean): string => (ok ? 'ok' : '**OVER**');
    const entryOut = app.report.outputs.find((o) => o.file === app.report.entry);
    const cssOut = app.report.outputs.find((o) => o.file === app.report.entryCss);
    // The entry starts the app; what renders it is the entry's own lazy import, announced and counted with it.
    const entryParts = [entryOut, ...(entryOut?.dynamicImports ?? []).map((f) => app.report.outputs.find((o) => o.file === f))];
    const entrySize = { gzip: entryParts.reduce((n, o) => n + (o?.gzipBytes ?? 0), 0), raw: entryParts.reduce((n, o) => n + (o?.bytes ?? 0), 0) };
    const largestPage = app.report.pages[0];

    ctx.log(`baseline first-load JS: ${kb(baseline.firstLoadGzip)} gzip (${kb(baseline.firstLoadBytes)} raw), built in ${ms(baseline.report.buildMs)}`);
    ctx.log(
      `home first-load JS:     ${kb(app.firstLoadGzip)} gzip (${kb(app.firstLoadBytes)} raw) = ${ratio(app.firstLoadGzip, baseline.firstLoadGzip)} baseline, ` +
        `budget ${kb(BUDGET.homeFirstLoadGzip)}, ${app.firstLoadFiles.length} files${app.homeChunk ? ` incl. home chunk ${app.homeChunk}` : ' (no lazy home chunk)'}, built in ${ms(app.report.buildMs)}`,
    );
    ctx.log(`home first view JS:     ${kb(app.firstView.gzip)} gzip (${kb(app.firstView.bytes)} raw), ${app.firstView.files} files, preloads included`);
    for (const p of app.report.pages) {
      ctx.log(`  page ${p.page.padEnd(32)} ${kb(p.gzipBytes).padStart(9)} gzip  (${kb(p.loadGzipBytes)} with its extra imports)`);
    }
    if (app.report.pages.length === 0) ctx.log('  (no lazy page chunks: nothing under web/pages is loaded with import())');

    const summary = table(
      ['what', 'gzip', 'raw', 'vs baseline', 'budget (gzip)', 'status'],
      [
        ['Baseline first-load JS (react-dom + one `<h1>`)', kb(baseline.firstLoadGzip), kb(baseline.firstLoadBytes), '1.00×', '—', ''],
        [
          `Home first-load JS (${app.firstLoadFiles.length} files: entry + its imports${app.homeChunk ? ' + home page chunk' : ''})`,
          kb(app.firstLoadGzip),
          kb(app.firstLoadBytes),
          ratio(app.firstLoadGzip, baseline.firstLoadGzip),
          `≤ ${kb(BUDGET.homeFirstLoadGzip)}`,
          status(app.firstLoadGzip <= BUDGET.homeFirstLoadGzip),
        ],
        [
          `Home's first view JS (${app.firstView.files} files: the above + the API client and the feed, which home's HTML preloads)`,
          kb(app.firstView.gzip),
          kb(app.firstView.bytes),
          ratio(app.firstView.gzip, baseline.firstLoadGzip),
          '— (not budgeted)',
          '',
        ],
        ['App entry with React\'s renderer (its own lazy import, app/render.tsx)', kb(entrySize.gzip), kb(entrySize.raw), ratio(entrySize.gzip, baseline.firstLoadGzip), '—', ''],
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
    const markdown = [
      'Home first-load JS = the entry, every chunk it imports statically, what it imports lazily itself (React\'s',
      'renderer, which every HTML announces), and the lazy home page chunk (`web/pages/main/home`) with what that',
      'imports statically. Home\'s first view also needs the API client and the feed (carousel and rows): lazy modules',
      'its HTML preloads with the app, counted in the row below it but not in the budget (decision 0015). That row is',
      'what a phone fetches before home is drawn.',
      'The baseline is `bench/baseline/main.tsx` (react-dom/client rendering one `<h1>`) built with the same',
      'esbuild settings in the same run. Sizes: gzip level 9, 1 KB = 1024 bytes.',
      '',
      summary,
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
