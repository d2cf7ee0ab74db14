import { mkdirSync, readFileSync, symlinkSync, writeFileSync, cpSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_FIXTURES_DIR } from '../../mock-server/app.ts';
import { parseRange } from '../../mock-server/content/media.ts';
import { wrap } from '../../mock-server/content/media-svg.ts';
import { call, rawRequest, startApp, tempDir, type Started } from './helpers.ts';
import { PATH } from '../../web/api/contract.ts';

// A copy of the fixtures inside a parent holding a secret, so a climb out of media/ would be visible.
const root = tempDir('mock-media');
const fixturesDir = path.join(root.dir, 'fixtures');
const SECRET = 'SECRET-OUTSIDE-MEDIA';
let s: Started;
let trailer: Buffer;

beforeAll(async () => {
  cpSync(DEFAULT_FIXTURES_DIR, fixturesDir, { recursive: true });
  writeFileSync(path.join(root.dir, 'secret.txt'), SECRET);
  writeFileSync(path.join(fixturesDir, 'secret.txt'), SECRET);
  mkdirSync(path.join(fixturesDir, 'media', 'sub'), { recursive: true });
  symlinkSync(path.join(root.dir, 'secret.txt'), path.join(fixturesDir, 'media', 'link.txt'));
  trailer = readFileSync(path.join(fixturesDir, 'media', 'trailer.mp4'));
  s = await startApp({ fixturesDir });
});
afterAll(async () => {
  await s.close();
  root.remove();
});

describe('generated game images as SVG (the .svg routes; the answers link the .webp ones, media-webp.test.ts)', () => {
  it.each(['cover.svg', 'banner.svg', 'shot-1.svg', 'shot-3.svg'])('%s is an SVG with the title, image/svg+xml', async (file) => {
    const r = await rawRequest(s.port, { path: `/mock-media/games/1/${file}` });
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('image/svg+xml');
    expect(r.headers['cache-control']).toContain('max-age');
    expect(r.text).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(r.text).toContain('Starfall');
    expect(r.text).not.toMatch(/<script|href=/i);
    expect(Number(r.headers['content-length'])).toBe(r.body.length);
  });

  it('cover is portrait, banner and screenshots landscape', async () => {
    const size = async (file: string): Promise<string> => /width="(\d+)" height="(\d+)"/.exec((await rawRequest(s.port, { path: `/mock-media/games/2/${file}` })).text)?.slice(1).join('x') ?? '';
    expect(await size('cover.svg')).toBe('600x800');
    expect(await size('banner.svg')).toBe('1280x720');
    expect(await size('shot-2.svg')).toBe('1280x720');
  });

  it('the same game always gets the same picture, another game another one; ETag revalidates', async () => {
    const a = await rawRequest(s.port, { path: '/mock-media/games/5/cover.svg' });
    const again = await rawRequest(s.port, { path: '/mock-media/games/5/cover.svg' });
    const other = await rawRequest(s.port, { path: '/mock-media/games/6/cover.svg' });
    expect(again.text).toBe(a.text);
    expect(other.text).not.toBe(a.text);
    const etag = a.headers.etag ?? '';
    const revalidated = await rawRequest(s.port, { path: '/mock-media/games/5/cover.svg', headers: { 'if-none-match': etag } });
    expect(revalidated.status).toBe(304);
    expect(revalidated.body.length).toBe(0);
  });

  it('titles are escaped in the SVG', async () => {
    const r = await rawRequest(s.port, { path: '/mock-media/games/25/cover.svg' });
    expect(r.text).toContain('Dragon&#39;s Hoard');
  });

  it.each([
    '/mock-media/games/9999/cover.svg',
    '/mock-media/games/1/shot-9.svg',
    '/mock-media/games/1/shot-0.svg',
    '/mock-media/games/1/poster.svg',
    '/mock-media/games/01/cover.svg',
    '/mock-media/games/1',
    '/mock-media/nothing.mp4',
  ])('%s is 404', async (p) => {
    expect((await rawRequest(s.port, { path: p })).status).toBe(404);
  });

  it('wrap breaks titles into lines and marks a cut', () => {
    expect(wrap('Eras of Bronze and Steam', 14, 3)).toEqual(['Eras of Bronze', 'and Steam']);
    expect(wrap('a b c d e f', 1, 2)).toEqual(['a', 'b…']);
  });
});

describe("images in the player's language (decision 0010)", () => {
  it("draws title and words in the URL's lang=, else the Accept-Language, and varies by it", async () => {
    const en = await rawRequest(s.port, { path: '/mock-media/games/1/shot-2.svg' });
    expect(en.headers.vary).toContain('Accept-Language');
    expect(en.text).toContain('Scene 2');
    const hans = await rawRequest(s.port, { path: '/mock-media/games/1/shot-2.svg', headers: { 'accept-language': 'zh-CN,zh;q=0.9' } });
    expect(hans.text).toContain('场景 2');
    expect(hans.text).not.toContain('Starfall');
    expect(hans.headers.etag).not.toBe(en.headers.etag);
    const hant = await rawRequest(s.port, { path: '/mock-media/games/1/banner.svg?lang=zh-Hant', headers: { 'accept-language': 'en-US' } });
    expect(hant.text).toContain('雲端即點即玩');
    expect(hant.text).not.toMatch(/Play now|Starfall/);
    // An unknown lang= is ignored rather than refused.
    const odd = await rawRequest(s.port, { path: '/mock-media/games/1/cover.svg?lang=<x>' });
    expect(odd.status).toBe(200);
    expect(odd.text).toContain('Starfall');
  });

  it('a Chinese catalogue answer names the language in its image URLs', async () => {
    const covers = async (headers?: Record<string, string>): Promise<string[]> =>
      (await call<{ list: Array<{ cover: string }> }>(s.port, PATH.gameList, { method: 'GET', data: { page: 1, page_size: 3 }, headers })).envelope.data.list.map((g) => g.cover);
    const hant = await covers({ 'accept-language': 'zh-TW' });
    expect(hant.length).toBeGreaterThan(0);
    for (const url of hant) expect(url).toMatch(/\/cover\.webp\?lang=zh-Hant$/);
    for (const url of await covers()) expect(url).toMatch(/\/cover\.webp$/);
  });
});

describe('the trailer (HTTP Range)', () => {
  it('is a small MP4 served whole with accept-ranges', async () => {
    expect(trailer.length).toBeLessThanOrEqual(300 * 1024);
    expect(trailer.subarray(4, 8).toString('latin1')).toBe('ftyp');
    const r = await rawRequest(s.port, { path: '/mock-media/trailer.mp4' });
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('video/mp4');
    expect(r.headers['accept-ranges']).toBe('bytes');
    expect(r.headers['content-length']).toBe(String(trailer.length));
    expect(r.body.equals(trailer)).toBe(true);
  });

  it('a byte range answers 206 with exactly those bytes', async () => {
    const r = await rawRequest(s.port, { path: '/mock-media/trailer.mp4', headers: { range: 'bytes=100-1099' } });
    expect(r.status).toBe(206);
    expect(r.headers['content-range']).toBe(`bytes 100-1099/${trailer.length}`);
    expect(r.headers['content-length']).toBe('1000');
    expect(r.body.equals(trailer.subarray(100, 1100))).toBe(true);
  });

  it('open-ended and suffix ranges', async () => {
    const open = await rawRequest(s.port, { path: '/mock-media/trailer.mp4', headers: { range: `bytes=${trailer.length - 10}-` } });
    expect(open.status).toBe(206);
    expect(open.body.equals(trailer.subarray(trailer.length - 10))).toBe(true);
    const suffix = await rawRequest(s.port, { path: '/mock-media/trailer.mp4', headers: { range: 'bytes=-500' } });
    expect(suffix.status).toBe(206);
    expect(suffix.headers['content-range']).toBe(`bytes ${trailer.length - 500}-${trailer.length - 1}/${trailer.length}`);
    expect(suffix.body.equals(trailer.subarray(trailer.length - 500))).toBe(true);
  });

  it('a range past the end answers 416 with the size', async () => {
    const r = await rawRequest(s.port, { path: '/mock-media/trailer.mp4', headers: { range: `bytes=${trailer.length}-` } });
    expect(r.status).toBe(416);
    expect(r.headers['content-range']).toBe(`bytes */${trailer.length}`);
  });

  it('HEAD answers the headers only; other methods 405', async () => {
    const head = await rawRequest(s.port, { method: 'HEAD', path: '/mock-media/trailer.mp4' });
    expect(head.status).toBe(200);
    expect(head.headers['content-length']).toBe(String(trailer.length));
    expect(head.body.length).toBe(0);
    const post = await rawRequest(s.port, { method: 'POST', path: '/mock-media/trailer.mp4' });
    expect(post.status).toBe(405);
    expect(post.headers.allow).toBe('GET, HEAD');
  });

  it('parseRange follows RFC 9110', () => {
    expect(parseRange('bytes=0-0', 10)).toEqual({ start: 0, end: 0 });
    expect(parseRange('bytes=5-100', 10)).toEqual({ start: 5, end: 9 });
    expect(parseRange('bytes=-3', 10)).toEqual({ start: 7, end: 9 });
    expect(parseRange('bytes=-30', 10)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=10-', 10)).toBe('unsatisfiable');
    expect(parseRange('bytes=-0', 10)).toBe('unsatisfiable');
    expect(parseRange('bytes=5-2', 10)).toBeNull();
    expect(parseRange('bytes=0-1,4-5', 10)).toBeNull();
    expect(parseRange('items=0-1', 10)).toBeNull();
    expect(parseRange(undefined, 10)).toBeNull();
  });
});

describe('media never leaves its folder', () => {
  it.each([
    '/mock-media/../secret.txt',
    '/mock-media/%2e%2e/secret.txt',
    '/mock-media/%2E%2E/%2E%2E/secret.txt',
    '/mock-media/..%2fsecret.txt',
    '/mock-media/..%5csecret.txt',
    '/mock-media/games/../../secret.txt',
    '/mock-media/sub/../../secret.txt',
    '/mock-media/%00trailer.mp4',
    '/mock-media/%zz',
    '/mock-media/link.txt',
    '/mock-media/sub',
    '/mock-media/',
  ])('%s is refused', async (p) => {
    const r = await rawRequest(s.port, { path: p });
    expect(r.status).toBe(404);
    expect(r.text).not.toContain(SECRET);
  });
});
