/**
 * The QA console (docs/decisions/0011-qa-console.md) as a bundle of its own: web/console/main.tsx
 * into `<outDir>/__mock/` (served by the mock at GET /__mock/), with its page.
 * Nothing of the player app imports it, and the app's report and size budget
 * never see it; it has a modest budget of its own (CONSOLE_BUDGET_GZIP, checked
 * in tests/e2e/size-budget.test.ts). Its page allows scripts, styles and
 * connections (the control API, the feed's websocket) from its own origin only.
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
/** Its JS and CSS together, gzip: a tool page (React is most of it), not on any player's path, but not unbounded either. */
export const CONSOLE_BUDGET_GZIP = 96 * 1024;

export interface ConsoleBuild {
  /** Relative to the build's outDir, e.g. "__mock/index.html". */
  html: string;
  files: { file: string; bytes: number; gzipBytes: number }[];
  gzipBytes: number;
}

const POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  `style-src 'self' ${cspHash(SHELL_STYLE)}`,
  // 'self' covers ws:/wss: to the same host (CSP 3): the feed.
  "connect-src 'self'",
  "img-src 'self' data:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
].join('; ');

function page(js: string, css: string | undefined): string {
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
    '<title>Mock console</title>',
    // No icon of its own: without this the browser asks for /favicon.ico, which the app's 404 answers.
    '<link rel="icon" href="data:,">',
    `<style>${SHELL_STYLE}</style>`,
    ...(css ? [`<link rel="stylesheet" href="${css}">`] : []),
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
  const result = await esbuild.build({
    absWorkingDir: opts.root,
    entryPoints: [CONSOLE_ENTRY],
    outdir: outDir,
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: ['es2020', 'chrome90'],
    minify: !opts.dev,
    sourcemap: opts.dev ? 'linked' : false,
    charset: 'utf8',
    legalComments: 'linked',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': JSON.stringify(opts.dev ? 'development' : 'production') },
    entryNames: 'assets/[name]-[hash]',
    publicPath: `/${CONSOLE_DIR}/`,
    metafile: true,
    write: true,
    logLevel: opts.logLevel,
  });
  const outputs = Object.keys(result.metafile.outputs).map((f) => path.relative(outDir, path.resolve(opts.root, f)).split(path.sep).join('/'));
  const js = outputs.find((f) => f.endsWith('.js'));
  if (!js) throw new Error(`esbuild produced no output for ${CONSOLE_ENTRY}`);
  const css = outputs.find((f) => f.endsWith('.css'));
  await writeFile(path.join(outDir, 'index.html'), page(`/${CONSOLE_DIR}/${js}`, css ? `/${CONSOLE_DIR}/${css}` : undefined));
  const files = await Promise.all(
    [js, ...(css ? [css] : [])].map(async (file) => {
      const content = await readFile(path.join(outDir, file));
      return { file: `${CONSOLE_DIR}/${file}`, bytes: content.byteLength, gzipBytes: gzipSync(content, { level: 9 }).byteLength };
    }),
  );
  return { html: `${CONSOLE_DIR}/index.html`, files, gzipBytes: files.reduce((n, f) => n + f.gzipBytes, 0) };
}
