/**
 * Files from one folder through sirv — the app build (static.ts) and the
 * trailer in fixtures/media (content/media.ts). sirv sends a file: length,
 * ETag and 304, byte ranges, HEAD, streaming. This module decides first
 * whether a URL path names a file at all, because sirv would follow a symlink
 * out of the folder and would also find `x.html` for `/x`: a path is decoded
 * segment by segment, may never climb out (`..`, encoded slashes, NUL), and
 * its real path must stay inside the folder's.
 */
import { promises as fs, type Stats } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import sirv from 'sirv';

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
  return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel);
}

async function statOrNull(file: string): Promise<Stats | null> {
  try {
    return await fs.stat(file);
  } catch {
    return null;
  }
}

export interface FoundFile {
  /** Absolute path of the file. */
  file: string;
  /** Its path below the folder, "/"-separated with a leading "/". */
  urlPath: string;
  stats: Stats;
}

/** The file `urlPath` names in `root` (with `index`, a directory names its index.html), or null. */
export async function findFile(root: string, urlPath: string, index: boolean): Promise<FoundFile | null> {
  const segments = safeSegments(urlPath);
  if (segments === null || (segments.length === 0 && !index)) return null;
  if (index && (segments.length === 0 || (await statOrNull(path.join(root, ...segments)))?.isDirectory())) segments.push('index.html');
  const file = path.join(root, ...segments);
  if (!inside(root, file)) return null;
  const stats = await statOrNull(file);
  if (!stats?.isFile()) return null;
  try {
    const [realRoot, realFile] = await Promise.all([fs.realpath(root), fs.realpath(file)]);
    if (!inside(realRoot, realFile)) return null;
  } catch {
    return null;
  }
  return { file, urlPath: `/${segments.join('/')}`, stats };
}

/** Sends files found by `findFile` with sirv; the headers given win over sirv's (cache policy, content type). */
export type FileSender = (req: IncomingMessage, res: ServerResponse, found: FoundFile, headers: Record<string, string>) => void;

/**
 * `precompressed`: send `x.br` / `x.gz` written beside `x` (build/compress.ts) when the browser accepts
 * that encoding, with Content-Encoding and Vary: Accept-Encoding; a file without them goes out as is.
 */
export function createFileSender(root: string, options: { precompressed?: boolean } = {}): FileSender {
  // dev: sirv looks at the disk on every request, as the build is rewritten under a running server (npm run dev).
  const precompressed = options.precompressed ?? false;
  const serve = sirv(root, { dev: true, etag: true, extensions: [], brotli: precompressed, gzip: precompressed });
  return (req, res, found, headers) => {
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    const url = req.url;
    // sirv looks the file up by the URL: hand it the exact file found, never a guess of its own.
    req.url = found.urlPath.split('/').map(encodeURIComponent).join('/');
    try {
      serve(req, res, () => {
        // Gone between the check and the send: answer like a missing file.
        for (const name of Object.keys(headers)) res.removeHeader(name);
        res.statusCode = 404;
        res.end();
      });
    } finally {
      req.url = url;
    }
  };
}
