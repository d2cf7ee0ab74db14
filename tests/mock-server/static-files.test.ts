import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RUNTIME_CONFIG } from '../../web/api/contract.ts';
import { rawRequest, startApp, tempDir, type Started } from './helpers.ts';

// A dist directory inside a parent that holds a secret next to it, so a climb out would be visible.
const root = tempDir('mock-static');
const dist = path.join(root.dir, 'dist');
const SECRET = 'SECRET-OUTSIDE-DIST';
let s: Started;

beforeAll(async () => {
  mkdirSync(path.join(dist, 'assets'), { recursive: true });
  mkdirSync(path.join(dist, 'main', 'login', 'index'), { recursive: true });
  mkdirSync(path.join(dist, 'empty-dir'), { recursive: true });
  writeFileSync(path.join(root.dir, 'package.json'), `{"name":"${SECRET}"}`);
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>home</title>');
  writeFileSync(path.join(dist, '404.html'), '<!doctype html><title>not found page</title>');
  writeFileSync(path.join(dist, 'main', 'login', 'index', 'index.html'), '<!doctype html><title>login</title>');
  writeFileSync(path.join(dist, 'config.json'), JSON.stringify(DEFAULT_RUNTIME_CONFIG));
  writeFileSync(path.join(dist, 'assets', 'main-QK3X7ZBD.js'), 'console.log(1);');
  writeFileSync(path.join(dist, 'assets', 'main-QK3X7ZBD.js.map'), '{}');
  writeFileSync(path.join(dist, 'assets', 'chunk-AB12CD34.css'), 'body{}');
  writeFileSync(path.join(dist, 'assets', 'logo.svg'), '<svg/>');
  for (const f of ['a.png', 'favicon.ico', 'font-ABCDEFGH.woff2', 'clip.mp4', 'pic.webp']) writeFileSync(path.join(dist, f), 'x');
  s = await startApp({ distDir: dist });
});
afterAll(async () => {
  await s.close();
  root.remove();
});

describe('static files from dist (SPEC §2 history mode)', () => {
  it('serves an existing file with its content type and length', async () => {
    const r = await rawRequest(s.port, { path: '/assets/main-QK3X7ZBD.js' });
    expect(r.status).toBe(200);
    expect(r.text).toBe('console.log(1);');
    expect(r.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(r.headers['content-length']).toBe('15');
  });

  it.each([
    ['/index.html', 'text/html; charset=utf-8'],
    ['/assets/chunk-AB12CD34.css', 'text/css; charset=utf-8'],
    ['/config.json', 'application/json; charset=utf-8'],
    ['/assets/logo.svg', 'image/svg+xml'],
    ['/a.png', 'image/png'],
    ['/favicon.ico', 'image/x-icon'],
    ['/font-ABCDEFGH.woff2', 'font/woff2'],
    ['/assets/main-QK3X7ZBD.js.map', 'application/json; charset=utf-8'],
    ['/clip.mp4', 'video/mp4'],
    ['/pic.webp', 'image/webp'],
  ])('%s is served as %s', async (p, type) => {
    const r = await rawRequest(s.port, { path: p });
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe(type);
  });

  it('hashed assets are immutable; html, config.json and unhashed files are revalidated', async () => {
    const immutable = 'public, max-age=31536000, immutable';
    expect((await rawRequest(s.port, { path: '/assets/main-QK3X7ZBD.js' })).headers['cache-control']).toBe(immutable);
    expect((await rawRequest(s.port, { path: '/assets/chunk-AB12CD34.css' })).headers['cache-control']).toBe(immutable);
    expect((await rawRequest(s.port, { path: '/assets/logo.svg' })).headers['cache-control']).toBe('no-cache');
    expect((await rawRequest(s.port, { path: '/' })).headers['cache-control']).toBe('no-cache');
    expect((await rawRequest(s.port, { path: '/config.json' })).headers['cache-control']).toBe('no-cache');
  });

  it('mock media (not hashed) are fresh for a day, then revalidated by ETag', async () => {
    const day = 'public, max-age=86400, must-revalidate';
    for (const p of ['/mock-media/games/1/cover.webp', '/mock-media/games/1/cover.svg', '/mock-media/games/1/banner.svg', '/mock-media/trailer.mp4']) {
      const r = await rawRequest(s.port, { path: p });
      expect(r.status, p).toBe(200);
      expect(r.headers['cache-control'], p).toBe(day);
      const etag = r.headers.etag ?? '';
      expect(etag, p).not.toBe('');
      const again = await rawRequest(s.port, { path: p, headers: { 'if-none-match': etag } });
      expect(again.status, p).toBe(304);
    }
  });

  it('a directory serves its index.html, with or without a trailing slash, query ignored', async () => {
    for (const p of ['/main/login/index', '/main/login/index/', '/main/login/index?targetUrl=%2F']) {
      const r = await rawRequest(s.port, { path: p });
      expect(r.status).toBe(200);
      expect(r.text).toContain('<title>login</title>');
      expect(r.headers['content-type']).toBe('text/html; charset=utf-8');
    }
    expect((await rawRequest(s.port, { path: '/' })).text).toContain('<title>home</title>');
  });

  it('anything else serves 404.html with status 404 (history fallback)', async () => {
    for (const p of ['/no/such/page', '/empty-dir', '/assets/missing-ABCDEFGH.js', '/index.html/x']) {
      const r = await rawRequest(s.port, { path: p });
      expect(r.status).toBe(404);
      expect(r.text).toContain('not found page');
      expect(r.headers['content-type']).toBe('text/html; charset=utf-8');
    }
  });

  it.each([
    '/../package.json',
    '/%2e%2e/package.json',
    '/%2E%2E/package.json',
    '/assets/../../package.json',
    '/assets/%2e%2e%2f%2e%2e%2fpackage.json',
    '/..%2fpackage.json',
    '/..%5cpackage.json',
    '/%2e%2e%5c%2e%2e%5cpackage.json',
    '//../package.json',
    '/./../package.json',
    '/%00/../package.json',
    '/%E0%A4%A',
  ])('traversal attempt %s does not leave dist', async (p) => {
    const r = await rawRequest(s.port, { path: p });
    expect(r.status).toBe(404);
    expect(r.text).not.toContain(SECRET);
  });

  it('HEAD answers the headers without a body', async () => {
    const r = await rawRequest(s.port, { method: 'HEAD', path: '/assets/main-QK3X7ZBD.js' });
    expect(r.status).toBe(200);
    expect(r.headers['content-length']).toBe('15');
    expect(r.body.length).toBe(0);
    const missing = await rawRequest(s.port, { method: 'HEAD', path: '/nope' });
    expect(missing.status).toBe(404);
    expect(missing.body.length).toBe(0);
  });

  it('a matching If-None-Match answers 304', async () => {
    const first = await rawRequest(s.port, { path: '/index.html' });
    const etag = String(first.headers['etag']);
    const again = await rawRequest(s.port, { path: '/index.html', headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
  });

  it('a symlink out of dist, a route name without its folder and a byte range change nothing (sirv alone would serve the first two)', async () => {
    symlinkSync(path.join(root.dir, 'package.json'), path.join(dist, 'leak.json'));
    const leak = await rawRequest(s.port, { path: '/leak.json' });
    expect(leak.status).toBe(404);
    expect(leak.text).not.toContain(SECRET);
    for (const p of ['/404', '/index']) expect((await rawRequest(s.port, { path: p })).status).toBe(404);
    const ranged = await rawRequest(s.port, { path: '/assets/main-QK3X7ZBD.js', headers: { range: 'bytes=0-3' } });
    expect(ranged.status).toBe(200);
    expect(ranged.text).toBe('console.log(1);');
  });

  it('other methods on static paths answer 405', async () => {
    const r = await rawRequest(s.port, { method: 'POST', path: '/index.html', body: 'x' });
    expect(r.status).toBe(405);
    expect(r.headers['allow']).toBe('GET, HEAD');
  });
});

describe('static files without a 404 page or without a build', () => {
  it('with no 404.html, a missing path answers a small 404 text', async () => {
    const d = tempDir('mock-static-no404');
    writeFileSync(path.join(d.dir, 'index.html'), 'home');
    const app = await startApp({ distDir: d.dir });
    try {
      const r = await rawRequest(app.port, { path: '/nope' });
      expect(r.status).toBe(404);
      expect(r.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(r.text).toBe('Not found: /nope\n');
    } finally {
      await app.close();
      d.remove();
    }
  });

  it('distDir null answers 404 saying there is no build', async () => {
    const app = await startApp({ distDir: null });
    try {
      const r = await rawRequest(app.port, { path: '/' });
      expect(r.status).toBe(404);
      expect(r.text).toContain('without an app build');
    } finally {
      await app.close();
    }
  });

  it('a missing distDir answers 404 naming it and saying to build', async () => {
    const missing = path.join(root.dir, 'not-built');
    const app = await startApp({ distDir: missing });
    try {
      const r = await rawRequest(app.port, { path: '/main/login/index' });
      expect(r.status).toBe(404);
      expect(r.text).toContain(missing);
      expect(r.text).toContain('npm run build');
    } finally {
      await app.close();
    }
  });

  it('a runtimeConfig given to createApp is served as /config.json and moves the API', async () => {
    const runtimeConfig = { apiBase: '/v2/api/', gameApiBase: '/v2/game/', socketBase: '/v2/ws/' };
    const app = await startApp({ distDir: dist, runtimeConfig });
    try {
      const r = await rawRequest(app.port, { path: '/config.json' });
      expect(JSON.parse(r.text)).toEqual(runtimeConfig);
      const api = await rawRequest(app.port, { method: 'POST', path: '/v2/api/index/api/system_info' });
      expect(JSON.parse(api.text)).toMatchObject({ code: 40000, msg: 'Missing header "nonce"' });
      // The default base is now a static path.
      expect((await rawRequest(app.port, { method: 'GET', path: '/api/index/api/downurl' })).status).toBe(404);
    } finally {
      await app.close();
    }
  });
});
