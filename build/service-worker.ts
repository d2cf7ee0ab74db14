/**
 * `sw.js`, the service worker of a production build (docs/decisions/0021-service-worker.md): web/sw/sw.ts bundled by
 * esbuild with the precache list of what the build wrote. The list is the export itself, read from outDir once every
 * file is there: each page's HTML under its route path (404.html as itself), the hashed assets as they are named
 * (the hash is their version), every other file with a hash of its content as its revision. Left out: the runtime
 * config (network first, web/sw/rules.ts), the QA console (`__mock/`), source maps, licence texts, the precompressed
 * twins and the worker itself. Dev builds (build/watch.ts) write no worker.
 */
import * as esbuild from 'esbuild';
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { RuntimeConfig } from '../web/api/contract.ts';
import type { ResolvedOptions } from './options.ts';
import { toPosix } from './options.ts';

export const SERVICE_WORKER_FILE = 'sw.js';
const WORKER_ENTRY = 'web/sw/sw.ts';

export interface PrecacheEntry {
  /** Absolute path as the app asks for it: "/", "/main/login/index", "/assets/main-ABCD1234.js". */
  url: string;
  /** null for a hashed asset: its name changes with its content. */
  revision: string | null;
}

/** esbuild's `[name]-[hash]` names under assets/ (build/esbuild-options.ts). */
const HASHED_ASSET = /^assets\/.+-[A-Z0-9]{8,}\.[a-z0-9]+$/;
const SKIPPED = [/^__mock\//, /\.map$/, /\.LEGAL\.txt$/, /\.(br|gz)$/, /^config\.json$/, /^sw\.js$/, /(^|\/)\./];

/** "index.html" → "/", "main/login/index/index.html" → "/main/login/index"; any other file keeps its path. */
export function urlOfFile(file: string): string {
  if (file === 'index.html') return '/';
  if (file.endsWith('/index.html')) return `/${file.slice(0, -'/index.html'.length)}`;
  return `/${file}`;
}

/** The precache list of an export, from its files (relative to outDir, forward slashes) and a reader of their bytes. */
export async function precacheManifest(files: readonly string[], read: (file: string) => Promise<Uint8Array>): Promise<PrecacheEntry[]> {
  const kept = files.filter((f) => !SKIPPED.some((re) => re.test(f))).sort();
  return Promise.all(
    kept.map(async (file) => ({
      url: urlOfFile(file),
      revision: HASHED_ASSET.test(file) ? null : createHash('sha256').update(await read(file)).digest('hex').slice(0, 16),
    })),
  );
}

async function listFiles(dir: string, base = dir): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((e) => (e.isDirectory() ? listFiles(path.join(dir, e.name), base) : Promise.resolve([toPosix(path.relative(base, path.join(dir, e.name)))]))),
  );
  return nested.flat();
}

export interface ServiceWorkerBuild {
  file: string;
  precached: number;
  bytes: number;
}

/** Bundles web/sw/sw.ts into outDir/sw.js with the precache list of outDir as it is now. */
export async function writeServiceWorker(opts: ResolvedOptions, config: RuntimeConfig): Promise<ServiceWorkerBuild> {
  const manifest = await precacheManifest(await listFiles(opts.outDir), (f) => readFile(path.join(opts.outDir, f)));
  const outfile = path.join(opts.outDir, SERVICE_WORKER_FILE);
  const result = await esbuild.build({
    absWorkingDir: opts.root,
    entryPoints: [WORKER_ENTRY],
    outfile,
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: ['es2022', 'chrome100', 'safari15'],
    minify: true,
    legalComments: 'eof',
    define: {
      // Workbox's development logging goes with it.
      'process.env.NODE_ENV': '"production"',
      __PRECACHE_MANIFEST__: JSON.stringify(manifest),
      __WORKER_CONFIG__: JSON.stringify({ apiBase: config.apiBase, gameApiBase: config.gameApiBase, socketBase: config.socketBase }),
    },
    write: true,
    metafile: true,
    logLevel: opts.logLevel,
  });
  const bytes = Object.values(result.metafile.outputs).reduce((sum, o) => sum + o.bytes, 0);
  return { file: SERVICE_WORKER_FILE, precached: manifest.length, bytes };
}
