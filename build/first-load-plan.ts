/**
 * The production build's two passes (docs/decisions/0015-first-load.md, "The two-file first view"): a first pass,
 * nothing written, finds what the pages' first views run; the real pass keeps it in one shell file beside React's
 * renderer (build/first-load.ts does the grouping). The route table says which pages' first view is an API answer's
 * image and which lazy modules a first view needs. Dev builds skip the first pass.
 */
import * as esbuild from 'esbuild';
import path from 'node:path';
import { buildFacts, PAGES } from '../web/app/route-table.ts';
import { esbuildOptions, type EsbuildSettings } from './esbuild-options.ts';
import { firstLoadGroup, firstLoadPlugin, shellOutputs } from './first-load.ts';
import type { ResolvedOptions } from './options.ts';

const SOURCE = /\.(m?[jt]sx?)$/;

/** The HTTP client's lazy entry: the pages whose first view calls the API load it with the app and announce it. */
export const API_CLIENT_ENTRY = 'web/app/api-client.ts';

export async function productionOptions(opts: ResolvedOptions): Promise<EsbuildSettings> {
  const base = esbuildOptions(opts);
  const probe = await esbuild.build({ ...base, write: false, logLevel: 'silent' });
  const inPages = (file: string): string => path.posix.join(opts.pagesDir, file);
  const home = inPages(buildFacts(PAGES.home).source);
  const views = Object.values(PAGES).flatMap((p) => (buildFacts(p).firstView ?? []).map(inPages));
  // The pages whose first view is an API answer's image (LCP): what they share joins the shell, their own code stays
  // their page chunk. Home's chunk is the first load's (decision 0018), whole.
  const imagePages = Object.values(PAGES)
    .filter((p) => p.firstImage && p !== PAGES.home)
    .map((p) => inPages(buildFacts(p).source));
  const shell = shellOutputs(probe.metafile, [opts.entry, home, API_CLIENT_ENTRY, ...new Set(views)], imagePages);
  const group = firstLoadGroup(probe.metafile, opts.root, shell, path.posix.dirname(opts.entry));
  // Nothing shared (a one-file app such as the bench baseline): the first pass's layout is already the best.
  if (group.modules.length === 0) return base;
  // The entry's code (app/boot.tsx, what the entry imports besides the stylesheet) joins the shell too: the entry's file
  // is then one import line, and the HTML asks for the shell itself (write-html.ts), one request fewer in the first wave
  // of a host's six connections. The entry module stays out: its stylesheet would be written again for every lazy entry.
  const code = (probe.metafile.inputs[opts.entry]?.imports ?? []).filter((i) => i.kind === 'import-statement' && SOURCE.test(i.path));
  const withEntry = { ...group, modules: [...new Set([...group.modules, ...code.map((i) => path.resolve(opts.root, i.path))])] };
  return { ...base, plugins: [...(base.plugins ?? []), firstLoadPlugin(withEntry)] };
}
