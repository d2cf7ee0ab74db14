/**
 * The catalogue art as WebP over HTTP (decision 0017): what the answers link to, at the size it is shown, small, in the
 * request's language, revalidated by ETag, and the SVG instead when the server cannot rasterise.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { loadImage } from '@napi-rs/canvas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_FIXTURES_DIR } from '../../mock-server/app.ts';
import { createMediaHandler } from '../../mock-server/content/media.ts';
import { createRasteriser } from '../../mock-server/content/media-raster.ts';
import { loadFixtures } from '../../mock-server/fixtures/index.ts';
import { rawRequest, type Started, useApp } from './helpers.ts';

let s: Started;
useApp((started) => (s = started), {}, 'file');

const get = (p: string, headers?: Record<string, string>) => rawRequest(s.port, { path: p, headers, timeoutMs: 15_000 });

async function size(body: Buffer): Promise<string> {
  const image = await loadImage(body);
  return `${image.width}x${image.height}`;
}

describe('game art as WebP', () => {
  it.each([
    // Covers and banners at the size a phone shows them (decision 0017); screenshots stay large for the zoomed preview.
    ['cover.webp', '300x400', 6],
    ['banner.webp', '800x450', 11],
    ['shot-1.webp', '1280x720', 80],
    ['shot-3.webp', '1280x720', 80],
  ])('%s is image/webp, %s, at most %d KB, fresh for a day', async (file, dimensions, maxKb) => {
    const r = await get(`/mock-media/games/1/${file}`);
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('image/webp');
    expect(r.body.subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect(r.body.subarray(8, 12).toString('latin1')).toBe('WEBP');
    expect(Number(r.headers['content-length'])).toBe(r.body.length);
    expect(r.body.length).toBeLessThanOrEqual(maxKb * 1024);
    expect(r.headers['cache-control']).toBe('public, max-age=86400, must-revalidate');
    expect(r.headers.vary).toContain('Accept-Language');
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    expect(await size(r.body)).toBe(dimensions);
  });

  it('the same image twice is the same bytes and ETag; If-None-Match answers 304 without a body', async () => {
    const a = await get('/mock-media/games/5/banner.webp');
    const again = await get('/mock-media/games/5/banner.webp');
    expect(again.body.equals(a.body)).toBe(true);
    const etag = a.headers.etag ?? '';
    expect(etag).toMatch(/^"[0-9a-f]{20}"$/);
    expect(again.headers.etag).toBe(etag);
    const revalidated = await get('/mock-media/games/5/banner.webp', { 'if-none-match': etag });
    expect(revalidated.status).toBe(304);
    expect(revalidated.body.length).toBe(0);
    expect(revalidated.headers.etag).toBe(etag);
    const other = await get('/mock-media/games/6/banner.webp');
    expect(other.headers.etag).not.toBe(etag);
  });

  it("is drawn in the URL's lang=, else the Accept-Language: other bytes, another ETag", async () => {
    const en = await get('/mock-media/games/1/banner.webp');
    const hans = await get('/mock-media/games/1/banner.webp', { 'accept-language': 'zh-CN,zh;q=0.9' });
    const hant = await get('/mock-media/games/1/banner.webp?lang=zh-Hant', { 'accept-language': 'en-US' });
    const named = await get('/mock-media/games/1/banner.webp?lang=zh-Hans');
    for (const r of [en, hans, hant, named]) expect(r.headers['content-type']).toBe('image/webp');
    expect(hans.body.equals(en.body)).toBe(false);
    expect(hant.body.equals(hans.body)).toBe(false);
    expect(named.body.equals(hans.body)).toBe(true);
    expect(new Set([en, hans, hant].map((r) => r.headers.etag)).size).toBe(3);
    // An unknown lang= is ignored rather than refused.
    const odd = await get('/mock-media/games/1/banner.webp?lang=<x>');
    expect(odd.status).toBe(200);
    expect(odd.body.equals(en.body)).toBe(true);
  });

  it('HEAD answers the headers only', async () => {
    const r = await rawRequest(s.port, { method: 'HEAD', path: '/mock-media/games/2/cover.webp', timeoutMs: 15_000 });
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('image/webp');
    expect(Number(r.headers['content-length'])).toBeGreaterThan(0);
    expect(r.body.length).toBe(0);
  });

  it.each([
    '/mock-media/games/9999/cover.webp',
    '/mock-media/games/1/shot-9.webp',
    '/mock-media/games/1/shot-0.webp',
    '/mock-media/games/1/poster.webp',
    '/mock-media/games/01/cover.webp',
    '/mock-media/games/1/cover.png',
    '/mock-media/games/1/cover.webp.svg',
    '/mock-media/games/1/cover.WEBP',
  ])('%s is 404', async (p) => {
    const r = await get(p);
    expect(r.status).toBe(404);
    expect(r.text).toBe('Not found\n');
  });
});

describe('a server that cannot rasterise', () => {
  const logs: string[] = [];
  let server: http.Server;
  let port: number;
  beforeAll(async () => {
    const fixtures = loadFixtures(DEFAULT_FIXTURES_DIR);
    const raster = createRasteriser({
      load: () => {
        throw new Error('Cannot find module @napi-rs/canvas-linux-x64-gnu');
      },
      log: (line) => logs.push(line),
    });
    const handler = createMediaHandler({ mediaDir: path.join(DEFAULT_FIXTURES_DIR, 'media'), fixtures, raster });
    server = http.createServer((req, res) => void handler(req, res, new URL(req.url ?? '/', 'http://x').pathname));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it('answers the SVG at the .webp URL, logs once, and still revalidates', async () => {
    const a = await rawRequest(port, { path: '/mock-media/games/1/cover.webp' });
    expect(a.status).toBe(200);
    expect(a.headers['content-type']).toBe('image/svg+xml');
    expect(a.text).toContain('Starfall');
    const b = await rawRequest(port, { path: '/mock-media/games/1/banner.webp', headers: { 'accept-language': 'zh-TW' } });
    expect(b.headers['content-type']).toBe('image/svg+xml');
    expect(b.text).toContain('雲端即點即玩');
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatch(/cannot load @napi-rs\/canvas.*serving the game art as SVG/);
    const again = await rawRequest(port, { path: '/mock-media/games/1/cover.webp', headers: { 'if-none-match': a.headers.etag ?? '' } });
    expect(again.status).toBe(304);
    expect((await rawRequest(port, { path: '/mock-media/games/9999/cover.webp' })).status).toBe(404);
  });
});
