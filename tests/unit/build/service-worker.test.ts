// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { precacheManifest, urlOfFile } from '../../../build/service-worker.ts';
import { cacheControl, NO_CACHE } from '../../../mock-server/http/static.ts';

const bytes = (text: string): Promise<Uint8Array> => Promise.resolve(new TextEncoder().encode(text));

describe('the precache list of a build (decision 0021)', () => {
  it('names each page by its route path', () => {
    expect(urlOfFile('index.html')).toBe('/');
    expect(urlOfFile('main/login/index/index.html')).toBe('/main/login/index');
    expect(urlOfFile('404.html')).toBe('/404.html');
    expect(urlOfFile('icons/app-192.png')).toBe('/icons/app-192.png');
  });

  it('keeps pages, assets and icons; hashed assets by name, the rest with a content revision', async () => {
    const files = [
      'index.html',
      '404.html',
      'main/login/index/index.html',
      'assets/main-ABCD1234.js',
      'assets/main-ABCD1234.js.br',
      'assets/main-ABCD1234.js.gz',
      'assets/main-ABCD1234.js.map',
      'assets/main-ABCD1234.js.LEGAL.txt',
      'assets/chunks/home-WXYZ9876.js',
      'assets/main-EFGH5678.css',
      'icons/app-192.png',
      'favicon.svg',
      'config.json',
      'sw.js',
      '__mock/index.html',
      '__mock/assets/console-QRST1234.js',
    ];
    const manifest = await precacheManifest(files, (f) => bytes(`content of ${f}`));
    expect(manifest.map((e) => e.url).sort()).toEqual(
      ['/', '/404.html', '/main/login/index', '/assets/main-ABCD1234.js', '/assets/chunks/home-WXYZ9876.js', '/assets/main-EFGH5678.css', '/icons/app-192.png', '/favicon.svg'].sort(),
    );
    const revision = (url: string): string | null | undefined => manifest.find((e) => e.url === url)?.revision;
    expect(revision('/assets/main-ABCD1234.js')).toBeNull();
    expect(revision('/assets/chunks/home-WXYZ9876.js')).toBeNull();
    expect(revision('/')).toMatch(/^[0-9a-f]{16}$/);
    expect(revision('/icons/app-192.png')).toMatch(/^[0-9a-f]{16}$/);
  });

  it('changes a page revision with its content only', async () => {
    const one = await precacheManifest(['index.html'], () => bytes('<p>one</p>'));
    const same = await precacheManifest(['index.html'], () => bytes('<p>one</p>'));
    const two = await precacheManifest(['index.html'], () => bytes('<p>two</p>'));
    expect(same).toEqual(one);
    expect(two[0]?.revision).not.toBe(one[0]?.revision);
  });

  it('is served by the mock revalidated on every check, like every file without a hash in its name', () => {
    expect(cacheControl('/sw.js')).toBe(NO_CACHE);
  });
});
