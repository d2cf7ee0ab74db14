/**
 * The catalogue art as WebP, rasterised from media-svg.ts's SVG with @napi-rs/canvas (Skia), because a real CDN
 * serves raster images: Chromium decodes a WebP off the main thread, while every SVG `<img>` is a document of its own
 * that it lays out and paints on the main thread — the mock's art made the app's pages look slower than they are.
 *
 * Encoding costs tens of ms (off the event loop), so each image is kept in a bounded LRU keyed by its SVG (which
 * names the game, file, language and fonts), and concurrent requests for one image share one encode. Without the
 * canvas binding, or when an image fails to draw, `webp` answers null and the caller serves the SVG.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Canvas, Image } from '@napi-rs/canvas';
import type { ContentLanguage } from '../languages.ts';
import type { ArtFont, FontFor } from './media-svg.ts';

/** A font family Skia knows, with the weights it has (GlobalFonts.families). */
type InstalledFamily = { family: string; styles?: ReadonlyArray<{ weight: number }> };

/** The part of @napi-rs/canvas the art needs. */
export interface CanvasLib {
  createCanvas(width: number, height: number): Canvas;
  loadImage(source: Buffer): Promise<Image>;
  GlobalFonts: { readonly families: readonly InstalledFamily[] };
}

export const WEBP_TYPE = 'image/webp';
/**
 * libwebp's 0–100 for art drawn large (screenshots, zoomed in the preview): flat gradients and large text stay clean.
 * The small art of lists (media.ts ART_RASTER) is encoded at its own quality.
 */
export const WEBP_QUALITY = 80;
/** ~300 images of ≤ 20 KB: every cover, banner and screenshot of the catalogue in a language or two, a few MB. */
export const RASTER_CACHE_ENTRIES = 300;

export interface ArtDrawing {
  svg: string;
  /** The WebP's size (the SVG is scaled to it). */
  width: number;
  height: number;
  /** libwebp quality for this image; the rasteriser's own (WEBP_QUALITY) when absent. */
  quality?: number;
}

export interface Raster {
  body: Buffer;
  etag: string;
}

export interface Rasteriser {
  /** How to name fonts in an SVG drawn for this rasteriser; null when it cannot draw (serve the SVG as it is). */
  fonts(language: ContentLanguage): FontFor | null;
  /** The ETag the WebP of `art` has, known before (and without) encoding it, so a revalidation costs no encode. */
  etag(art: ArtDrawing): string;
  webp(art: ArtDrawing): Promise<Raster | null>;
}

export interface RasteriserOptions {
  /** The canvas library (default: @napi-rs/canvas, required on first use); throwing means the binding is missing. */
  load?: () => CanvasLib;
  /** Told once, the first time something cannot be drawn. */
  log?: (line: string) => void;
  maxEntries?: number;
  quality?: number;
  /**
   * A folder that processes drawing the same art share: a WebP drawn is written there under its key (which names the
   * SVG, size and quality), and one found there is read rather than drawn again. The e2e files' mocks share one, so
   * the catalogue's art is encoded once a run rather than once a file.
   */
  cacheDir?: string;
}

const LATIN_FAMILIES = ['Helvetica Neue', 'Arial', 'Liberation Sans', 'DejaVu Sans'];
const CJK_FAMILIES: Readonly<Record<ContentLanguage, readonly string[]>> = {
  en: ['PingFang SC', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Source Han Sans SC'],
  'zh-Hans': ['PingFang SC', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Source Han Sans SC'],
  'zh-Hant': ['PingFang TC', 'Microsoft JhengHei', 'Noto Sans CJK TC', 'Source Han Sans TC'],
};
/** Any other installed family with Chinese glyphs (Debian's WenQuanYi, Droid fallback, AR PL…). */
const ANY_CJK_FAMILY = /WenQuanYi|Noto Sans CJK|Source Han Sans|Droid Sans Fallback|PingFang|YaHei|JhengHei|AR PL/i;
const CJK_TEXT = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3000-\u303f\uff00-\uffef]/u;

/** One installed family per kind of text; with none installed Skia's default draws (Chinese as empty boxes, never a crash). */
export function pickFonts(installed: readonly InstalledFamily[], language: ContentLanguage): FontFor {
  const byName = new Map(installed.map((f) => [f.family, f]));
  const font = (f: InstalledFamily | undefined): ArtFont => (f === undefined ? { family: 'sans-serif' } : { family: f.family, fakeBold: !(f.styles ?? []).some((s) => s.weight >= 600) });
  const latin = font(LATIN_FAMILIES.map((f) => byName.get(f)).find((f) => f !== undefined));
  const cjkFamily = CJK_FAMILIES[language].map((f) => byName.get(f)).find((f) => f !== undefined) ?? installed.find((f) => ANY_CJK_FAMILY.test(f.family));
  const cjk = cjkFamily === undefined ? latin : font(cjkFamily);
  return (text) => (CJK_TEXT.test(text) ? cjk : latin);
}

/** Written under a name of its own and renamed, so another process never reads half a file; a failed write only costs a later draw. */
async function keep(file: string, body: Buffer): Promise<void> {
  const partial = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}`;
  try {
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(partial, body);
    await rename(partial, file);
  } catch {
    // Not kept: the next process draws it again.
  }
}

const defaultLoad = (): CanvasLib => createRequire(import.meta.url)('@napi-rs/canvas') as CanvasLib;

export function createRasteriser(options: RasteriserOptions = {}): Rasteriser {
  const quality = options.quality ?? WEBP_QUALITY;
  const maxEntries = options.maxEntries ?? RASTER_CACHE_ENTRIES;
  const log = options.log ?? ((): void => undefined);
  const cache = new Map<string, Promise<Raster | null>>();
  const fontsByLanguage = new Map<ContentLanguage, FontFor>();
  let lib: CanvasLib | null | undefined;
  let told = false;

  const fail = (what: string, err: unknown): null => {
    if (!told) {
      told = true;
      log(`media: cannot ${what} (${err instanceof Error ? err.message : String(err)}); serving the game art as SVG instead`);
    }
    return null;
  };
  const canvas = (): CanvasLib | null => {
    if (lib === undefined) {
      try {
        lib = (options.load ?? defaultLoad)();
      } catch (err) {
        lib = fail('load @napi-rs/canvas', err);
      }
    }
    return lib;
  };
  const keyOf = (art: ArtDrawing): string => createHash('sha1').update(`${art.width}x${art.height}q${art.quality ?? quality}\n${art.svg}`).digest('hex').slice(0, 20);

  async function draw(c: CanvasLib, art: ArtDrawing, key: string): Promise<Raster | null> {
    const file = options.cacheDir === undefined ? undefined : path.join(options.cacheDir, `${key}.webp`);
    const kept = file === undefined ? null : await readFile(file).catch(() => null);
    if (kept !== null && kept.length > 0) return { body: kept, etag: `"${key}"` };
    try {
      const image = await c.loadImage(Buffer.from(art.svg, 'utf8'));
      const target = c.createCanvas(art.width, art.height);
      target.getContext('2d').drawImage(image, 0, 0, art.width, art.height);
      const body = await target.encode('webp', art.quality ?? quality);
      if (file !== undefined) await keep(file, body);
      return { body, etag: `"${key}"` };
    } catch (err) {
      return fail('draw a game image as WebP', err);
    }
  }

  return {
    fonts(language) {
      const c = canvas();
      if (c === null) return null;
      let fonts = fontsByLanguage.get(language);
      if (fonts === undefined) {
        const installed = (() => {
          try {
            return c.GlobalFonts.families;
          } catch {
            return [];
          }
        })();
        fonts = pickFonts(installed, language);
        fontsByLanguage.set(language, fonts);
      }
      return fonts;
    },
    etag: (art) => `"${keyOf(art)}"`,
    webp(art) {
      const c = canvas();
      if (c === null) return Promise.resolve(null);
      const key = keyOf(art);
      let entry = cache.get(key);
      if (entry !== undefined) {
        // Most recently used goes last; the first key is the one to evict.
        cache.delete(key);
      } else {
        entry = draw(c, art, key);
      }
      cache.set(key, entry);
      while (cache.size > maxEntries) {
        const oldest = cache.keys().next().value;
        if (oldest === undefined) break;
        cache.delete(oldest);
      }
      return entry;
    },
  };
}
