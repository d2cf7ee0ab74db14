/**
 * The production build's two passes (docs/decisions/0015-first-load.md): a first pass, nothing written, finds what the
 * first load and the first views are made of; the real pass keeps each in a handful of files (build/first-load.ts
 * does the grouping). The route table says which pages call the API first and which lazy modules a first view needs.
 * Dev builds skip the first pass.
 */
import * as esbuild from 'esbuild';
import path from 'node:path';
import { buildFacts, PAGES } from '../web/app/route-table.ts';
import { esbuildOptions, type EsbuildSettings } from './esbuild-options.ts';
import { firstLoadGroup, firstLoadOutputs, firstLoadPlugin, viewGroups } from './first-load.ts';
import type { ResolvedOptions } from './options.ts';

/** The HTTP client's lazy entry: the pages whose first view calls the API load it with the app and announce it. */
export const API_CLIENT_ENTRY = 'web/app/api-client.ts';

export async function productionOptions(opts: ResolvedOptions): Promise<EsbuildSettings> {
  const base = esbuildOptions(opts);
  const probe = await esbuild.build({ ...base, write: false, logLevel: 'silent' });
  const inPages = (file: string): string => path.posix.join(opts.pagesDir, file);
  const home = inPages(buildFacts(PAGES.home).source);
  const first = firstLoadOutputs(probe.metafile, opts.entry, home);
  const srcDir = path.posix.dirname(opts.entry);
  const group = firstLoadGroup(probe.metafile, opts.root, first, srcDir);
  const views = Object.values(PAGES).flatMap((p) => (buildFacts(p).firstView ?? []).map(inPages));
  const starts: [string, ...string[]] = [API_CLIENT_ENTRY, ...new Set(views)];
  const apiPages = Object.values(PAGES)
    .filter((p) => p.callsFirst)
    .map((p) => inPages(buildFacts(p).source));
  const view = viewGroups(probe.metafile, opts.root, starts, apiPages, group, srcDir);
  // Nothing shared (a one-file app such as the bench baseline): the first pass's layout is already the best.
  return group.modules.length === 0 ? base : { ...base, plugins: [...(base.plugins ?? []), firstLoadPlugin(group, ...view)] };
}
