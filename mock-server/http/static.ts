/**
 * Serving the built app from `dist/` with history fallback: a file, a
 * directory's index.html, else `404.html` with status 404. Paths are
 * decoded segment by segment and can never leave the dist directory.
 */
import { createReadStream, promises as fs, type Stats } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';

export const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
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

type Resolved = { kind: 'file'; file: string; stats: Stats; urlPath: string } | { kind: 'missing' };

/** Decode the URL path into safe segments; null when it tries to climb out or is malformed. */
export function safeSegments(urlPath: string): string[] | null {
  const out: string[] = [];
  for (const raw of urlPath.split('/')) {
    if (raw === '') continue;
    let seg: string;
    try {
      seg = decodeURIComponent(raw);
    } catch {
      return null;
    }
    if (seg === '.' || seg === '..' || seg.includes('/') || seg.includes('\\') || seg.includes('\0')) return null;
    out.push(seg);
  }
  return out;
}

function inside(root: string, file: string): boolean {
  const rel = path.relative(root, file);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

async function statOrNull(file: string): Promise<Stats | null> {
  try {
    return await fs.stat(file);
  } catch {
    return null;
  }
}

async function resolveFile(root: string, urlPath: string): Promise<Resolved> {
  const segments = safeSegments(urlPath);
  if (segments === null) return { kind: 'missing' };
  let file = path.join(root, ...segments);
  if (!inside(root, file)) return { kind: 'missing' };
  let stats = await statOrNull(file);
  let servedPath = `/${segments.join('/')}`;
  if (stats?.isDirectory()) {
    file = path.join(file, 'index.html');
    servedPath = `${servedPath.replace(/\/$/, '')}/index.html`;
    stats = await statOrNull(file);
  }
  if (!stats?.isFile()) return { kind: 'missing' };
  // A symlink inside dist must not lead outside it either.
  try {
    const [realRoot, realFile] = await Promise.all([fs.realpath(root), fs.realpath(file)]);
    if (!inside(realRoot, realFile)) return { kind: 'missing' };
  } catch {
    return { kind: 'missing' };
  }
  return { kind: 'file', file, stats, urlPath: servedPath };
}

function sendText(req: IncomingMessage, res: ServerResponse, status: number, text: string, extra: Record<string, string> = {}): void {
  const body = Buffer.from(text, 'utf8');
  res.writeHead(status, {
    'content-type': 'text/plain; charset=utf-8',
    'content-length': String(body.length),
    'cache-control': NO_CACHE,
    ...extra,
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}

function sendFile(req: IncomingMessage, res: ServerResponse, status: number, file: string, stats: Stats, cache: string): void {
  const etag = `W/"${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}"`;
  const headers: Record<string, string> = {
    'content-type': contentType(file),
    'cache-control': cache,
    etag,
    'last-modified': stats.mtime.toUTCString(),
    'x-content-type-options': 'nosniff',
  };
  if (status === 200 && req.headers['if-none-match'] === etag) {
    res.writeHead(304, headers);
    res.end();
    return;
  }
  headers['content-length'] = String(stats.size);
  res.writeHead(status, headers);
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  const stream = createReadStream(file);
  stream.on('error', () => res.destroy());
  stream.pipe(res);
}

export const NO_DIST_MESSAGE = (distDir: string | null): string =>
  distDir === null
    ? 'Not found: this mock server was started without an app build (no dist directory).\n'
    : `Not found: the app build directory ${distDir} does not exist. Run "npm run build" first.\n`;

/** Answer a static request (GET/HEAD). `urlPath` is the raw path without the query. */
export async function serveStatic(req: IncomingMessage, res: ServerResponse, urlPath: string, options: StaticOptions): Promise<void> {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    sendText(req, res, 405, `Method ${req.method ?? ''} not allowed for static files.\n`, { allow: 'GET, HEAD' });
    return;
  }
  const root = options.distDir;
  const rootStats = root === null ? null : await statOrNull(root);
  if (root === null || !rootStats?.isDirectory()) {
    sendText(req, res, 404, NO_DIST_MESSAGE(root));
    return;
  }
  const found = await resolveFile(root, urlPath);
  if (found.kind === 'file') {
    sendFile(req, res, 200, found.file, found.stats, cacheControl(found.urlPath));
    return;
  }
  const notFound = path.join(root, '404.html');
  const notFoundStats = await statOrNull(notFound);
  if (notFoundStats?.isFile()) {
    sendFile(req, res, 404, notFound, notFoundStats, NO_CACHE);
    return;
  }
  sendText(req, res, 404, `Not found: ${urlPath}\n`);
}
