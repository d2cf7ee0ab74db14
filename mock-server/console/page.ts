/**
 * The QA console's files (docs/decisions/0011-qa-console.md): `GET /__mock/` is its page,
 * `/__mock/host/` the host simulator's (its page and the script injected into the framed app,
 * docs/decisions/0020-host-simulator.md) and `/__mock/assets/…` their bundle, all from `<dist>/__mock/` (written by
 * build/console.ts next to the app, never part of it). Behind the control
 * guard like the rest of `/__mock/` (app.ts). Without a build it says how to
 * make one instead of the app's not-found page.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { CONTROL_PREFIX } from '../scenarios/control.ts';
import { createFileSender, findFile, type FileSender } from '../http/files.ts';
import { sendJson } from '../http/reply.ts';
import { contentType, IMMUTABLE, NO_CACHE } from '../http/static.ts';

/** The console's folder inside dist/ (and its URL path). */
export const CONSOLE_DIR = '__mock';
const ASSETS = `${CONTROL_PREFIX}assets/`;
const HOST = `${CONTROL_PREFIX}host/`;

/** Whether a path is the console's page, the simulator's or one of their files rather than a control call. */
export const isConsolePath = (pathname: string): boolean =>
  pathname === CONTROL_PREFIX || pathname === CONTROL_PREFIX.slice(0, -1) || pathname.startsWith(ASSETS) || pathname === HOST.slice(0, -1) || pathname.startsWith(HOST);

export function createConsolePage(distDir: string | null): (req: IncomingMessage, res: ServerResponse, pathname: string) => Promise<void> {
  const root = distDir === null ? null : path.join(distDir, CONSOLE_DIR);
  let sender: FileSender | undefined;
  return async (req, res, pathname) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('allow', 'GET, HEAD');
      sendJson(res, 405, { error: `Method ${req.method ?? ''} is not allowed on the console's files; use GET` });
      return;
    }
    const rel = pathname === CONTROL_PREFIX.slice(0, -1) ? '/' : pathname.slice(CONTROL_PREFIX.length - 1);
    const page = rel === '/' || rel === '/host' || rel === '/host/';
    const found = root === null ? null : await findFile(root, rel, page);
    if (!found || root === null) {
      const why = page ? `the console is not built (no ${CONSOLE_DIR}${rel.replace(/\/?$/, '/')}index.html in the app build): run "npm run build"` : `no console file ${pathname.slice(0, 200)}`;
      sendJson(res, 404, { error: `Not found: ${why}` });
      return;
    }
    sender ??= createFileSender(root);
    delete req.headers.range;
    sender(req, res, found, {
      'content-type': contentType(found.file),
      'cache-control': found.urlPath.startsWith('/assets/') ? IMMUTABLE : NO_CACHE,
      'x-content-type-options': 'nosniff',
    });
  };
}
