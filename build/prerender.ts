/**
 * The prerendered static export (issue 10 part 1, docs/decisions/0015-prerender.md): each route's first view — frame,
 * tab bar, a wordless skeleton of the content — rendered to HTML here in Node with React's server renderer, so it
 * paints from the HTML alone. react-dom/server never reaches the browser: only the build imports this module.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { PageSkeleton } from '../web/app/PageSkeleton.tsx';
import { findRoute } from '../web/app/route-table.ts';

/** The frame's rules (tokens, page box, tab bar, skeleton), inlined into every page. */
export const FRAME_CSS = 'web/frame.css';

/** The markup of `#root` for a route path; null is 404.html (a bare frame: the app shows the not-found page). */
export function prerenderRoute(routePath: string | null): string {
  const route = routePath === null ? null : (findRoute(routePath) ?? null);
  return renderToString(createElement(PageSkeleton, { route }));
}

/** web/frame.css minified, for the shell's inline `<style>` (allowed by its hash, build/csp.ts). */
export async function frameStyle(root: string): Promise<string> {
  const source = await readFile(path.join(root, FRAME_CSS), 'utf8');
  const { code } = await esbuild.transform(source, { loader: 'css', minify: true });
  return code.trim();
}
