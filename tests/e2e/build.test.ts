/**
 * The static export in dist/ works on any plain static host: an index.html per
 * route, 404.html, config.json, only hashed assets that exist, a minified ESM
 * entry with code splitting — and a deep link served by a dumb static server
 * (no SPA fallback) boots the app in Chromium.
 *
 * `npm test` builds dist/ before this project runs; when dist/ is missing
 * (running this file alone) the test builds it first.
 */
import { existsSync, readdirSync, readFileSync, statSync, createReadStream } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, COMPILE_HINT } from '../../build/build.ts';
import { htmlFileForPath, LIVE_RELOAD_MARKER } from '../../build/html.ts';
import { ROUTE_PATHS } from '../../web/app/route-table.ts';
import { GAME_PATH } from '../../web/core/paths.ts';
import { VIEWPORT, VIEWPORT_NO_ZOOM } from '../../web/core/viewport.ts';
import { DIST_DIR, launchBrowser, newPhonePage, ROOT, waitForAppShell } from './harness.ts';

const dist = (...parts: string[]): string => path.join(DIST_DIR, ...parts);
const read = (...parts: string[]): string => readFileSync(dist(...parts), 'utf8');

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? walk(full) : [full];
  });
}

/** esbuild's [hash]: 8 characters of base32, before the extension. */
const HASHED = /-[A-Z0-9]{8}\.(js|css|svg|png|jpe?g|webp|gif|woff2?)$/;
const refsOf = (html: string): string[] => [...html.matchAll(/\s(?:src|href)="([^"]+)"/g)].map((m) => m[1] ?? '');

let htmlFiles: string[] = [];
let entryUrl = '';

beforeAll(async () => {
  if (!existsSync(dist('index.html'))) await build({ root: ROOT });
  // The QA console (dist/__mock/) has its own shell, checked by console.test.ts and size-budget.test.ts.
  htmlFiles = walk(DIST_DIR).filter((f) => f.endsWith('.html') && !path.relative(DIST_DIR, f).startsWith('__mock'));
  entryUrl = /<script type="module" src="([^"]+)"><\/script>/.exec(read('index.html'))?.[1] ?? '';
}, 120_000);

describe('static export', () => {
  it('is a production build, not a watch-mode one', () => {
    expect(read('index.html'), 'dist/ holds a dev build from `npm run dev`; run `npm run build`').not.toContain(LIVE_RELOAD_MARKER);
  });

  it('has an index.html for every route path, a 404.html and config.json', () => {
    const missing = ROUTE_PATHS.map(htmlFileForPath).filter((f) => !existsSync(dist(f)));
    expect(missing).toEqual([]);
    expect(existsSync(dist('main/login/index/index.html'))).toBe(true);
    expect(existsSync(dist('404.html'))).toBe(true);
    const config: unknown = JSON.parse(read('config.json'));
    expect(config).toMatchObject({ apiBase: expect.any(String), gameApiBase: expect.any(String), socketBase: expect.any(String) });
  });

  it('writes the dark shell with the phone viewport and one module entry', () => {
    for (const file of htmlFiles) {
      const html = readFileSync(file, 'utf8');
      const rel = path.relative(DIST_DIR, file);
      expect(html.startsWith('<!doctype html>'), rel).toBe(true);
      expect(html, rel).toContain('<html lang="en"');
      // Zoom stays on (WCAG 1.4.4) everywhere but the game screen, where a pinch belongs to the game.
      expect(html, rel).toContain(`<meta name="viewport" content="${rel === htmlFileForPath(GAME_PATH) ? VIEWPORT_NO_ZOOM : VIEWPORT}">`);
      expect(html, rel).toContain('<meta name="theme-color" content="#121212">');
      // Each route's title as the app sets it, with its translations for the first script (decision 0014); 404.html
      // cannot know its page and keeps the neutral one.
      if (rel === '404.html') expect(html, rel).toContain('<title>Cloud Gaming</title>');
      else expect(html, rel).toMatch(/<title data-zh-hans="[^"]+" data-zh-hant="[^"]+">[^<]+<\/title>/);
      // Dark from the first byte through an inline <style> the CSP allows by hash (csp.test.ts).
      expect(html, rel).toMatch(/<style>[^<]*background:#121212/);
      // The route's prerendered frame (decision 0014).
      expect(html, rel).toMatch(/<div id="root"><div class="page[^"]*"[^>]*data-prerendered=""/);
      expect(html, rel).toContain('<link rel="preload" href="/config.json" as="fetch" crossorigin>');
      expect(html.match(/<script type="module" src="[^"]+"><\/script>/g), rel).toHaveLength(1);
      expect(html, rel).toContain(`<script type="module" src="${entryUrl}"></script>`);
      // The scripts are asked for before the parser's long task over the inline styles and the prerendered page, the
      // entry (the largest file) first of them (build/html.ts).
      const entryAt = html.indexOf('<script type="module"');
      expect(entryAt, rel).toBeLessThan(html.indexOf('<style>'));
      // Every page announces the chunks it starts with (at least the shell's), after the entry.
      const preloadAt = html.indexOf('<link rel="modulepreload"');
      expect(preloadAt, rel).toBeGreaterThan(entryAt);
      expect(html.lastIndexOf('<link rel="modulepreload"'), rel).toBeLessThan(html.indexOf('<style>'));
    }
  });

  it('references only absolute, hashed assets that exist', () => {
    for (const file of htmlFiles) {
      const rel = path.relative(DIST_DIR, file);
      const html = readFileSync(file, 'utf8');
      // The tab's icon is the favicon's SVG itself: one request fewer while the page's code is on its way.
      expect(html, rel).toMatch(/<link rel="icon" href="data:image\/svg\+xml,%3Csvg%20/);
      for (const ref of refsOf(html).filter((r) => !r.startsWith('data:image/svg+xml,'))) {
        expect(ref.startsWith('/') && !ref.startsWith('//'), `${rel}: ${ref} is not a same-origin absolute URL`).toBe(true);
        expect(existsSync(dist(ref)), `${rel}: ${ref} does not exist in dist/`).toBe(true);
        if (ref.startsWith('/assets/')) expect(ref, `${rel}: ${ref} has no content hash`).toMatch(HASHED);
      }
    }
  });

  it('names every emitted asset with a content hash', () => {
    const assets = walk(dist('assets')).map((f) => path.relative(DIST_DIR, f).split(path.sep).join('/'));
    expect(assets.length).toBeGreaterThan(0);
    // Precompressed copies (build/compress.ts) carry the hashed name of their original.
    expect(assets.filter((f) => !HASHED.test(f.replace(/\.(br|gz)$/, '')) && !f.endsWith('.LEGAL.txt'))).toEqual([]);
  });

  it('ships a minified ES module entry', () => {
    // The module script is the shell chunk, which holds the entry's code (decision 0015, "The two-file first view").
    expect(entryUrl).toMatch(/^\/assets\/(?:chunks\/)?[^/]+-[A-Z0-9]{8}\.js$/);
    const entry = read(entryUrl);
    // Judge it with the chunks it loads (React's renderer among them).
    const loaded = [...entry.matchAll(/(?:from|import\()\s*"(\/assets\/chunks\/[^"]+\.js)"/g)].map((m) => m[1] ?? '');
    expect(loaded.length).toBeGreaterThan(0);
    const code = [entry, ...loaded.map((url) => read(url))].join('\n');
    const lines = code.split('\n');
    // Template literals may keep a stray indented line; source formatting shows as runs of them.
    let run = 0;
    let longestRun = 0;
    for (const l of lines) {
      run = /^(?: {2,}|\t)\S/.test(l) ? run + 1 : 0;
      longestRun = Math.max(longestRun, run);
    }
    expect(longestRun, 'consecutive indented lines: not minified').toBeLessThan(3);
    expect(code.length / lines.length, 'average line length').toBeGreaterThan(200);
    expect(code).not.toMatch(/^\s*["']use strict["']/);
    expect(code).not.toMatch(/\bmodule\.exports\s*=/);
    // Chunks are loaded with ESM syntax (absolute URLs: publicPath "/").
    const jsChunks = walk(dist('assets')).filter((f) => f.endsWith('.js'));
    if (jsChunks.length > 1) expect(entry).toMatch(/(?:from|import\()\s*"(?:\.|\/assets)\/chunks\/[^"]+-[A-Z0-9]{8}\.js"/);
  });

  it("writes the app's stylesheet once: the entry's code is grouped into the shell, its stylesheet is not (app/boot.tsx)", () => {
    const css = walk(dist('assets')).filter((f) => f.endsWith('.css'));
    expect(css.map((f) => path.relative(DIST_DIR, f))).toHaveLength(1);
  });

  it('marks every script for eager compilation off the main thread (V8 compile hint, decision 0016)', () => {
    const js = walk(dist('assets')).filter((f) => f.endsWith('.js'));
    expect(js.length).toBeGreaterThan(0);
    expect(js.filter((f) => !readFileSync(f, 'utf8').startsWith(`${COMPILE_HINT}\n`)).map((f) => path.basename(f))).toEqual([]);
  });

  it.skipIf(!existsSync(path.join(ROOT, 'web', 'pages')))('splits the code into more than one JS chunk', () => {
    const js = walk(dist('assets')).filter((f) => f.endsWith('.js'));
    expect(js.length).toBeGreaterThan(1);
    expect(existsSync(dist('assets', 'chunks'))).toBe(true);
  });
});

/** A plain static host with no SPA fallback: "/x" → 301 "/x/", "/x/" → "/x/index.html", else 404.html. */
function plainStaticServer(root: string): http.Server {
  const types: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json', '.svg': 'image/svg+xml', '.png': 'image/png', '.woff2': 'font/woff2' };
  return http.createServer((req, res) => {
    const { pathname, search } = new URL(req.url ?? '/', 'http://127.0.0.1');
    let file = path.join(root, decodeURIComponent(pathname));
    if (!file.startsWith(root)) return void res.writeHead(403).end();
    if (existsSync(file) && statSync(file).isDirectory()) {
      if (!pathname.endsWith('/')) return void res.writeHead(301, { location: `${pathname}/${search}` }).end();
      file = path.join(file, 'index.html');
    }
    let status = 200;
    if (!existsSync(file) || !statSync(file).isFile()) [status, file] = [404, path.join(root, '404.html')];
    res.writeHead(status, { 'content-type': types[path.extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(res);
  });
}

describe('deep links on a plain static host', () => {
  let server: http.Server;
  let base = '';
  let browser: Browser;

  beforeAll(async () => {
    server = plainStaticServer(DIST_DIR);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  });

  for (const deepLink of ['/main/error/404', '/main/login/index/', '/no/such/page']) {
    it(`boots the app shell on ${deepLink}`, async () => {
      // A static host has no API: failed requests are expected console noise; uncaught errors are not.
      const { page, errors, close } = await newPhonePage(browser, base);
      try {
        const response = await page.goto(new URL(deepLink, base).href, { waitUntil: 'load' });
        expect(response?.status()).toBe(deepLink === '/no/such/page' ? 404 : 200);
        await waitForAppShell(page);
        const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
        expect(background).toBe('rgb(18, 18, 18)');
        expect(errors.filter((e) => e.kind === 'pageerror')).toEqual([]);
      } finally {
        await close();
      }
    });
  }
});
