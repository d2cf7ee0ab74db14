/**
 * The production build's two passes (docs/decisions/0015-first-load.md): a first pass, nothing written, finds what the
 * first load and the first views are made of; the real pass keeps each in a handful of files (build/first-load.ts
 * does the grouping). Dev builds skip the first pass.
 */
import * as esbuild from 'esbuild';
import path from 'node:path';
import { CALLS_FIRST } from '../web/app/route-table.ts';
import { PAGE_PATH, type PageKey } from '../web/core/paths.ts';
import { esbuildOptions, type EsbuildSettings } from './esbuild-options.ts';
import { firstLoadGroup, firstLoadOutputs, firstLoadPlugin, viewGroups } from './first-load.ts';
import type { ResolvedOptions } from './options.ts';

/** The HTTP client's lazy entry: the pages whose first view calls the API load it with the app and announce it. */
export const API_CLIENT_ENTRY = 'web/app/api-client.ts';

/**
 * Lazy modules a page's first view always needs: kept out of the first-load budget (their code is below the fold or
 * behind data), but announced in that page's HTML so the browser fetches them with the app. Home's feed draws the
 * carousel whose first banner is home's largest paint; loaded after home's module ran, it and its shared chunk
 * were two round trips on the way to that paint.
 */
export const FIRST_VIEW_MODULES: Partial<Record<PageKey, readonly string[]>> = {
  home: ['web/pages/main/home/feed.tsx'],
};

export async function productionOptions(opts: ResolvedOptions): Promise<EsbuildSettings> {
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
