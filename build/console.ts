/**
 * The QA console (docs/decisions/0011-qa-console.md) as a bundle of its own, into `<outDir>/__mock/` (served by the
 * mock at GET /__mock/): two pages, the console (web/console/main.tsx, `/__mock/`) and the host simulator
 * (web/console/host/main.tsx, `/__mock/host/`), sharing React through a common chunk, and the script the mock
 * injects into the app framed by the simulator (web/console/host/inject.ts → `/__mock/host/inject.js`, a classic
 * script with a fixed name: docs/decisions/0020-host-simulator.md).
 * Nothing of the player app imports it, and the app's report and size budget
 * never see it; it has a modest budget of its own (CONSOLE_BUDGET_GZIP, checked
 * in tests/e2e/size-budget.test.ts). Its pages allow scripts, styles and
 * connections (the control API, the feed's websocket) from their own origin only.
 */
import * as esbuild from 'esbuild';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { cspHash } from './csp.ts';
import { BACKGROUND, SHELL_STYLE } from './html.ts';
import type { ResolvedOptions } from './options.ts';

/** The console's folder in the build (mock-server/console/page.ts serves it). */
export const CONSOLE_DIR = '__mock';
export const CONSOLE_ENTRY = 'web/console/main.tsx';
export const HOST_SIM_ENTRY = 'web/console/host/main.tsx';
export const HOST_SIM_INJECT_ENTRY = 'web/console/host/inject.ts';
/**
 * Its JS and CSS together (both pages, their shared chunk and the injected script), gzip: tool pages (React is most
 * of it), not on any player's path, but not unbounded either. React is counted once: the pages share it.
 */
export const CONSOLE_BUDGET_GZIP = 96 * 1024;

export interface ConsoleBuild {
  /** The pages, relative to the build's outDir, e.g. "__mock/index.html". */
  html: string[];
  files: { file: string; bytes: number; gzipBytes: number }[];
  gzipBytes: number;
}

const PAGES = [
  { out: 'console', entry: CONSOLE_ENTRY, html: 'index.html', title: 'Mock console' },
  { out: 'host', entry: HOST_SIM_ENTRY, html: 'host/index.html', title: 'Host simulator' },
] as const;
const INJECT_FILE = 'host/inject.js';

const POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  `style-src 'self' ${cspHash(SHELL_STYLE)}`,
  // 'self' covers ws:/wss: to the same host (CSP 3): the feed.
  "connect-src 'self'",
  "img-src 'self' data:",
  // The simulator frames the app, which is on the same origin.
  "frame-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
].join('; ');

function page(title: string, js: string, css: string | undefined, preload: readonly string[]): string {
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${POLICY}">`,
    '<meta name="viewport" content="width=device-width,initial-scale=1">',
    `<meta name="theme-color" content="${BACKGROUND}">`,
    '<meta name="color-scheme" content="dark">',
    '<meta name="robots" content="noindex">',
    `<title>${title}</title>`,
    // No icon of its own: without this the browser asks for /favicon.ico, which the app's 404 answers.
    '<link rel="icon" href="data:,">',
    `<style>${SHELL_STYLE}</style>`,
    ...(css ? [`<link rel="stylesheet" href="${css}">`] : []),
    ...preload.map((href) => `<link rel="modulepreload" href="${href}">`),
    `<script type="module" src="${js}"></script>`,
    '</head>',
    '<body>',
    '<div id="root"></div>',
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

/** Undefined for a project without the console (the bench's one-file baseline, the dev-watch test's scratch app). */
export async function buildConsole(opts: ResolvedOptions): Promise<ConsoleBuild | undefined> {
  if (!existsSync(path.join(opts.root, CONSOLE_ENTRY))) return undefined;
  const outDir = path.join(opts.outDir, CONSOLE_DIR);
  await rm(outDir, { recursive: true, force: true });
  await mkdir(outDir, { recursive: true });
  const pages = PAGES.filter((p) => existsSync(path.join(opts.root, p.entry)));
  const common = {
    absWorkingDir: opts.root,
    bundle: true,
    platform: 'browser',
    target: ['es2020', 'chrome90'],
    minify: !opts.dev,
    sourcemap: opts.dev ? 'linked' : false,
    charset: 'utf8',
    legalComments: 'linked',
    define: { 'process.env.NODE_ENV': JSON.stringify(opts.dev ? 'development' : 'production') },
    metafile: true,
    write: true,
    logLevel: opts.logLevel,
  } as const satisfies esbuild.BuildOptions;
  const result = await esbuild.build({
    ...common,
    entryPoints: pages.map((p) => ({ in: p.entry, out: p.out })),
    outdir: outDir,
    format: 'esm',
    splitting: true,
    jsx: 'automatic',
    entryNames: 'assets/[name]-[hash]',
    chunkNames: 'assets/chunk-[hash]',
    publicPath: `/${CONSOLE_DIR}/`,
  });
  const rel = (f: string): string => path.relative(outDir, path.resolve(opts.root, f)).split(path.sep).join('/');
  const url = (f: string): string => `/${CONSOLE_DIR}/${rel(f)}`;
  const outputs = Object.entries(result.metafile.outputs);
  for (const p of pages) {
    const found = outputs.find(([, o]) => o.entryPoint === p.entry);
    if (!found) throw new Error(`esbuild produced no output for ${p.entry}`);
    const [js, out] = found;
    const chunks = out.imports.filter((i) => i.kind === 'import-statement' && !i.external).map((i) => url(i.path));
    await mkdir(path.dirname(path.join(outDir, p.html)), { recursive: true });
    await writeFile(path.join(outDir, p.html), page(p.title, url(js), out.cssBundle ? url(out.cssBundle) : undefined, chunks));
  }
  const written = outputs.map(([f]) => rel(f)).filter((f) => f.endsWith('.js') || f.endsWith('.css'));
  if (existsSync(path.join(opts.root, HOST_SIM_INJECT_ENTRY))) {
    await esbuild.build({ ...common, entryPoints: [HOST_SIM_INJECT_ENTRY], outfile: path.join(outDir, INJECT_FILE), format: 'iife' });
    written.push(INJECT_FILE);
  }
  const files = await Promise.all(
    written.map(async (file) => {
      const content = await readFile(path.join(outDir, file));
      return { file: `${CONSOLE_DIR}/${file}`, bytes: content.byteLength, gzipBytes: gzipSync(content, { level: 9 }).byteLength };
    }),
  );
  return { html: pages.map((p) => `${CONSOLE_DIR}/${p.html}`), files, gzipBytes: files.reduce((n, f) => n + f.gzipBytes, 0) };
}
