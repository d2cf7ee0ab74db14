/**
 * The installable app's build side (docs/decisions/0022-installable-app.md): one manifest per language with relative
 * start_url, scope and icons, the icons drawn from the favicon as real PNGs of their sizes (the maskable one full
 * bleed with the art inside the safe zone), and every page's head naming them in the reader's language.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLE_TOUCH_ICON, appManifest, appNames, MANIFEST_ICONS, MANIFEST_LANGS, manifestFile, svgAtSize, writeManifests } from '../../../build/manifest.ts';
import { BACKGROUND, renderShell, type InstallHead } from '../../../build/html.ts';
import { DEFAULT_RUNTIME_CONFIG } from '../../../web/api/contract.ts';
import { followLanguage } from '../../../web/app/install/follow-language.ts';
import { HELD_INSTALL, installFirst, type EarlyWindow } from '../../../web/app/install/early.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const canvas = createRequire(import.meta.url)('@napi-rs/canvas') as typeof import('@napi-rs/canvas');

/** Width and height from a PNG's IHDR, after checking its signature. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(true);
  expect(bytes.subarray(12, 16).toString('ascii')).toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe('the manifest of a language', () => {
  it('names the app, stands alone, in the dark theme, with every URL relative to itself', () => {
    const m = appManifest('zh-Hans', { name: '云玩', shortName: '云玩' });
    expect(m).toMatchObject({
      id: './',
      name: '云玩',
      short_name: '云玩',
      lang: 'zh-Hans',
      start_url: './',
      scope: './',
      display: 'standalone',
      background_color: BACKGROUND,
      theme_color: BACKGROUND,
    });
    expect(m).not.toHaveProperty('orientation');
    expect(m.icons).toEqual([
      { src: 'icons/app-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: 'icons/app-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: 'icons/app-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ]);
    // Relative URLs resolve wherever the export is served from.
    expect(new URL(m.start_url as string, 'https://cdn.example/play/manifest.zh-Hans.webmanifest').href).toBe('https://cdn.example/play/');
  });

  it('takes the names from the i18n catalogue in each language', () => {
    const names = appNames();
    expect(names.en).toEqual({ name: 'Cloud Play', shortName: 'Cloud Play' });
    expect(names['zh-Hans'].name).toBe('云玩');
    expect(names['zh-Hant'].name).toBe('雲玩');
    for (const lang of MANIFEST_LANGS) expect(names[lang].shortName.length).toBeLessThanOrEqual(12);
  });

  it('draws the SVG at the size asked, whatever size it names', () => {
    expect(svgAtSize('<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32" viewBox="0 0 32 32"><rect/></svg>', 180)).toBe(
      '<svg width="180" height="180" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect/></svg>',
    );
    expect(() => svgAtSize('<png/>', 10)).toThrow(/no <svg>/);
  });
});

describe('the manifests and icons as written', () => {
  let out = '';
  let head: InstallHead | null = null;
  beforeAll(async () => {
    out = await mkdtemp(path.join(os.tmpdir(), 'manifest-'));
    head = await writeManifests(path.join(ROOT, 'web/public'), out);
  });
  afterAll(() => rm(out, { recursive: true, force: true }));

  it('writes one manifest per language and says so to the pages', async () => {
    expect(head).toEqual({
      manifests: { en: '/manifest.en.webmanifest', 'zh-Hans': '/manifest.zh-Hans.webmanifest', 'zh-Hant': '/manifest.zh-Hant.webmanifest' },
      titles: { en: 'Cloud Play', 'zh-Hans': '云玩', 'zh-Hant': '雲玩' },
      appleTouchIcon: '/icons/apple-touch-icon.png',
    });
    const zh = JSON.parse(await readFile(path.join(out, manifestFile('zh-Hant')), 'utf8')) as Record<string, unknown>;
    expect(zh.name).toBe('雲玩');
  });

  it('every icon is a PNG of its stated size', async () => {
    for (const icon of [...MANIFEST_ICONS, APPLE_TOUCH_ICON]) {
      expect(pngSize(await readFile(path.join(out, icon.file)))).toEqual({ width: icon.size, height: icon.size });
    }
  });

  it('the maskable icon is dark to every edge, its art inside the 40 % safe zone', async () => {
    const icon = MANIFEST_ICONS.find((i) => i.purpose === 'maskable');
    if (!icon) throw new Error('no maskable icon');
    const image = await canvas.loadImage(await readFile(path.join(out, icon.file)));
    const c = canvas.createCanvas(icon.size, icon.size);
    const ctx = c.getContext('2d');
    ctx.drawImage(image, 0, 0);
    const { data } = ctx.getImageData(0, 0, icon.size, icon.size);
    const bg = [0x12, 0x12, 0x12];
    let art = 0;
    let farthest = 0;
    let seeThrough = 0;
    for (let y = 0; y < icon.size; y++) {
      for (let x = 0; x < icon.size; x++) {
        const i = (y * icon.size + x) * 4;
        if (data[i + 3] !== 255) seeThrough++;
        const differs = [0, 1, 2].some((k) => Math.abs((data[i + k] ?? 0) - (bg[k] ?? 0)) > 8);
        if (!differs) continue;
        art++;
        farthest = Math.max(farthest, Math.hypot(x + 0.5 - icon.size / 2, y + 0.5 - icon.size / 2));
      }
    }
    expect(seeThrough).toBe(0);
    expect(art).toBeGreaterThan(1000);
    expect(farthest / icon.size).toBeLessThan(0.4);
  });

  it('a build without the art installs nothing', async () => {
    expect(await writeManifests(null, out)).toBeNull();
    expect(await writeManifests(path.join(out, 'nowhere'), out)).toBeNull();
  });
});

describe("the page's head", () => {
  const install: InstallHead = {
    manifests: { en: '/manifest.en.webmanifest', 'zh-Hans': '/manifest.zh-Hans.webmanifest', 'zh-Hant': '/manifest.zh-Hant.webmanifest' },
    titles: { en: 'Cloud Play', 'zh-Hans': '云玩', 'zh-Hant': '雲玩' },
    appleTouchIcon: '/icons/apple-touch-icon.png',
  };
  const html = renderShell({ entryJs: '/assets/main.js', entryCss: null, modulePreloads: [], favicon: null, liveReloadUrl: null, config: DEFAULT_RUNTIME_CONFIG, install });

  it('links the manifest and says what iOS needs, before any script of the page', () => {
    for (const line of [
      '<link rel="manifest" href="/manifest.en.webmanifest" data-en="/manifest.en.webmanifest" data-zh-hans="/manifest.zh-Hans.webmanifest" data-zh-hant="/manifest.zh-Hant.webmanifest">',
      '<link rel="apple-touch-icon" href="/icons/apple-touch-icon.png">',
      '<meta name="mobile-web-app-capable" content="yes">',
      '<meta name="apple-mobile-web-app-capable" content="yes">',
      '<meta name="apple-mobile-web-app-status-bar-style" content="black-translucent">',
      '<meta name="apple-mobile-web-app-title" content="Cloud Play" data-en="Cloud Play" data-zh-hans="云玩" data-zh-hant="雲玩">',
      `<meta name="theme-color" content="${BACKGROUND}">`,
    ]) {
      expect(html).toContain(line);
    }
    expect(html.indexOf('rel="manifest"')).toBeLessThan(html.indexOf('<script'));
    expect(renderShell({ entryJs: '/a.js', entryCss: null, modulePreloads: [], favicon: null, liveReloadUrl: null, config: DEFAULT_RUNTIME_CONFIG })).not.toContain('manifest');
  });

  it('the first script names them in the reader’s language and holds the install event; a later choice renames them', () => {
    // The two elements it renames, without the page's preloads (happy-dom would fetch them).
    document.head.innerHTML = html
      .split('\n')
      .filter((line) => /rel="manifest"|apple-mobile-web-app-title/.test(line))
      .join('');
    document.documentElement.lang = 'zh-Hant';
    const target = new EventTarget();
    const w: EarlyWindow = { addEventListener: (t, fn) => target.addEventListener(t, fn) };
    installFirst(w, document);
    const manifest = () => document.querySelector('link[rel="manifest"]')?.getAttribute('href');
    const title = () => document.querySelector('meta[name="apple-mobile-web-app-title"]')?.getAttribute('content');
    expect([manifest(), title()]).toEqual(['/manifest.zh-Hant.webmanifest', '雲玩']);
    const e = new Event('beforeinstallprompt', { cancelable: true });
    target.dispatchEvent(e);
    expect(e.defaultPrevented).toBe(true);
    expect(w[HELD_INSTALL]).toEqual({ prompt: e, installed: false });
    target.dispatchEvent(new Event('appinstalled'));
    expect(w[HELD_INSTALL]).toEqual({ prompt: null, installed: true });
    followLanguage(document, 'en');
    expect([manifest(), title()]).toEqual(['/manifest.en.webmanifest', 'Cloud Play']);
    followLanguage(document, 'zh-Hans');
    expect([manifest(), title()]).toEqual(['/manifest.zh-Hans.webmanifest', '云玩']);
  });
});
