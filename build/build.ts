/**
 * The production build as a function, shared by `build.ts` (CLI and watch),
 * `bench/` and the e2e tests. esbuild bundles the entry with code splitting;
 * this module then writes the static export around it (an HTML shell per
 * route path, 404.html, config.json, web/public) and reads the metafile into a
 * `BuildReport` with raw and gzip sizes.
 */
import * as esbuild from 'esbuild';
import { existsSync } from 'node:fs';
import { cp, mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { RuntimeConfig } from '../web/api/contract.ts';
import { CALLS_FIRST, findRoute, ROUTE_PATHS } from '../web/app/route-table.ts';
import { ERROR_PATHS, PAGE_PATH, type PageKey } from '../web/core/paths.ts';
import { buildConsole, type ConsoleBuild } from './console.ts';
import { viewportFor } from '../web/core/viewport.ts';
import { mockCloudFromEnv, runtimeConfigFromEnv } from './config.ts';
import { precompress } from './compress.ts';
import { firstLoadGroup, firstLoadOutputs, firstLoadPlugin, viewGroups } from './first-load.ts';
import { htmlFileForPath, renderShell } from './html.ts';
import { frameStyle, pageTitles, prerenderRoute } from './prerender.ts';
import { wordsFirstScript } from './words-first.ts';
import { syncStoreShim } from './sync-store-shim.ts';
import { entryClosure, pageChunkForRoute, pageChunks, readOutputs, staticClosure, toPosix, type OutputInfo, type PageChunk } from './outputs.ts';

export interface BuildOptions {
  /** Project root; every other path is relative to it. Default: process.cwd(). */
  root?: string;
  /** Default "web/main.tsx". */
  entry?: string;
  /** Default "dist". Emptied first unless `clean: false`. */
  outDir?: string;
  /** One index.html per path. Default: ROUTE_PATHS. */
  routePaths?: readonly string[];
  /** Copied verbatim to the output root if it exists. Default "web/public"; null to skip. */
  publicDir?: string | null;
  /** Lazy chunks with inputs under this folder are reported as pages. Default "web/pages". */
  pagesDir?: string;
  /** Written to config.json. Default: runtimeConfigFromEnv(process.env). */
  config?: RuntimeConfig;
  /** A build for the mock cloud (`MOCK_CLOUD`, build/config.ts). Default: mockCloudFromEnv(process.env, config). */
  mockCloud?: boolean;
  /** Remove outDir before building. Default true. */
  clean?: boolean;
  /**
   * Dev build (watch mode): not minified, linked source maps, NODE_ENV
   * "development". Default false.
   */
  dev?: boolean;
  /** Dev only: inject the live-reload client pointing at this event stream. */
  liveReloadUrl?: string | null;
  /** esbuild log level. Default "warning". */
  logLevel?: esbuild.LogLevel;
  /**
   * Prerender each route's first view into its index.html (build/prerender.ts). Default: true for the app's own
   * entry, false for another (the bench baseline has no frame to draw).
   */
  prerender?: boolean;
}


export interface HtmlFile {
  /** Relative to outDir, e.g. "main/login/index/index.html". */
  file: string;
  /** The route path it serves; null for 404.html. */
  routePath: string | null;
  /**
   * The lazy page chunk of this route (and what that imports) preloaded on
   * top of the entry's static imports, so the page does not wait for the app
   * to start before fetching its code, except the API client's chunks (apiPreloads). Empty when the page has no own
   * chunk.
   */
  pagePreloads: string[];
  /**
   * The API client's chunks, on a route whose first view calls the API (CALLS_FIRST), all of them, listed before the
   * page's: its first request is not held up by them.
   */
  apiPreloads: string[];
  /** Chunks the page's first view imports lazily (FIRST_VIEW_MODULES), so they come with the page, not a round trip after it. */
  viewPreloads: string[];
}

/** The HTTP client's lazy entry (decision 0015): the pages in CALLS_FIRST announce it and what it imports. */
const API_CLIENT_ENTRY = 'web/app/api-client.ts';

/**
 * Lazy modules a page's first view always needs: kept out of the first-load budget (their code is below the fold or
 * behind data), but announced in that page's HTML so the browser fetches them with the app. Home's feed draws the
 * carousel whose first banner is home's largest paint; loaded after home's module ran, it and its shared chunk
 * were two round trips on the way to that paint.
 */
const FIRST_VIEW_MODULES: Partial<Record<PageKey, readonly string[]>> = {
  home: ['web/pages/main/home/feed.tsx'],
};

export interface BuildReport {
  root: string;
  /** Absolute path of the output folder. */
  outDir: string;
  dev: boolean;
  /** Every output file esbuild wrote (JS, CSS, assets, maps). */
  outputs: OutputInfo[];
  /** The entry module, relative to outDir. */
  entry: string;
  /** The entry's stylesheet, relative to outDir (holds all CSS the app imports). */
  entryCss: string | null;
  /** What the entry loads as the app starts (outputs.ts entryClosure; relative to outDir); these are modulepreloaded. */
  entryImports: string[];
  /** Per-page lazy chunks, largest first. */
  pages: PageChunk[];
  /** HTML files written (an index.html per route path, then 404.html). */
  htmlFiles: HtmlFile[];
  config: RuntimeConfig;
  /** Built for the mock cloud: mock_session and the mock's payment page are in the bundle. */
  mockCloud: boolean;
  /** esbuild plus writing the static export, in ms. */
  buildMs: number;
  warnings: string[];
  /** The QA console, a bundle of its own in `__mock/` (build/console.ts); not part of the app's outputs. */
  console?: ConsoleBuild;
}

export interface ResolvedOptions {
  root: string;
  entry: string;
  outDir: string;
  routePaths: readonly string[];
  publicDir: string | null;
  pagesDir: string;
  config: RuntimeConfig;
  mockCloud: boolean;
  clean: boolean;
  dev: boolean;
  liveReloadUrl: string | null;
  /** The id `npm run dev` broadcasts for this build; the page starts from it (see liveReloadScript). */
  liveReloadBuildId?: string;
  logLevel: esbuild.LogLevel;
  prerender: boolean;
}


export function resolveOptions(options: BuildOptions = {}): ResolvedOptions {
  const root = path.resolve(options.root ?? process.cwd());
  const config = options.config ?? runtimeConfigFromEnv(process.env);
  return {
    root,
    entry: toPosix(options.entry ?? 'web/main.tsx'),
    outDir: path.resolve(root, options.outDir ?? 'dist'),
    routePaths: options.routePaths ?? ROUTE_PATHS,
    publicDir: options.publicDir === null ? null : path.resolve(root, options.publicDir ?? 'web/public'),
    pagesDir: toPosix(options.pagesDir ?? 'web/pages').replace(/\/+$/, ''),
    config,
    mockCloud: options.mockCloud ?? mockCloudFromEnv(process.env, config),
    clean: options.clean ?? true,
    dev: options.dev ?? false,
    liveReloadUrl: options.liveReloadUrl ?? null,
    logLevel: options.logLevel ?? 'warning',
    prerender: options.prerender ?? (options.entry === undefined || toPosix(options.entry) === 'web/main.tsx'),
  };
}

/** V8's explicit compile hint (Chromium 136+; other engines read a comment). */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/** The esbuild settings of the app (and of the bench baseline, which must match). */
export function esbuildOptions(
  opts: ResolvedOptions,
): esbuild.BuildOptions & { metafile: true; write: true; outdir: string } {
  return {
    absWorkingDir: opts.root,
    entryPoints: [opts.entry],
    outdir: opts.outDir,
    bundle: true,
    format: 'esm',
    splitting: true,
    platform: 'browser',
    // Chromium 100 and Safari 15 (2022, 2021) run ES2022 as written: the Android and iOS webviews the host app runs in
    // update with their systems. Lowering `??=`, class fields and the like for older ones cost the first load 0.3 KB.
    target: ['es2022', 'chrome100', 'safari15'],
    minify: !opts.dev,
    sourcemap: opts.dev ? 'linked' : false,
    charset: 'utf8',
    // Licence comments go to <file>.LEGAL.txt next to each output, linked from it, instead of first-load bytes.
    legalComments: 'linked',
    // V8 compiles every function of a file that starts with this hint eagerly, off the main thread while it streams,
    // instead of lazily on the main thread when first called (react-dom's body alone is ~50 ms at first call). 0016.
    banner: { js: COMPILE_HINT },
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': JSON.stringify(opts.dev ? 'development' : 'production'), __MOCK_CLOUD__: JSON.stringify(opts.mockCloud) },
    entryNames: 'assets/[name]-[hash]',
    chunkNames: 'assets/chunks/[name]-[hash]',
    assetNames: 'assets/[name]-[hash]',
    // Asset URLs are absolute so they resolve from any route depth (base path "/").
    publicPath: '/',
    loader: {
      '.svg': 'file',
      '.png': 'file',
      '.jpg': 'file',
      '.jpeg': 'file',
      '.webp': 'file',
      '.gif': 'file',
      '.woff2': 'file',
      '.woff': 'file',
    },
    plugins: [syncStoreShim(import.meta.dirname)],
    metafile: true,
    write: true,
    logLevel: opts.logLevel,
  };
}

async function findFavicon(publicDir: string | null): Promise<string | null> {
  if (!publicDir || !existsSync(publicDir)) return null;
  const names = await readdir(publicDir);
  const icon = ['favicon.ico', 'favicon.svg', 'favicon.png'].find((n) => names.includes(n));
  // An SVG icon goes into the HTML itself (a few hundred bytes): the browser asks for the tab's icon early, and on
  // HTTP/1.1 that request held one of the host's six connections while the page's scripts were on their way.
  if (icon === 'favicon.svg') return `data:image/svg+xml,${encodeURIComponent(await readFile(path.join(publicDir, icon), 'utf8'))}`;
  return icon ? `/${icon}` : null;
}

/**
 * Everything after esbuild: reads the metafile into a report and writes the
 * static export. Used by `build()` and by every watch-mode rebuild.
 */
export async function finishBuild(metafile: esbuild.Metafile, opts: ResolvedOptions, startedAt: number, warnings: string[] = []): Promise<BuildReport> {
  const outputs = await readOutputs(metafile, opts);
  const entryOut = outputs.find((o) => o.isEntry && o.kind === 'js');
  if (!entryOut) throw new Error(`esbuild produced no output for the entry ${opts.entry}`);
  const entryMeta = Object.entries(metafile.outputs).find(([, o]) => o.entryPoint === opts.entry && o.cssBundle);
  const entryCss = entryMeta?.[1].cssBundle
    ? toPosix(path.relative(opts.outDir, path.resolve(opts.root, entryMeta[1].cssBundle)))
    : null;
  const entryImports = entryClosure(outputs, entryOut.file);
  const shell = staticClosure(outputs, entryOut.file);

  if (opts.publicDir && existsSync(opts.publicDir)) {
    await cp(opts.publicDir, opts.outDir, { recursive: true });
  }

  const pages = pageChunks(outputs, entryOut.file, entryImports, opts.pagesDir);
  const favicon = await findFavicon(opts.publicDir);
  const viewChunks = (page: PageKey): string[] =>
    (FIRST_VIEW_MODULES[page] ?? []).flatMap((entry) => {
      const out = outputs.find((o) => o.entryPoint === entry);
      return out ? [out.file, ...staticClosure(outputs, out.file)] : [];
    });
  const apiOut = outputs.find((o) => o.entryPoint === API_CLIENT_ENTRY);
  const apiClient = apiOut ? [apiOut.file, ...staticClosure(outputs, apiOut.file)].filter((f) => !entryImports.includes(f)) : [];
  const htmlFor = (routePath: string | null): HtmlFile => {
    const page = pageChunkForRoute(pages, routePath ?? ERROR_PATHS[404]);
    const file = routePath === null ? '404.html' : htmlFileForPath(routePath);
    const route = routePath === null ? undefined : findRoute(routePath);
    const calls = route !== undefined && CALLS_FIRST.includes(route.page);
    const apiPreloads = calls ? apiClient : [];
    // A page that imports the client's code itself (the detail, the library) lists it with the client, ahead of its
    // own chunks: listed after them, it was a seventh file and the first request waited a round trip more for it.
    const pagePreloads = (page ? [page.file, ...page.extraStaticImports] : []).filter((f) => !apiPreloads.includes(f));
    const known = new Set([...entryImports, ...pagePreloads, ...apiPreloads]);
    const viewPreloads = route === undefined ? [] : [...new Set(viewChunks(route.page))].filter((f) => !known.has(f));
    return { file, routePath, pagePreloads, apiPreloads, viewPreloads };
  };
  const frameCss = opts.prerender ? await frameStyle(opts.root) : null;
  const firstScript = opts.prerender ? await wordsFirstScript(opts.root) : undefined;
  const seen = new Set<string>();
  const htmlFiles = [...opts.routePaths.map(htmlFor), htmlFor(null)].filter((h) => !seen.has(h.file) && seen.add(h.file));
  await Promise.all(
    htmlFiles.map(async (h) => {
      const html = renderShell({
        entryJs: entryOut.url,
        entryCss: entryCss ? `/${entryCss}` : null,
        // In the order the start needs them (decision 0015): the shell, then the API client and the page (the first
        // request leaves once the client and config.json are in), then React's renderer and the first view's lazy
        // code, which the first paint needs only after that answer. On HTTP/1.1 a host gets six connections, and
        // Lighthouse with real throttling measured LCP 0.15-0.3 s earlier in this order than with the renderer first.
        modulePreloads: [...new Set([...shell, ...h.apiPreloads, ...h.pagePreloads, ...entryImports, ...h.viewPreloads])].map((f) => `/${f}`),
        favicon,
        liveReloadUrl: opts.liveReloadUrl,
        liveReloadBuildId: opts.liveReloadBuildId ?? null,
        config: opts.config,
        viewport: viewportFor(h.routePath),
        prerendered: opts.prerender ? { css: frameCss ?? '', markup: prerenderRoute(h.routePath), firstScript } : null,
        titles: opts.prerender ? pageTitles(h.routePath) : null,
      });
      const target = path.join(opts.outDir, h.file);
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, html);
    }),
  );
  await writeFile(path.join(opts.outDir, 'config.json'), `${JSON.stringify(opts.config, null, 2)}\n`);

  return {
    root: opts.root,
    outDir: opts.outDir,
    dev: opts.dev,
    outputs,
    entry: entryOut.file,
    entryCss,
    entryImports,
    pages,
    htmlFiles,
    config: opts.config,
    mockCloud: opts.mockCloud,
    buildMs: performance.now() - startedAt,
    warnings,
  };
}

/** Removes files under outDir/assets that the latest build did not produce (watch mode). */
export async function pruneStaleAssets(report: BuildReport): Promise<string[]> {
  const keep = new Set(report.outputs.map((o) => o.file));
  const removed: string[] = [];
  const walk = async (dir: string): Promise<void> => {
    if (!existsSync(dir)) return;
    for (const name of await readdir(dir)) {
      const full = path.join(dir, name);
      if ((await stat(full)).isDirectory()) {
        await walk(full);
        continue;
      }
      const file = toPosix(path.relative(report.outDir, full));
      if (!keep.has(file)) {
        await rm(full);
        removed.push(file);
      }
    }
  };
  await walk(path.join(report.outDir, 'assets'));
  return removed;
}

/**
 * The esbuild settings of a production build: a first pass (nothing written) finds the first load,
 * the real pass keeps it in a handful of files (build/first-load.ts). Dev builds skip the first pass.
 */
async function productionOptions(opts: ResolvedOptions): Promise<esbuild.BuildOptions & { metafile: true; write: true; outdir: string }> {
  const base = esbuildOptions(opts);
  const probe = await esbuild.build({ ...base, write: false, logLevel: 'silent' });
  const home = path.posix.join(opts.pagesDir, 'main/home/index.tsx');
  const first = firstLoadOutputs(probe.metafile, opts.entry, home);
  const srcDir = path.posix.dirname(opts.entry);
  const group = firstLoadGroup(probe.metafile, opts.root, first, srcDir);
  const starts: [string, ...string[]] = [API_CLIENT_ENTRY, ...new Set(Object.values(FIRST_VIEW_MODULES).flat())];
  const apiPages = CALLS_FIRST.map((page) => (page === 'home' ? home : path.posix.join(opts.pagesDir, `${PAGE_PATH[page].slice(1)}.tsx`)));
  const view = viewGroups(probe.metafile, opts.root, starts, apiPages, group, srcDir);
  // Nothing shared (a one-file app such as the bench baseline): the first pass's layout is already the best.
  return group.modules.length === 0 ? base : { ...base, plugins: [...(base.plugins ?? []), firstLoadPlugin(group, ...view)] };
}

/** One production build of the app into `outDir` (default dist/). */
export async function build(options: BuildOptions = {}): Promise<BuildReport> {
  const opts = resolveOptions(options);
  const startedAt = performance.now();
  if (opts.clean) await rm(opts.outDir, { recursive: true, force: true });
  await mkdir(opts.outDir, { recursive: true });
  const result = await esbuild.build(opts.dev ? esbuildOptions(opts) : await productionOptions(opts));
  const warnings = esbuild.formatMessagesSync(result.warnings, { kind: 'warning', color: false });
  const report = await finishBuild(result.metafile, opts, startedAt, warnings);
  const consoleBuild = await buildConsole(opts);
  // Dev builds are rewritten on every change and served locally: a stale .br would shadow a newer file.
  if (!opts.dev) await precompress(opts.outDir);
  return { ...report, ...(consoleBuild ? { console: consoleBuild } : {}), buildMs: performance.now() - startedAt };
}
