/**
 * Regroups the first load into a handful of files (issue 10 part 3).
 *
 * esbuild splits code by "which entry points reach it": the app entry and
 * every `import()` target are entry points, so a module used by the entry and
 * by pages A and B lands in a chunk of its own, next to one for entry+A, one
 * for entry+B… Home's first load was 23 files, most under 1 KB. esbuild has no
 * manual chunks and does not know a lazy chunk always loads after the entry.
 *
 * So the production build runs twice. The first pass (nothing written) finds
 * the modules of the first load. The second injects one virtual module into
 * the entry and into every lazy entry of web/: it imports each of those
 * modules bare, so every entry point reaches all of them and esbuild
 * puts them in one shared chunk. A lazy page still gets its own chunk for
 * what only it uses; what it shares with the first load comes from the chunk
 * that is already there.
 */
import type * as esbuild from 'esbuild';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

const SHELL_SPECIFIER = 'cg-first-load:shell';
const NAMESPACE = 'cg-first-load';

export interface FirstLoadGroup {
  /** Absolute paths of the modules to keep together (the entry's and home's static closure, minus entries). */
  modules: readonly string[];
  /** Absolute paths of the files that import the group: the app entry and every lazy entry under web/. */
  importers: readonly string[];
}

const SOURCE = /\.(m?[jt]sx?)$/;

/** Output paths (as the metafile names them) of `start` and everything it imports statically, transitively. */
function metaClosure(metafile: esbuild.Metafile, start: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...start];
  for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
    if (seen.has(next)) continue;
    seen.add(next);
    for (const i of metafile.outputs[next]?.imports ?? []) if (i.kind === 'import-statement' && !i.external) queue.push(i.path);
  }
  return seen;
}

/** Outputs of the first load: the entry's and the home page's, with what they import statically. */
export function firstLoadOutputs(metafile: esbuild.Metafile, entry: string, homeEntry: string): Set<string> {
  const starts = Object.entries(metafile.outputs)
    .filter(([, o]) => o.entryPoint === entry || o.entryPoint === homeEntry)
    .map(([file]) => file);
  return metaClosure(metafile, starts);
}

/**
 * What to group, from the first pass's metafile: every source module under `srcDir` bundled into one of
 * `firstLoadFiles` (outputs, relative to root), except entry points (the app entry, page modules), which
 * keep their own chunk.
 */
export function firstLoadGroup(metafile: esbuild.Metafile, root: string, firstLoadFiles: ReadonlySet<string>, srcDir: string): FirstLoadGroup {
  const entries = new Set<string>();
  for (const out of Object.values(metafile.outputs)) if (out.entryPoint) entries.add(out.entryPoint);
  const inSrc = (input: string): boolean => input.startsWith(`${srcDir}/`) && SOURCE.test(input);
  const modules = new Set<string>();
  for (const [file, out] of Object.entries(metafile.outputs)) {
    if (!firstLoadFiles.has(file)) continue;
    for (const [input, part] of Object.entries(out.inputs)) if (part.bytesInOutput > 0 && inSrc(input) && !entries.has(input)) modules.add(input);
  }
  return {
    modules: [...modules].sort().map((m) => path.resolve(root, m)),
    importers: [...entries].filter(inSrc).sort().map((e) => path.resolve(root, e)),
  };
}

/**
 * The virtual module: one bare import per grouped module. esbuild assigns whole files to chunks by which entry points
 * reach them, and a bare import is enough to reach a file; tree shaking stays per statement, so only the exports
 * someone uses are kept. (Namespace imports referenced by a kept statement, as before, kept every export of every
 * grouped module: 8.6 KB minified of home's first load nobody called.)
 */
function shellSource(modules: readonly string[]): string {
  return [...modules.map((m) => `import ${JSON.stringify(m)};`), ''].join('\n');
}

const loaderOf = (file: string): esbuild.Loader => {
  const ext = path.extname(file).slice(1);
  return ext === 'tsx' || ext === 'jsx' ? ext : ext === 'ts' || ext === 'mts' ? 'ts' : 'js';
};

export function firstLoadPlugin(group: FirstLoadGroup): esbuild.Plugin {
  const importers = new Set(group.importers);
  return {
    name: 'first-load-group',
    setup(b) {
      b.onResolve({ filter: /^cg-first-load:shell$/ }, () => ({ path: 'shell', namespace: NAMESPACE }));
      b.onLoad({ filter: /.*/, namespace: NAMESPACE }, () => ({
        contents: shellSource(group.modules),
        loader: 'js',
        resolveDir: path.dirname(group.importers[0] ?? '.'),
      }));
      b.onLoad({ filter: SOURCE }, async (args) => {
        if (!importers.has(args.path)) return undefined;
        // Last, so the module's own imports evaluate (and order the CSS) exactly as written.
        const contents = `${await readFile(args.path, 'utf8')}\nimport ${JSON.stringify(SHELL_SPECIFIER)};\n`;
        return { contents, loader: loaderOf(args.path), resolveDir: path.dirname(args.path) };
      });
    },
  };
}
