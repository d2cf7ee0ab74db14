/**
 * The host simulator's way into the framed app (docs/decisions/0020-host-simulator.md): the app's HTML, requested
 * with the simulator's cookie, gets `<script src="/__mock/host/inject.js">` first in its `<head>`. A classic script
 * there runs before the app's module scripts, on every load of every page (reloads and deep links included), and,
 * being of the same origin, passes the app's `script-src 'self'`. The script itself does nothing unless its window
 * is framed by the simulator (web/console/host/inject.ts), so a stray cookie changes nothing else.
 *
 * Only the app's own HTML files (a route's index.html, the 404 page) are touched: the API, the control API and every
 * other file are answered before this (app-plan.ts) or handed on unchanged.
 */
import { promises as fs } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { hasHostSimCookie, HOST_SIM_TAG } from '../client/host-simulator.ts';
import { findFile, type FoundFile } from '../http/files.ts';
import { HTML_TYPE, send } from '../http/reply.ts';

type FileHandler = (req: IncomingMessage, res: ServerResponse, urlPath: string) => Promise<void>;

/** The page with the simulator's tag right after its `<head>` (or first, for a page without one). */
export function injectHostSimulator(html: string): string {
  const head = /<head(?:\s[^>]*)?>/i.exec(html);
  if (!head) return HOST_SIM_TAG + html;
  const at = head.index + head[0].length;
  return html.slice(0, at) + HOST_SIM_TAG + html.slice(at);
}

/** The app's HTML file `urlPath` names and the status it goes out with, as http/static.ts finds them; null for anything else. */
async function htmlFor(root: string, urlPath: string): Promise<{ found: FoundFile; status: number } | null> {
  const found = await findFile(root, urlPath, true);
  if (found) return found.file.endsWith('.html') ? { found, status: 200 } : null;
  const notFound = await findFile(root, '/404.html', false);
  return notFound ? { found: notFound, status: 404 } : null;
}

/** `app` (the static handler), with the simulator's script in the app's HTML for requests that carry its cookie. */
export function withHostSimulator(app: FileHandler, distDir: string | null): FileHandler {
  return async (req, res, urlPath) => {
    const method = req.method ?? 'GET';
    if (distDir === null || (method !== 'GET' && method !== 'HEAD') || !hasHostSimCookie(req.headers.cookie)) return app(req, res, urlPath);
    const page = await htmlFor(distDir, urlPath).catch(() => null);
    if (!page) return app(req, res, urlPath);
    let html: string;
    try {
      html = await fs.readFile(page.found.file, 'utf8');
    } catch {
      // Gone since it was found (a rebuild under `npm run dev`): the static handler answers as for any missing file.
      return app(req, res, urlPath);
    }
    // Never stored and never answered 304: a copy cached without the tag (or with it) must not stand in for the other.
    res.setHeader('vary', 'Cookie');
    send(res, page.status, injectHostSimulator(html), { 'content-type': HTML_TYPE, 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' });
  };
}
