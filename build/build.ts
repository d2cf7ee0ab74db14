/**
 * The production build as a function, shared by `build.ts` (CLI and watch), `bench/` and the e2e tests. esbuild
 * bundles the entry with code splitting (build/esbuild-options.ts; in two passes for production,
 * build/first-load-plan.ts); this module then writes the static export around it (the HTML of every route path and
 * 404.html, build/write-html.ts; config.json; web/public) and reads the metafile into a `BuildReport` with raw and
 * gzip sizes.
 */
import * as esbuild from 'esbuild';
import { existsSync } from 'node:fs';
import { cp, mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { RuntimeConfig } from '../web/api/contract.ts';
import { buildConsole, type ConsoleBuild } from './console.ts';
import { precompress } from './compress.ts';
import { esbuildOptions } from './esbuild-options.ts';
import { writeManifests } from './manifest.ts';
import { productionOptions } from './first-load-plan.ts';
import { resolveOptions, toPosix, type BuildOptions, type ResolvedOptions } from './options.ts';
import { writeServiceWorker } from './service-worker.ts';
import { entryClosure, pageChunks, readOutputs, staticClosure, type OutputInfo, type PageChunk } from './outputs.ts';
import { writeHtmlFiles, type HtmlFile } from './write-html.ts';

export { COMPILE_HINT } from './esbuild-options.ts';

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

  if (opts.publicDir && existsSync(opts.publicDir)) {
    await cp(opts.publicDir, opts.outDir, { recursive: true });
  }

  const pages = pageChunks(outputs, entryOut.file, entryImports, opts.pagesDir);
  const shell = { entry: entryOut, css: entryCss, imports: entryImports, statics: staticClosure(outputs, entryOut.file) };
  const htmlFiles = await writeHtmlFiles(opts, outputs, pages, shell, await writeManifests(opts.publicDir, opts.outDir));
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
  // Last before compression: its precache list is the export as written (build/service-worker.ts). Not in dev.
  if (!opts.dev) await writeServiceWorker(opts, report.config);
  // Dev builds are rewritten on every change and served locally: a stale .br would shadow a newer file.
  if (!opts.dev) await precompress(opts.outDir);
  return { ...report, ...(consoleBuild ? { console: consoleBuild } : {}), buildMs: performance.now() - startedAt };
}
