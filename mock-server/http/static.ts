/**
 * The built app from `dist/` in history mode (SPEC §2): a file, a
 * directory's index.html (every route path has one), else `404.html` with
 * status 404. Files go out through sirv (files.ts); hashed assets are cached
 * for good, everything else (HTML, config.json) is revalidated.
 */
import { promises as fs } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { createFileSender, findFile, type FileSender } from './files.ts';
import { HTML_TYPE, send, sendText } from './reply.ts';

export const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': HTML_TYPE,
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.mp4': 'video/mp4',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const NO_CACHE = 'no-cache';

/** esbuild's `[name]-[hash]` names: a dash or dot, then 8+ hash characters, then the extension(s). */
const HASHED_NAME = /[-.][A-Za-z0-9_]{8,}(\.[a-z0-9]+)+$/;

export function contentType(file: string): string {
  return CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

/** Hashed files under /assets/ never change; everything else (html, config.json, …) is revalidated. */
export function cacheControl(urlPath: string): string {
  return urlPath.startsWith('/assets/') && HASHED_NAME.test(urlPath) ? IMMUTABLE : NO_CACHE;
}

export interface StaticOptions {
  /** Absolute dist directory, or null when there is no build to serve. */
  distDir: string | null;
}

export const NO_DIST_MESSAGE = (distDir: string | null): string =>
  distDir === null
    ? 'Not found: this mock server was started without an app build (no dist directory).\n'
    : `Not found: the app build directory ${distDir} does not exist. Run "npm run build" first.\n`;

async function isDirectory(dir: string): Promise<boolean> {
  try {
    return (await fs.stat(dir)).isDirectory();
  } catch {
    return false;
  }
}

/** The `dist/` request handler (GET/HEAD). `urlPath` is the raw path without the query. */
export function createStaticHandler(options: StaticOptions): (req: IncomingMessage, res: ServerResponse, urlPath: string) => Promise<void> {
  const root = options.distDir;
  const sender: FileSender | null = root === null ? null : createFileSender(root, { precompressed: true });
  return async (req, res, urlPath) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      sendText(res, 405, `Method ${req.method ?? ''} not allowed for static files.\n`, { allow: 'GET, HEAD', 'cache-control': NO_CACHE });
      return;
    }
    if (root === null || sender === null || !(await isDirectory(root))) {
      sendText(res, 404, NO_DIST_MESSAGE(root), { 'cache-control': NO_CACHE });
      return;
    }
    const found = await findFile(root, urlPath, true);
    if (found) {
      // The build is sent whole, as it always was: byte ranges are for the trailer (content/media.ts).
      delete req.headers.range;
      sender(req, res, found, { 'content-type': contentType(found.file), 'cache-control': cacheControl(found.urlPath), 'x-content-type-options': 'nosniff' });
      return;
    }
    // The history fallback: the app's own not-found page, with the status a crawler must see.
    const notFound = await findFile(root, '/404.html', false);
    if (notFound) {
      send(res, 404, await fs.readFile(notFound.file), { 'content-type': HTML_TYPE, 'cache-control': NO_CACHE, 'x-content-type-options': 'nosniff' });
      return;
    }
    sendText(res, 404, `Not found: ${urlPath}\n`, { 'cache-control': NO_CACHE });
  };
}
