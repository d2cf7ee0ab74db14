/**
 * What esbuild wrote, read from its metafile: every output with its sizes and
 * imports, and the lazily loaded page chunks (what opening each page costs
 * after the first load). Used by the build's report and its HTML preloads.
 */
import type * as esbuild from 'esbuild';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { toPosix, type ResolvedOptions } from './options.ts';

export type OutputKind = 'js' | 'css' | 'map' | 'asset';

export interface OutputInfo {
  /** Path relative to outDir, forward slashes, e.g. "assets/main-ABCD1234.js". */
  file: string;
  /** Absolute URL as the browser requests it, e.g. "/assets/main-ABCD1234.js". */
  url: string;
  kind: OutputKind;
  bytes: number;
  /** gzip level 9 size; 0 for source maps. */
  gzipBytes: number;
  isEntry: boolean;
  /** Source path (relative to root) this output is the entry of: the app entry or a dynamic-import target. */
  entryPoint: string | null;
  /** Source paths (relative to root) bundled into this output. */
  inputs: string[];
  /** Output files (relative to outDir) this one imports with `import` statements. */
  staticImports: string[];
  /** Output files (relative to outDir) this one loads with `import()`. */
  dynamicImports: string[];
  /**
   * Output files (relative to outDir) this output's entry module loads with `import()`, itself or in a module it
   * imports directly, wherever esbuild put their code (React's renderer, which web/main.tsx's app/boot.tsx asks for).
   * Empty for a chunk that is no entry.
   */
  ownLazyImports: string[];
  /**
   * An entry file that holds none of its module's code, only an import of the shared chunk esbuild put it in (the app
   * entry, grouped into the shell by build/first-load.ts): that chunk, relative to outDir. Null otherwise.
   */
  stubOf: string | null;
}

/** A lazily loaded chunk that holds page code (inputs under `pagesDir`). */
export interface PageChunk {
  /**
   * Page folder relative to pagesDir, e.g. "main/home" for
   * web/pages/main/home/index.tsx ("main/error/404" for web/pages/main/error/404.tsx). A chunk that is no page's entry but
   * shares code between pages is named "shared:" + its page folders.
   */
  page: string;
  file: string;
  bytes: number;
  gzipBytes: number;
  entryPoint: string | null;
  /** The chunk's inputs that live under pagesDir. */
  pageInputs: string[];
  /** Chunks this page imports statically (transitively) that the entry does not already load. */
  extraStaticImports: string[];
  /** gzip of the page chunk plus `extraStaticImports`: what opening this page costs after first load. */
  loadGzipBytes: number;
}

function kindOf(file: string): OutputKind {
  if (file.endsWith('.map')) return 'map';
  if (file.endsWith('.js') || file.endsWith('.mjs')) return 'js';
  if (file.endsWith('.css')) return 'css';
  return 'asset';
}

/** Walks `import` statements from `start` (not included); files relative to outDir. */
export function staticClosure(outputs: readonly OutputInfo[], start: string): string[] {
  const byFile = new Map(outputs.map((o) => [o.file, o]));
  const seen = new Set<string>();
  const queue = [...(byFile.get(start)?.staticImports ?? [])];
  while (queue.length > 0) {
    const next = queue.shift();
    if (next === undefined || seen.has(next)) continue;
    seen.add(next);
    queue.push(...(byFile.get(next)?.staticImports ?? []));
  }
  return [...seen];
}

/**
 * What the entry loads as the app starts: every chunk it imports statically, transitively, then what the entry module
 * imports lazily at once (OutputInfo.ownLazyImports: React's renderer, app/render.tsx) with that chunk's static
 * imports. Files relative to outDir.
 */
export function entryClosure(outputs: readonly OutputInfo[], entry: string): string[] {
  const lazy = outputs.find((o) => o.file === entry)?.ownLazyImports ?? [];
  return [...new Set([...staticClosure(outputs, entry), ...lazy.flatMap((d) => [d, ...staticClosure(outputs, d)])])];
}

export async function readOutputs(metafile: esbuild.Metafile, opts: ResolvedOptions): Promise<OutputInfo[]> {
  const rel = (metaPath: string): string => toPosix(path.relative(opts.outDir, path.resolve(opts.root, metaPath)));
  const entries = Object.entries(metafile.outputs);
  const fileOfEntry = new Map(entries.flatMap(([metaPath, out]) => (out.entryPoint && kindOf(metaPath) === 'js' ? [[out.entryPoint, rel(metaPath)] as const] : [])));
  const infos = await Promise.all(
    entries.map(async ([metaPath, out]): Promise<OutputInfo> => {
      const file = rel(metaPath);
      const kind = kindOf(file);
      const content = await readFile(path.resolve(opts.root, metaPath));
      const staticImports = out.imports.filter((i) => i.kind === 'import-statement' && !i.external).map((i) => rel(i.path));
      const direct = out.entryPoint ? [out.entryPoint, ...(metafile.inputs[out.entryPoint]?.imports ?? []).filter((i) => i.kind === 'import-statement').map((i) => i.path)] : [];
      const ownLazy = direct.flatMap((m) => (metafile.inputs[m]?.imports ?? []).filter((i) => i.kind === 'dynamic-import' && !i.external));
      const codeElsewhere = out.entryPoint !== undefined && (out.inputs[out.entryPoint]?.bytesInOutput ?? 0) === 0;
      return {
        file,
        url: `/${file}`,
        kind,
        bytes: content.byteLength,
        gzipBytes: kind === 'map' ? 0 : gzipSync(content, { level: 9 }).byteLength,
        isEntry: out.entryPoint === opts.entry,
        entryPoint: out.entryPoint ?? null,
        inputs: Object.keys(out.inputs),
        staticImports,
        dynamicImports: out.imports.filter((i) => i.kind === 'dynamic-import' && !i.external).map((i) => rel(i.path)),
        ownLazyImports: ownLazy.flatMap((i) => fileOfEntry.get(i.path) ?? []),
        stubOf: kind === 'js' && codeElsewhere && staticImports.length === 1 && out.exports.length === 0 ? (staticImports[0] ?? null) : null,
      };
    }),
  );
  return infos.sort((a, b) => a.file.localeCompare(b.file));
}

/**
 * A page's name from a source path under pagesDir: the path without the
 * extension and without a trailing "/index".
 * "web/pages/main/home/index.tsx" → "main/home"; "web/pages/main/error/404.tsx" → "main/error/404".
 */
export function pageFolderOf(input: string, pagesDir: string): string | null {
  const prefix = `${pagesDir}/`;
  if (!input.startsWith(prefix)) return null;
  return input.slice(prefix.length).replace(/\.[^./]+$/, '').replace(/\/index$/, '');
}

export function pageChunks(outputs: readonly OutputInfo[], entry: string, entryStatic: readonly string[], pagesDir: string): PageChunk[] {
  const firstLoad = new Set([entry, ...entryStatic]);
  const gzipOf = new Map(outputs.map((o) => [o.file, o.gzipBytes]));
  const pages: PageChunk[] = [];
  for (const o of outputs) {
    if (o.kind !== 'js' || firstLoad.has(o.file)) continue;
    const pageInputs = o.inputs.filter((i) => pageFolderOf(i, pagesDir) !== null);
    if (pageInputs.length === 0) continue;
    const own = o.entryPoint ? pageFolderOf(o.entryPoint, pagesDir) : null;
    const folders = [...new Set(pageInputs.map((i) => pageFolderOf(i, pagesDir) ?? ''))].sort();
    const extraStaticImports = staticClosure(outputs, o.file).filter((f) => !firstLoad.has(f));
    pages.push({
      page: own ?? `shared:${folders.join('+')}`,
      file: o.file,
      bytes: o.bytes,
      gzipBytes: o.gzipBytes,
      entryPoint: o.entryPoint,
      pageInputs,
      extraStaticImports,
      loadGzipBytes: o.gzipBytes + extraStaticImports.reduce((sum, f) => sum + (gzipOf.get(f) ?? 0), 0),
    });
  }
  return pages.sort((a, b) => b.gzipBytes - a.gzipBytes || a.page.localeCompare(b.page));
}
