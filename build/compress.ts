/**
 * Precompressed copies of the static export (docs/decisions/0015-first-load.md): `x.js.br` and
 * `x.js.gz` next to `x.js`, so a server picks the encoding the browser accepts
 * without compressing on every request (the mock: sirv's `brotli`/`gzip`
 * options; nginx: `gzip_static`/`brotli_static`; most CDNs compress on their own).
 * Text only: images other than SVG and fonts are compressed already.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

const TEXT = /\.(html|js|mjs|css|json|svg|txt|webmanifest)$/;
/** Below this a compressed body saves less than its headers cost. */
const MIN_BYTES = 1024;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(entries.map((e) => (e.isDirectory() ? filesUnder(path.join(dir, e.name)) : Promise.resolve([path.join(dir, e.name)]))));
  return nested.flat();
}

/** Writes `.br` and `.gz` beside every text file of `outDir` worth compressing; returns how many files it compressed. */
export async function precompress(outDir: string): Promise<number> {
  const files = (await filesUnder(outDir)).filter((f) => TEXT.test(f));
  let count = 0;
  await Promise.all(
    files.map(async (file) => {
      const content = await readFile(file);
      if (content.byteLength < MIN_BYTES) return;
      const [br, gz] = await Promise.all([
        brotliAsync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: content.byteLength } }),
        gzipAsync(content, { level: 9 }),
      ]);
      await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
      count += 1;
    }),
  );
  return count;
}
