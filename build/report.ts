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
  const files = new Set([report.entry, ...report.entryImports]);
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

/** Like FirstLoad, over every JS file the route's index.html announces: the entry, its imports and every modulepreload. */
export type FirstView = Omit<FirstLoad, 'page'>;

/**
 * All the JavaScript a route's first view fetches: what `firstLoad` counts plus the lazy chunks its index.html
 * preloads with the app (the API client, home's feed). The budget counts only the first load (decision 0015); this
 * is the number a phone downloads before the page's first view is drawn. Null when no index.html serves the route.
 */
export function firstView(report: BuildReport, routePath: string): FirstView | null {
  const html = report.htmlFiles.find((h) => h.routePath === routePath);
  if (!html) return null;
  return weigh(report, new Set([report.entry, ...report.entryImports, ...html.pagePreloads, ...html.apiPreloads, ...html.viewPreloads]));
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
  const summary = [
    `JS total: ${js.length} files, ${kb(js.reduce((s, o) => s + o.bytes, 0))} raw, ${kb(js.reduce((s, o) => s + o.gzipBytes, 0))} gzip`,
    `First-load JS (entry + its imports${home.page ? ` + page ${home.page.page}` : ''}): ${kb(home.gzipBytes)} gzip`,
    ...(view ? [`Home's first view JS (the above + the lazy chunks its HTML preloads): ${kb(view.gzipBytes)} gzip, ${view.files.length} files`] : []),
    `HTML: ${report.htmlFiles.length} files; config.json: ${JSON.stringify(report.config)}; mock cloud build: ${report.mockCloud ? 'yes' : 'no (MOCK_CLOUD=0 or an absolute base)'}`,
    `Built ${report.dev ? '(dev) ' : ''}in ${Math.round(report.buildMs)} ms → ${report.outDir}`,
  ];
  return `${table(['file', 'raw', 'gzip', 'role'], rows, [false, true, true, false])}\n\n${summary.join('\n')}`;
}
