/**
 * Regroups the first load into a handful of files (docs/decisions/0015-first-load.md, "The first view in fewer
 * requests"); build/first-load-plan.ts runs the two passes.
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
 *
 * Two more groups do the same for the first view's lazy code (viewGroups): the
 * API client and home's feed, which the pages that call the API first
 * modulepreload with the app.
 */
import type * as esbuild from 'esbuild';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

const SPECIFIER = 'cg-first-load:';
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
 * Source modules (under `srcDir`, not entry points) in any of `files`, as esbuild names them, with their empty ones:
 * a barrel of re-exports has no bytes of its own, yet left out of a group it is a module with its own set of
 * importers, and esbuild writes it an empty chunk that is one more request.
 */
function sourcesIn(metafile: esbuild.Metafile, files: Iterable<string>, srcDir: string, entries: ReadonlySet<string>): Set<string> {
  const found = new Set<string>();
  for (const file of files) {
    for (const input of Object.keys(metafile.outputs[file]?.inputs ?? {})) {
      if (input.startsWith(`${srcDir}/`) && SOURCE.test(input) && !entries.has(input)) found.add(input);
    }
  }
  return found;
}

/** For each source module that is not one of `entries`, the entry points (as esbuild names them) whose static closure holds it. */
function reachers(metafile: esbuild.Metafile, srcDir: string, entries: ReadonlySet<string>): Map<string, Set<string>> {
  const byModule = new Map<string, Set<string>>();
  for (const [file, out] of Object.entries(metafile.outputs)) {
    const entry = out.entryPoint;
    if (!entry?.startsWith(`${srcDir}/`) || !SOURCE.test(entry)) continue;
    for (const m of sourcesIn(metafile, metaClosure(metafile, [file]), srcDir, entries)) {
      const set = byModule.get(m) ?? new Set<string>();
      set.add(entry);
      byModule.set(m, set);
    }
  }
  return byModule;
}

/**
 * The first view's lazy groups: what `starts` (lazy entries: the API client first, then the first views' modules such
 * as home's feed) import statically, minus the first load. Left to esbuild it was nine files on home's path, most
 * under 1 KB, each a request sharing the slow link while the entry was still arriving.
 *
 * The API client's own code is one group: the first request waits for all of it, and with the config, the entry and
 * the shell it must fit one wave of a host's six HTTP/1.1 connections (a seventh file waited a whole round trip of
 * its own: LCP 0.4 s later on home with real throttling). Pages that import any of it (login, the forms) get all of
 * it; their first tap calls the API anyway.
 *
 * The rest of the first views' code (home's carousel and cards) is one more group if only `apiPages` use it (the
 * entries that load the API client on their first view, and whatever imports the client statically), so no other
 * page loads that UI; what other pages use too (the near-viewport hook) joins the first group. Each group's
 * importers are the entry points that reach any of its modules, so each of them reaches all of it and esbuild
 * writes one chunk.
 */
export function viewGroups(
  metafile: esbuild.Metafile,
  root: string,
  starts: readonly [client: string, ...views: string[]],
  apiPages: readonly string[],
  firstLoad: FirstLoadGroup,
  srcDir: string,
): FirstLoadGroup[] {
  const entries = new Set<string>();
  for (const out of Object.values(metafile.outputs)) if (out.entryPoint) entries.add(out.entryPoint);
  const outputsOf = (entry: string): string[] =>
    Object.entries(metafile.outputs)
      .filter(([, o]) => o.entryPoint === entry)
      .map(([file]) => file);
  // A start that other modules also import statically (the API client: the game screen's wiring imports it) has its
  // code in a shared chunk behind a one-line entry file; grouped, that code joins the group instead of a chunk alone.
  const kept = new Set(entries);
  for (const start of starts) {
    const shared = Object.values(metafile.outputs).some((o) => o.entryPoint !== start && (o.inputs[start]?.bytesInOutput ?? 0) > 0);
    if (shared) kept.delete(start);
  }
  const shell = new Set(firstLoad.modules);
  const closureOf = (from: readonly string[]): string[] =>
    [...sourcesIn(metafile, metaClosure(metafile, from.flatMap(outputsOf)), srcDir, kept)].filter((m) => !shell.has(path.resolve(root, m)));
  const client = new Set(closureOf([starts[0]]));
  const modules = closureOf(starts).filter((m) => !client.has(m));
  const reach = reachers(metafile, srcDir, kept);
  // The pages that load the API client on their first view, and whatever imports a start statically (the game
  // screen's wiring imports the client).
  const api = new Set([...starts, ...apiPages]);
  for (const start of starts) for (const e of reach.get(start) ?? []) api.add(e);
  const onlyApi = (m: string): boolean => [...(reach.get(m) ?? [])].every((e) => api.has(e));
  const group = (members: readonly string[]): FirstLoadGroup => {
    const importers = new Set<string>();
    for (const m of members) for (const e of reach.get(m) ?? []) importers.add(e);
    return {
      modules: [...members].sort().map((m) => path.resolve(root, m)),
      importers: [...importers].sort().map((e) => path.resolve(root, e)),
    };
  };
  return [group([...client, ...modules.filter((m) => !onlyApi(m))]), group(modules.filter(onlyApi))];
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
