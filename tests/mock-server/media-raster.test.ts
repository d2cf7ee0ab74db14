/**
 * The WebP rasteriser on its own (decision 0017): one encode per image however often or concurrently it is asked for,
 * a bounded cache, fonts this machine has, and null (never a throw) when it cannot draw.
 */
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createRasteriser, pickFonts, type ArtDrawing, type CanvasLib } from '../../mock-server/content/media-raster.ts';
import { BANNER_SIZE, bannerSvg, COVER_SIZE, coverSvg, hslHex } from '../../mock-server/content/media-svg.ts';
import { DEFAULT_FIXTURES_DIR } from '../../mock-server/app.ts';
import { ART_RASTER, gameArt } from '../../mock-server/content/media.ts';
import { loadFixtures } from '../../mock-server/fixtures/index.ts';

const real = createRequire(import.meta.url)('@napi-rs/canvas') as typeof import('@napi-rs/canvas');

/** The real library, counting the canvases it makes (one per encode); `families` replaces the installed fonts. */
function counting(o: { families?: string[]; failLoad?: boolean } = {}) {
  const count = { canvases: 0 };
  const lib: CanvasLib = {
    createCanvas: (w, h) => {
      count.canvases++;
      return real.createCanvas(w, h);
    },
    loadImage: (source) => (o.failLoad ? Promise.reject(new Error('bad image')) : real.loadImage(source)),
    GlobalFonts: o.families ? { families: o.families.map((family) => ({ family })) } : real.GlobalFonts,
  };
  return { count, load: () => lib };
}

const game = (id: number) => ({ id, title: `Game ${id}`, developer: 'Studio' });
const cover = (id: number): ArtDrawing => ({ svg: coverSvg(game(id)), ...COVER_SIZE });
/** For the ETag (the cache key, quoted) only: it never draws. */
const r0 = createRasteriser({ load: counting().load });

describe('createRasteriser', () => {
  it('encodes an image once: a second request is a cache hit with the same bytes', async () => {
    const { count, load } = counting();
    const r = createRasteriser({ load });
    const first = await r.webp(cover(1));
    const second = await r.webp(cover(1));
    expect(count.canvases).toBe(1);
    expect(first?.body.subarray(8, 12).toString('latin1')).toBe('WEBP');
    expect(second?.body).toBe(first?.body);
    expect(first?.etag).toBe(r.etag(cover(1)));
  });

  it('concurrent requests for one image share one encode', async () => {
    const { count, load } = counting();
    const r = createRasteriser({ load });
    const all = await Promise.all(Array.from({ length: 6 }, () => r.webp(cover(2))));
    expect(count.canvases).toBe(1);
    for (const x of all) expect(x?.body).toBe(all[0]?.body);
  });

  it('keeps at most maxEntries images, dropping the least recently used', async () => {
    const { count, load } = counting();
    const r = createRasteriser({ load, maxEntries: 2 });
    await r.webp(cover(1));
    await r.webp(cover(2));
    await r.webp(cover(1)); // 1 is now the most recent
    await r.webp(cover(3)); // drops 2
    expect(count.canvases).toBe(3);
    await r.webp(cover(1));
    await r.webp(cover(3));
    expect(count.canvases).toBe(3);
    await r.webp(cover(2));
    expect(count.canvases).toBe(4);
  });

  it('with a shared cacheDir, art one rasteriser drew is read by another, not drawn again; a torn file is drawn anew', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'raster-cache-'));
    try {
      const a = counting();
      const drawn = await createRasteriser({ load: a.load, cacheDir: dir }).webp(cover(1));
      expect(a.count.canvases).toBe(1);
      // Only the finished file is there: no partial write left behind.
      expect(await readdir(dir)).toEqual([`${r0.etag(cover(1)).slice(1, -1)}.webp`]);
      const b = counting();
      const read = await createRasteriser({ load: b.load, cacheDir: dir }).webp(cover(1));
      expect(b.count.canvases).toBe(0);
      expect(read?.body.equals(drawn?.body ?? Buffer.alloc(0))).toBe(true);
      expect(read?.etag).toBe(drawn?.etag);
      // An empty file (a write cut short by a crash) is not taken for the art.
      await writeFile(path.join(dir, `${r0.etag(cover(2)).slice(1, -1)}.webp`), '');
      const c = counting();
      const redrawn = await createRasteriser({ load: c.load, cacheDir: dir }).webp(cover(2));
      expect(c.count.canvases).toBe(1);
      expect(redrawn?.body.subarray(8, 12).toString('latin1')).toBe('WEBP');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('the ETag is known without encoding and differs with the drawing', () => {
    const { count, load } = counting();
    const r = createRasteriser({ load });
    expect(r.etag(cover(1))).toMatch(/^"[0-9a-f]{20}"$/);
    expect(r.etag(cover(1))).not.toBe(r.etag(cover(2)));
    expect(count.canvases).toBe(0);
  });

  it('without the binding: no fonts, null images, one log line', async () => {
    const logs: string[] = [];
    const r = createRasteriser({
      load: () => {
        throw new Error('no binding');
      },
      log: (l) => logs.push(l),
    });
    expect(r.fonts('en')).toBeNull();
    expect(await r.webp(cover(1))).toBeNull();
    expect(await r.webp(cover(2))).toBeNull();
    expect(logs).toEqual(['media: cannot load @napi-rs/canvas (no binding); serving the game art as SVG instead']);
  });

  it('an image that fails to draw answers null, is logged once and not retried', async () => {
    const logs: string[] = [];
    const { count, load } = counting({ failLoad: true });
    const r = createRasteriser({ load, log: (l) => logs.push(l) });
    expect(await r.webp(cover(1))).toBeNull();
    expect(await r.webp(cover(1))).toBeNull();
    expect(await r.webp(cover(2))).toBeNull();
    expect(count.canvases).toBe(0);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toContain('bad image');
  });

  it('Chinese text with no Chinese font installed still draws (empty boxes, never a throw)', async () => {
    const { load } = counting({ families: ['DejaVu Sans'] });
    const r = createRasteriser({ load });
    const fonts = r.fonts('zh-Hans');
    expect(fonts?.('云端即点即玩').family).toBe('DejaVu Sans');
    const art = { svg: bannerSvg({ id: 1, title: '星陨奥德赛', developer: '星云' }, 'zh-Hans', fonts ?? undefined), ...BANNER_SIZE };
    const webp = await r.webp(art);
    expect((await real.loadImage(webp?.body ?? Buffer.alloc(0))).width).toBe(1280);
  });
});

describe('the catalogue art as the app shows it (decision 0017)', () => {
  const fixtures = loadFixtures(DEFAULT_FIXTURES_DIR);
  const ids = fixtures.content.catalogue.games.slice(0, 12).map((g) => String(g.id));
  const r = createRasteriser();
  const fonts = r.fonts('en') ?? undefined;

  /** Every sampled game's WebP of `file`: its decoded size and bytes. */
  async function encoded(file: string): Promise<{ sizes: Set<string>; bytes: number[] }> {
    const sizes = new Set<string>();
    const bytes: number[] = [];
    for (const id of ids) {
      const art = gameArt(fixtures, id, file, 'en', fonts);
      const webp = art && (await r.webp(art));
      if (!webp) throw new Error(`no ${file} for game ${id}`);
      const image = await real.loadImage(webp.body);
      sizes.add(`${image.width}x${image.height}`);
      bytes.push(webp.body.length);
    }
    return { sizes, bytes };
  }
  const mean = (xs: number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length;

  it('a cover is 300×400 (the app’s <img> box), about 4 KB and never over 6 KB', async () => {
    expect(ART_RASTER.cover).toMatchObject({ width: 300, height: 400 });
    const { sizes, bytes } = await encoded('cover.webp');
    expect([...sizes]).toEqual(['300x400']);
    expect(mean(bytes)).toBeLessThanOrEqual(4.2 * 1024);
    expect(Math.max(...bytes)).toBeLessThanOrEqual(6 * 1024);
  });

  it('a banner is 800×450 (detail’s full width at DPR 2), under 9 KB typically and never over 11 KB', async () => {
    const { sizes, bytes } = await encoded('banner.webp');
    expect([...sizes]).toEqual(['800x450']);
    expect(mean(bytes)).toBeLessThanOrEqual(9 * 1024);
    expect(Math.max(...bytes)).toBeLessThanOrEqual(11 * 1024);
  });

  it('a screenshot keeps the drawing’s 1280×720 for the zoomed preview', async () => {
    const { sizes } = await encoded('shot-1.webp');
    expect([...sizes]).toEqual([`${BANNER_SIZE.width}x${BANNER_SIZE.height}`]);
  });

  it('the SVG routes keep the drawing’s own size', () => {
    const cover = gameArt(fixtures, ids[0] ?? '1', 'cover.svg');
    expect(cover?.svg).toContain(`width="${COVER_SIZE.width}" height="${COVER_SIZE.height}"`);
  });
});

describe('pickFonts', () => {
  const bold = [{ weight: 400 }, { weight: 700 }];
  const regular = [{ weight: 400 }];
  it('one installed family per text: a Latin one, and a Chinese one for Chinese text, in the language’s script', () => {
    const debian = pickFonts(
      [
        { family: 'DejaVu Sans', styles: bold },
        { family: 'Liberation Sans', styles: bold },
        { family: 'WenQuanYi Micro Hei', styles: regular },
      ],
      'zh-Hans',
    );
    expect(debian('Starfall Odyssey')).toEqual({ family: 'Liberation Sans', fakeBold: false });
    // WenQuanYi has no bold face: Chromium thickens it, so the drawing must too.
    expect(debian('Nebula Forge · 云端即点即玩')).toEqual({ family: 'WenQuanYi Micro Hei', fakeBold: true });
    const noto = ['Noto Sans CJK SC', 'Noto Sans CJK TC', 'Arial'].map((family) => ({ family, styles: bold }));
    expect(pickFonts(noto, 'zh-Hant')('場景 2').family).toBe('Noto Sans CJK TC');
    expect(pickFonts(noto, 'zh-Hans')('场景 2').family).toBe('Noto Sans CJK SC');
    expect(pickFonts(noto, 'en')('Scene 2').family).toBe('Arial');
    expect(pickFonts([], 'en')('星')).toEqual({ family: 'sans-serif' });
  });

  it('a bold text in a family without a bold face is thickened with a stroke; other texts are not', () => {
    const fonts = pickFonts([{ family: 'WenQuanYi Micro Hei', styles: regular }, { family: 'Liberation Sans', styles: bold }], 'zh-Hans');
    const zh = bannerSvg({ id: 1, title: '星陨奥德赛', developer: 'Nebula Forge' }, 'zh-Hans', fonts);
    expect(zh).toMatch(/<text [^>]*font-weight="700"[^>]*stroke="#fff" stroke-width="2\.5"[^>]*font-family="WenQuanYi Micro Hei">星陨奥德赛</);
    expect(zh).toMatch(/<text (?![^>]*stroke=)[^>]*font-family="WenQuanYi Micro Hei">Nebula Forge · 云端即点即玩</);
    const en = bannerSvg({ id: 1, title: 'Starfall Odyssey', developer: 'Nebula Forge' }, 'en', fonts);
    expect(en).not.toContain('stroke="#fff" stroke-width');
    expect(en).toContain('font-family="Liberation Sans">Starfall Odyssey<');
  });
});

describe('hslHex', () => {
  it('gives the CSS hsl() colour as #rrggbb', () => {
    expect(hslHex(0, 1, 0.5)).toBe('#ff0000');
    expect(hslHex(120, 1, 0.25)).toBe('#008000');
    expect(hslHex(240, 1, 0.5)).toBe('#0000ff');
    expect(hslHex(0, 0, 1)).toBe('#ffffff');
    expect(hslHex(210, 0.65, 0.16)).toBe('#0e2943');
  });
});
