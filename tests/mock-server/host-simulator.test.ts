/**
 * The host simulator's route and its way into the framed app (docs/decisions/0020-host-simulator.md): the mock serves
 * `/__mock/host/` and its injected script from the console's build, and puts `<script src="/__mock/host/inject.js">`
 * first in the app's HTML only for requests carrying the simulator's cookie: never into other files, the API or the
 * control API, never answered 304 or cached.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_CODE, PATH } from '../../web/api/contract.ts';
import { HOST_SIM_COOKIE, HOST_SIM_TAG, hasHostSimCookie } from '../../mock-server/client/host-simulator.ts';
import { injectHostSimulator } from '../../mock-server/console/host-inject.ts';
import { call, rawRequest, tempDir, useApp, type Started } from './helpers.ts';

const dist = tempDir('cg-host-sim');
const HOME = '<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>home</title>\n<script type="module" src="/assets/main-ABCDEFGH.js"></script>\n</head><body></body></html>';
const LOGIN = '<!doctype html><html><head lang="x"><title>login</title></head><body></body></html>';
const NOT_FOUND = '<!doctype html><html><head><title>not found page</title></head><body></body></html>';
const COOKIE = { cookie: `theme=dark; ${HOST_SIM_COOKIE}=1` };

beforeAll(() => {
  mkdirSync(path.join(dist.dir, 'assets'), { recursive: true });
  mkdirSync(path.join(dist.dir, 'main', 'login', 'index'), { recursive: true });
  mkdirSync(path.join(dist.dir, '__mock', 'host'), { recursive: true });
  writeFileSync(path.join(dist.dir, 'index.html'), HOME);
  writeFileSync(path.join(dist.dir, '404.html'), NOT_FOUND);
  writeFileSync(path.join(dist.dir, 'main', 'login', 'index', 'index.html'), LOGIN);
  writeFileSync(path.join(dist.dir, 'assets', 'main-ABCDEFGH.js'), 'console.log("<head>");');
  writeFileSync(path.join(dist.dir, 'notes.txt'), '<head>');
  writeFileSync(path.join(dist.dir, '__mock', 'index.html'), '<!doctype html><title>Mock console</title>');
  writeFileSync(path.join(dist.dir, '__mock', 'host', 'index.html'), '<!doctype html><head><title>Host simulator</title></head>');
  writeFileSync(path.join(dist.dir, '__mock', 'host', 'inject.js'), '(()=>{})();');
});
afterAll(() => dist.remove());

let s: Started;
useApp((started) => (s = started), () => ({ distDir: dist.dir }), 'file');

const get = (p: string, headers: Record<string, string> = {}, method = 'GET') => rawRequest(s.port, { path: p, headers, method });

describe('the simulator page at /__mock/host/', () => {
  it('serves the page (with and without the slash) and the injected script, revalidated, behind the control guard', async () => {
    for (const p of ['/__mock/host/', '/__mock/host']) {
      const page = await get(p);
      expect(page.status, p).toBe(200);
      expect(page.headers['content-type']).toMatch(/text\/html/);
      expect(page.text).toContain('Host simulator');
    }
    const js = await get('/__mock/host/inject.js');
    expect(js.status).toBe(200);
    expect(js.headers['content-type']).toMatch(/javascript/);
    expect(js.headers['cache-control']).toBe('no-cache');
    expect(js.text).toBe('(()=>{})();');
    // The simulator's own page is the console's, never injected into.
    expect((await get('/__mock/host/', COOKIE)).text).not.toContain(HOST_SIM_TAG);
    expect((await get('/__mock/host/nope.js')).status).toBe(404);
    expect((await get('/__mock/host/', { host: 'evil.example' })).status).toBe(403);
    // A write is refused by the control guard before the page's own 405.
    expect((await get('/__mock/host/', {}, 'POST')).status).toBe(415);
    // A control call whose name starts the same is still a control call.
    expect((await get('/__mock/hostx')).status).toBe(404);
    expect((await get('/__mock/clock')).status).toBe(200);
  });
});

describe('the injection into the app framed by the simulator', () => {
  it('leaves every page as built without the cookie', async () => {
    for (const [p, body] of [['/', HOME], ['/main/login/index', LOGIN]] as const) {
      const r = await get(p);
      expect(r.status).toBe(200);
      expect(r.text).toBe(body);
    }
    expect((await get('/', { cookie: `x${HOST_SIM_COOKIE}=1; ${HOST_SIM_COOKIE}=` })).text).toBe(HOME);
  });

  it('puts the script first in the head of every page of the app, the 404 page included, never stored', async () => {
    const home = await get('/', COOKIE);
    expect(home.status).toBe(200);
    expect(home.text).toBe(HOME.replace('<head>', `<head>${HOST_SIM_TAG}`));
    expect(home.text.indexOf(HOST_SIM_TAG)).toBeLessThan(home.text.indexOf('<meta charset'));
    expect(home.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(home.headers['cache-control']).toBe('no-store');
    expect(String(home.headers['vary'])).toMatch(/Cookie/);
    const login = await get('/main/login/index', COOKIE);
    expect(login.text).toBe(LOGIN.replace('<head lang="x">', `<head lang="x">${HOST_SIM_TAG}`));
    const missing = await get('/no/such/page', COOKIE);
    expect(missing.status).toBe(404);
    expect(missing.text).toBe(NOT_FOUND.replace('<head>', `<head>${HOST_SIM_TAG}`));
  });

  it('answers in full even to a browser holding the page as built (no 304 that would keep the copy without the script)', async () => {
    const plain = await get('/');
    const etag = plain.headers['etag'];
    expect(etag).toBeDefined();
    expect((await get('/', { 'if-none-match': String(etag) })).status).toBe(304);
    const again = await get('/', { ...COOKIE, 'if-none-match': String(etag) });
    expect(again.status).toBe(200);
    expect(again.text).toContain(HOST_SIM_TAG);
    const head = await get('/', COOKIE, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
  });

  it('touches nothing but the app’s HTML: its scripts, other files, the API and the control API answer as ever', async () => {
    const js = await get('/assets/main-ABCDEFGH.js', COOKIE);
    expect(js.text).toBe('console.log("<head>");');
    expect((await get('/notes.txt', COOKIE)).text).toBe('<head>');
    // The envelope parses: nothing was put into it.
    const api = await call(s.port, PATH.systemInfo, { headers: COOKIE });
    expect(api.status).toBe(200);
    expect(api.envelope.code).toBe(BODY_CODE.success);
    const control = await get('/__mock/clock', COOKIE);
    expect(control.text).not.toContain('<script');
    expect(JSON.parse(control.text)).toHaveProperty('virtual');
    expect((await get('/__mock/', COOKIE)).text).not.toContain(HOST_SIM_TAG);
    expect((await get('/', COOKIE, 'POST')).text).not.toContain(HOST_SIM_TAG);
  });
});

describe('injectHostSimulator and the cookie', () => {
  it('places the tag after the <head> tag (not a <header>), or first in a page without one', () => {
    expect(injectHostSimulator('<html><HEAD data-x="1"><title>t</title>')).toBe(`<html><HEAD data-x="1">${HOST_SIM_TAG}<title>t</title>`);
    expect(injectHostSimulator('<body><header>x</header>')).toBe(`${HOST_SIM_TAG}<body><header>x</header>`);
  });

  it('reads the cookie by its exact name with a value', () => {
    expect(hasHostSimCookie(undefined)).toBe(false);
    expect(hasHostSimCookie('')).toBe(false);
    expect(hasHostSimCookie(`${HOST_SIM_COOKIE}=1`)).toBe(true);
    expect(hasHostSimCookie(`a=b;  ${HOST_SIM_COOKIE} = yes ;c=d`)).toBe(true);
    expect(hasHostSimCookie(`${HOST_SIM_COOKIE}=`)).toBe(false);
    expect(hasHostSimCookie(`my_${HOST_SIM_COOKIE}=1; ${HOST_SIM_COOKIE}x=1`)).toBe(false);
    expect(hasHostSimCookie(HOST_SIM_COOKIE)).toBe(false);
  });
});
