/** The esbuild settings of the app's bundle (and of the bench baseline, which must match). */
import type * as esbuild from 'esbuild';
import type { ResolvedOptions } from './options.ts';
import { syncStoreShim } from './sync-store-shim.ts';

/** V8's explicit compile hint (Chromium 136+; other engines read a comment). */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

export type EsbuildSettings = esbuild.BuildOptions & { metafile: true; write: true; outdir: string };

export function esbuildOptions(opts: ResolvedOptions): EsbuildSettings {
  return {
    absWorkingDir: opts.root,
    entryPoints: [opts.entry],
    outdir: opts.outDir,
    bundle: true,
    format: 'esm',
    splitting: true,
    platform: 'browser',
    // Chromium 100 and Safari 15 (2022, 2021) run ES2022 as written: the Android and iOS webviews the host app runs in
    // update with their systems. Lowering `??=`, class fields and the like for older ones cost the first load 0.3 KB.
    target: ['es2022', 'chrome100', 'safari15'],
    minify: !opts.dev,
    sourcemap: opts.dev ? 'linked' : false,
    charset: 'utf8',
    // Licence comments go to <file>.LEGAL.txt next to each output, linked from it, instead of first-load bytes.
    legalComments: 'linked',
    // V8 compiles every function of a file that starts with this hint eagerly, off the main thread while it streams,
    // instead of lazily on the main thread when first called (react-dom's body alone is ~50 ms at first call). 0016.
    banner: { js: COMPILE_HINT },
    jsx: 'automatic',
    define: {
      'process.env.NODE_ENV': JSON.stringify(opts.dev ? 'development' : 'production'),
      __MOCK_CLOUD__: JSON.stringify(opts.mockCloud),
      // The route entries' build facts stay out of the bundle (web/app/route-table.ts).
      'import.meta.BROWSER_BUNDLE': 'true',
    },
    entryNames: 'assets/[name]-[hash]',
    chunkNames: 'assets/chunks/[name]-[hash]',
    assetNames: 'assets/[name]-[hash]',
    // Asset URLs are absolute so they resolve from any route depth (base path "/").
    publicPath: '/',
    loader: {
      '.svg': 'file',
      '.png': 'file',
      '.jpg': 'file',
      '.jpeg': 'file',
      '.webp': 'file',
      '.gif': 'file',
      '.woff2': 'file',
      '.woff': 'file',
    },
    plugins: [syncStoreShim(import.meta.dirname)],
    metafile: true,
    write: true,
    logLevel: opts.logLevel,
  };
}
