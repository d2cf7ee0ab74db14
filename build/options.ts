/**
 * What a build is asked for (`BuildOptions`, from build.ts's CLI, watch mode, bench/ and the tests) and the same with
 * every default filled in, which the rest of build/ reads.
 */
import type * as esbuild from 'esbuild';
import path from 'node:path';
import type { RuntimeConfig } from '../web/api/contract.ts';
import { ROUTE_PATHS } from '../web/app/route-table.ts';
import { mockCloudFromEnv, runtimeConfigFromEnv } from './config.ts';

export const toPosix = (p: string): string => p.split(path.sep).join('/');

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
