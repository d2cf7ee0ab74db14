/** Reading a BuildReport: first-load cost and the size table the CLI prints. */
import type { BuildReport } from './build.ts';
import { staticClosure, type PageChunk } from './outputs.ts';

export interface FirstLoad {
  /** JS files (relative to outDir) loaded before the page shows. */
  files: string[];
  bytes: number;
  gzipBytes: number;
  /** The lazy page chunk counted in, if the page has one. */
  page: PageChunk | null;
}

/** The page chunk of a page folder ("main/home"): its entry point or inputs live in that folder. */
export function findPageChunk(report: BuildReport, folder: string, pagesDir = 'web/pages'): PageChunk | null {
  const prefix = `${pagesDir}/${folder}`;
  const inFolder = (p: string): boolean => p === prefix || p.startsWith(`${prefix}/`) || p.startsWith(`${prefix}.`);
  return (
    // The folder's own index first: a lazy part of it ("main/home/feed") is not the page.
    report.pages.find((p) => p.page === folder) ??
    report.pages.find((p) => p.entryPoint !== null && inFolder(p.entryPoint)) ??
    report.pages.find((p) => !p.page.startsWith('shared:') && p.pageInputs.some(inFolder)) ??
    null
  );
}

/**
 * JavaScript that loads before a page shows: the entry, every chunk it
 * imports statically, and — when the page is lazy — the page chunk and the
 * chunks that one imports statically.
 */
export function firstLoad(report: BuildReport, pageFolder?: string): FirstLoad {
  const page = pageFolder ? findPageChunk(report, pageFolder) : null;
  // An entry file that is only an import of the shell is not asked for: the HTML loads the shell itself (write-html.ts).
  const entry = report.outputs.find((o) => o.file === report.entry)?.stubOf ?? report.entry;
  const files = new Set([entry, ...report.entryImports]);
  if (page) {
    files.add(page.file);
    for (const f of staticClosure(report.outputs, page.file)) files.add(f);
  }
  return { ...weigh(report, files), page };
}

/** The files' raw and gzip bytes, as the build wrote them. */
function weigh(report: BuildReport, files: ReadonlySet<string>): FirstView {
  const chosen = report.outputs.filter((o) => files.has(o.file));
  return {
    files: [...files],
    bytes: chosen.reduce((s, o) => s + o.bytes, 0),
    gzipBytes: chosen.reduce((s, o) => s + o.gzipBytes, 0),
  };
}

/** Like FirstLoad, over every JS file a route's first view fetches. */
export type FirstView = Omit<FirstLoad, 'page'>;

/**
 * Lazy modules the shell asks for as it starts, on every page, before anything is drawn: the host bridge's message
 * checks (app/services.ts). Not preloaded (no page waits for them), but fetched before the first view all the same.
 */
export const START_IMPORTS: readonly string[] = ['web/core/bridge-check.ts'];

/** The output of a lazy entry (source path) and what it imports statically; none when it is no entry of this build. */
function withStatic(report: BuildReport, entryPoint: string): string[] {
  const out = report.outputs.find((o) => o.entryPoint === entryPoint && o.kind === 'js');
  return out ? [out.file, ...staticClosure(report.outputs, out.file)] : [];
}

/**
 * All the JavaScript a route's first view fetches before it is drawn (decision 0018's budget): the entry, its static
 * imports and React's renderer, every modulepreload of the route's HTML (the page's chunk and what it imports, the API
 * client on a page whose first view calls it, the first view's lazy modules such as home's feed), and what the shell
 * asks for as it starts (START_IMPORTS). For a reader in English; a Chinese reader also fetches the language's
 * catalogue (`catalogue`). `routePath` null: 404.html. Null when no HTML file serves the route.
 */
export function firstView(report: BuildReport, routePath: string | null): FirstView | null {
  const html = report.htmlFiles.find((h) => h.routePath === routePath);
  if (!html) return null;
  const started = START_IMPORTS.flatMap((e) => withStatic(report, e));
  return weigh(report, new Set([html.script, ...report.entryImports, ...html.pagePreloads, ...html.apiPreloads, ...html.viewPreloads, ...started]));
}

/** One route's first view (firstView), by the path it is served on. */
export interface RouteFirstView extends FirstView {
  /** The route path, or "404.html". */
  path: string;
}

/**
 * The first view of every path in `paths` (the route table's, web/app/route-table.ts `ROUTE_PATHS`) and of 404.html,
 * largest first; a path no HTML file serves is counted as nothing and named in `missing`.
 */
export function routeFirstViews(report: BuildReport, paths: readonly string[]): { views: RouteFirstView[]; missing: string[] } {
  const views: RouteFirstView[] = [];
  const missing: string[] = [];
  for (const routePath of [...paths, null]) {
    const view = firstView(report, routePath);
    if (view) views.push({ path: routePath ?? '404.html', ...view });
    else missing.push(routePath ?? '404.html');
  }
  return { views: views.sort((x, y) => y.gzipBytes - x.gzipBytes || x.path.localeCompare(y.path)), missing };
}

/** The largest language catalogue (web/core/i18n/locales), which a Chinese reader's first view fetches on top. */
export function catalogue(report: BuildReport): FirstView {
  const locales = report.outputs.filter((o) => o.kind === 'js' && o.entryPoint?.startsWith('web/core/i18n/locales/'));
  const largest = locales.sort((a, b) => b.gzipBytes - a.gzipBytes)[0];
  const shell = new Set([report.entry, ...report.entryImports]);
  return weigh(report, new Set(largest ? withStatic(report, largest.entryPoint ?? '').filter((f) => !shell.has(f)) : []));
}

export const kb = (bytes: number): string => `${(bytes / 1024).toFixed(2)} KB`;

function table(header: readonly string[], rows: readonly (readonly string[])[], alignRight: readonly boolean[]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: readonly string[]): string =>
    cells.map((c, i) => (alignRight[i] ? c.padStart(widths[i] ?? 0) : c.padEnd(widths[i] ?? 0))).join('  ').trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

/** Every JS/CSS output with raw and gzip size; the entry and what it preloads are marked. */
export function formatSizeTable(report: BuildReport): string {
  const preload = new Set(report.entryImports);
  const pageOf = new Map(report.pages.map((p) => [p.file, p.page]));
  const role = (file: string): string => {
    if (file === report.entry) return 'ENTRY';
    if (file === report.entryCss) return 'entry css';
    if (preload.has(file)) return 'static (preloaded)';
    const page = pageOf.get(file);
    if (page) return `lazy page ${page}`;
    return 'lazy';
  };
  const rank = (file: string): number =>
    file === report.entry ? 0 : file === report.entryCss ? 1 : preload.has(file) ? 2 : pageOf.has(file) ? 3 : 4;
  const shown = report.outputs
    .filter((o) => o.kind === 'js' || o.kind === 'css')
    .sort((a, b) => rank(a.file) - rank(b.file) || b.gzipBytes - a.gzipBytes);
  const rows = shown.map((o) => [o.file, kb(o.bytes), kb(o.gzipBytes), role(o.file)]);
  const js = shown.filter((o) => o.kind === 'js');
  const home = firstLoad(report, 'main/home');
  const view = firstView(report, '/');
  const largest = routeFirstViews(report, report.htmlFiles.flatMap((h) => (h.routePath === null ? [] : [h.routePath]))).views[0];
  const summary = [
    `JS total: ${js.length} files, ${kb(js.reduce((s, o) => s + o.bytes, 0))} raw, ${kb(js.reduce((s, o) => s + o.gzipBytes, 0))} gzip`,
    `First-load JS (entry + its imports${home.page ? ` + page ${home.page.page}` : ''}): ${kb(home.gzipBytes)} gzip`,
    ...(view ? [`Home's first view JS (the above + the lazy chunks its HTML preloads + what the start asks for): ${kb(view.gzipBytes)} gzip, ${view.files.length} files`] : []),
    ...(largest ? [`Largest first view JS: ${largest.path}, ${kb(largest.gzipBytes)} gzip, ${largest.files.length} files`] : []),
    `HTML: ${report.htmlFiles.length} files; config.json: ${JSON.stringify(report.config)}; mock cloud build: ${report.mockCloud ? 'yes' : 'no (MOCK_CLOUD=0 or an absolute base)'}`,
    `Built ${report.dev ? '(dev) ' : ''}in ${Math.round(report.buildMs)} ms → ${report.outDir}`,
  ];
  return `${table(['file', 'raw', 'gzip', 'role'], rows, [false, true, true, false])}\n\n${summary.join('\n')}`;
}
