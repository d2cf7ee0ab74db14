/**
 * The build's precompressed copies (build/compress.ts) go out with the encoding the browser accepts
 * (README "Caching and compression on a CDN"): brotli first, then gzip, else the file as is; the cache policy does not change with it.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompress } from '../../build/compress.ts';
import { rawRequest, startApp, tempDir, type Started } from './helpers.ts';

const root = tempDir('mock-static-br');
const dist = path.join(root.dir, 'dist');
const JS = `export const a = ${JSON.stringify('x'.repeat(4000))};\n`;
const HTML = `<!doctype html><title>home</title>${'<p>hello</p>'.repeat(200)}`;
let s: Started;

beforeAll(async () => {
  mkdirSync(path.join(dist, 'assets'), { recursive: true });
  writeFileSync(path.join(dist, 'index.html'), HTML);
  writeFileSync(path.join(dist, '404.html'), '<!doctype html><title>not found page</title>');
  writeFileSync(path.join(dist, 'assets', 'main-QK3X7ZBD.js'), JS);
  writeFileSync(path.join(dist, 'assets', 'tiny-AB12CD34.js'), 'export{};');
  await precompress(dist);
  s = await startApp({ distDir: dist });
});
afterAll(async () => {
  await s.close();
  root.remove();
});

describe('precompressed static files', () => {
  it('sends brotli when accepted, with the type and cache policy of the original', async () => {
    const r = await rawRequest(s.port, { path: '/assets/main-QK3X7ZBD.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(r.status).toBe(200);
    expect(r.headers['content-encoding']).toBe('br');
    expect(r.headers.vary).toBe('Accept-Encoding');
    expect(r.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(r.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(r.headers['content-length'])).toBeLessThan(JS.length / 10);
    expect(brotliDecompressSync(r.body).toString('utf8')).toBe(JS);
  });

  it('sends gzip to a browser without brotli, and the file as is to one that accepts neither', async () => {
    const gz = await rawRequest(s.port, { path: '/assets/main-QK3X7ZBD.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString('utf8')).toBe(JS);
    const plain = await rawRequest(s.port, { path: '/assets/main-QK3X7ZBD.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.text).toBe(JS);
  });

  it('compresses route pages too, which stay revalidated', async () => {
    const r = await rawRequest(s.port, { path: '/', headers: { 'accept-encoding': 'br' } });
    expect(r.headers['content-encoding']).toBe('br');
    expect(r.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(r.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(r.body).toString('utf8')).toBe(HTML);
  });

  it('leaves files too small to gain from it uncompressed', async () => {
    const r = await rawRequest(s.port, { path: '/assets/tiny-AB12CD34.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(r.headers['content-encoding']).toBeUndefined();
    expect(r.text).toBe('export{};');
  });
});
