/**
 * The e2e projects' global set-up: the mock's process (mock-process.ts) bundled once per run into one ES module, so
 * each test file's mock starts with plain Node instead of tsx compiling and resolving a few hundred files through its
 * loader thread: a second or more per file, forty files a run (decision 0019). Packages stay external (resolved from
 * node_modules, which is why the bundle is written under it), and each source file's `import.meta.url` is its own,
 * so the fixtures and media it finds beside itself are the same files. server.ts falls back to tsx without a bundle.
 */
import * as esbuild from 'esbuild';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The bundled mock-process.ts, or "" to run the source with tsx. */
    mockProcessBundle: string;
    /** The folder the run's mocks keep their drawn art in, shared (MockAppOptions.rasterCacheDir). */
    rasterCacheDir: string;
  }
}

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const OWN_SOURCE = /[\\/](mock-server|web|tests|fixtures)[\\/].*\.tsx?$/;

/** Every bundled source keeps the URL it has unbundled: paths resolved against it find what they did. */
const ownUrl: esbuild.Plugin = {
  name: 'own-import-meta-url',
  setup(build) {
    build.onLoad({ filter: OWN_SOURCE }, async (args) => ({
      contents: (await readFile(args.path, 'utf8')).replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)),
      loader: args.path.endsWith('x') ? 'tsx' : 'ts',
    }));
  },
};

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const outfile = path.join(ROOT, 'node_modules', '.cache', 'e2e-mock', `mock-process-${project.name}-${process.pid}.mjs`);
  await esbuild.build({
    entryPoints: [path.join(ROOT, 'tests', 'e2e', 'mock-process.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    plugins: [ownUrl],
    logLevel: 'warning',
  });
  project.provide('mockProcessBundle', outfile);
  // The catalogue's art is drawn once a run, by whichever file's mock asks first, rather than once a file: a cover
  // or banner costs its mock about 40 ms of CPU to encode, and most files show a few dozen of them.
  const rasterCacheDir = path.join(ROOT, 'node_modules', '.cache', 'e2e-mock', `raster-${project.name}-${process.pid}`);
  project.provide('rasterCacheDir', rasterCacheDir);
  return async () => {
    await rm(outfile, { force: true });
    await rm(rasterCacheDir, { recursive: true, force: true });
  };
}
