/**
 * Regroups what every page's first view runs into one shell file (docs/decisions/0015-first-load.md, "The two-file
 * first view"); build/first-load-plan.ts runs the two passes.
 *
 * esbuild splits code by "which entry points reach it": the app entry and
 * every `import()` target are entry points, so a module used by the entry and
 * by pages A and B lands in a chunk of its own, next to one for entry+A, one
 * for entry+B… Home's first load was 23 files, most under 1 KB. esbuild has no
 * manual chunks and does not know a lazy chunk always loads after the entry.
 *
 * So the production build runs twice. The first pass (nothing written) finds
 * the modules of the shell: the first load, the API client and what the pages
 * whose first view is an API answer's image share (shellOutputs). The second injects one virtual module into
 * the entry and into every lazy entry of web/: it imports each of those
 * modules bare, so every entry point reaches all of them and esbuild
 * puts them in one shared chunk. A lazy page still gets its own chunk for
 * what only it uses; what it shares with the shell comes from the chunk
 * that is already there. React's renderer, the entry's own lazy import, stays the second file: the start runs while it
 * is still on its way.
 */
import type * as esbuild from 'esbuild';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

const SPECIFIER = 'cg-first-load:';
const NAMESPACE = 'cg-first-load';

export interface FirstLoadGroup {
  /** Absolute paths of the modules to keep together (shellOutputs' modules, minus the entries in files of their own). */
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

/** Output files (as the metafile names them) of entry points `entries` (source paths relative to root). */
function outputsOf(metafile: esbuild.Metafile, entries: readonly string[]): string[] {
  const wanted = new Set(entries);
  return Object.entries(metafile.outputs)
    .filter(([, o]) => o.entryPoint !== undefined && wanted.has(o.entryPoint))
    .map(([file]) => file);
}

/**
 * Outputs of the shell, from the first pass: everything `whole` (the app entry and the lazy entries every first view
 * with an API answer needs: home, the API client, home's feed) imports statically, with their own files; and what
 * `shared` (the other pages whose first view is an API answer's image: the library, the detail) import statically
 * besides their own file, which stays their page chunk. React's renderer, the entry's lazy import, is not in them.
 */
export function shellOutputs(metafile: esbuild.Metafile, whole: readonly string[], shared: readonly string[]): Set<string> {
  const files = metaClosure(metafile, outputsOf(metafile, whole));
  const own = new Set(outputsOf(metafile, shared));
  for (const file of metaClosure(metafile, [...own])) if (!own.has(file)) files.add(file);
  return files;
}

/**
 * What to group, from the first pass's metafile: every source module under `srcDir` bundled into one of
 * `firstLoadFiles` (outputs, relative to root), except entry points (the app entry, page modules) in their own file,
 * which keep their own chunk. An entry whose code esbuild put in a shared chunk, behind a one-line file of its own
 * (the API client: the game screen's wiring imports it too), is grouped: its code joins the shell, not a chunk alone.
 */
export function firstLoadGroup(metafile: esbuild.Metafile, root: string, firstLoadFiles: ReadonlySet<string>, srcDir: string): FirstLoadGroup {
  const entries = new Set<string>();
  const inOwnFile = new Set<string>();
  for (const out of Object.values(metafile.outputs)) {
    if (!out.entryPoint) continue;
    entries.add(out.entryPoint);
    if ((out.inputs[out.entryPoint]?.bytesInOutput ?? 0) > 0) inOwnFile.add(out.entryPoint);
  }
  const inSrc = (input: string): boolean => input.startsWith(`${srcDir}/`) && SOURCE.test(input);
  const modules = new Set<string>();
  for (const [file, out] of Object.entries(metafile.outputs)) {
    if (!firstLoadFiles.has(file)) continue;
    for (const [input, part] of Object.entries(out.inputs)) if (part.bytesInOutput > 0 && inSrc(input) && !inOwnFile.has(input)) modules.add(input);
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

export function firstLoadPlugin(...groups: readonly FirstLoadGroup[]): esbuild.Plugin {
  const kept = groups.filter((g) => g.modules.length > 0).map((g) => ({ ...g, importedBy: new Set(g.importers) }));
  return {
    name: 'first-load-group',
    setup(b) {
      b.onResolve({ filter: /^cg-first-load:\d+$/ }, (args) => ({ path: args.path.slice(SPECIFIER.length), namespace: NAMESPACE }));
      b.onLoad({ filter: /.*/, namespace: NAMESPACE }, (args) => {
        const group = kept[Number(args.path)];
        return { contents: shellSource(group?.modules ?? []), loader: 'js', resolveDir: path.dirname(group?.importers[0] ?? '.') };
      });
      b.onLoad({ filter: SOURCE }, async (args) => {
        const imports = kept.flatMap((g, i) => (g.importedBy.has(args.path) ? [`import ${JSON.stringify(`${SPECIFIER}${i}`)};`] : []));
        if (imports.length === 0) return undefined;
        // Last, so the module's own imports evaluate (and order the CSS) exactly as written.
        const contents = `${await readFile(args.path, 'utf8')}\n${imports.join('\n')}\n`;
        return { contents, loader: loaderOf(args.path), resolveDir: path.dirname(args.path) };
      });
    },
  };
}
