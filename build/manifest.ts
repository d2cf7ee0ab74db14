/**
 * The web app manifest (docs/decisions/0022-installable-app.md): one per language the app has words in, each naming the
 * app in it, and the icons the manifests and iOS's home screen use, drawn from web/public/favicon.svg at build time.
 *
 * Every URL inside a manifest is relative to the manifest's own: start_url, scope and the icons resolve wherever the
 * export is served from. All three manifests share one `id`, so a reader who changes language installs the same app.
 */
import { createRequire } from 'node:module';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Canvas, Image } from '@napi-rs/canvas';
import type { WordsLang } from '../web/app/words-first.ts';
import { BASES } from '../web/core/i18n/messages.ts';
import zhHans from '../web/core/i18n/locales/zh-Hans.ts';
import zhHant from '../web/core/i18n/locales/zh-Hant.ts';
import { appNamesIn, installWords } from '../web/app/install/words.ts';
import { BACKGROUND, type InstallHead } from './html.ts';

export const MANIFEST_LANGS: readonly WordsLang[] = ['en', 'zh-Hans', 'zh-Hant'];

/** "manifest.zh-Hans.webmanifest", at the export's root. */
export const manifestFile = (lang: WordsLang): string => `manifest.${lang}.webmanifest`;

export interface AppIcon {
  /** Relative to the export's root (and so to the manifests). */
  file: string;
  size: number;
  /**
   * "any": the art as it is, its rounded square on transparent corners. "maskable": the dark background to every
   * edge and the art inside the safe zone (the centre circle of 40 % radius), for launchers that cut their own shape.
   */
  purpose: 'any' | 'maskable';
}

/** The manifests' icons: 192 and 512 px as Android's launcher and splash screen ask, and a maskable 512. */
export const MANIFEST_ICONS: readonly AppIcon[] = [
  { file: 'icons/app-192.png', size: 192, purpose: 'any' },
  { file: 'icons/app-512.png', size: 512, purpose: 'any' },
  { file: 'icons/app-maskable-512.png', size: 512, purpose: 'maskable' },
];

/** iOS's home-screen icon (`apple-touch-icon`, 180 px for today's iPhones): full bleed, since iOS rounds it itself. */
export const APPLE_TOUCH_ICON: AppIcon = { file: 'icons/apple-touch-icon.png', size: 180, purpose: 'maskable' };

/** How much of a full-bleed icon the art spans: the favicon's widest point then lies 31 % from the centre, inside 40 %. */
export const FULL_BLEED_ART = 0.8;

export interface AppNames {
  name: string;
  shortName: string;
}

/** The manifest of one language. */
export function appManifest(lang: WordsLang, names: AppNames): Record<string, unknown> {
  return {
    id: './',
    name: names.name,
    short_name: names.shortName,
    lang,
    dir: 'ltr',
    start_url: './',
    scope: './',
    display: 'standalone',
    background_color: BACKGROUND,
    theme_color: BACKGROUND,
    icons: MANIFEST_ICONS.map((icon) => ({ src: icon.file, sizes: `${icon.size}x${icon.size}`, type: 'image/png', purpose: icon.purpose })),
  };
}

/** The app's names in each language, from the i18n catalogue (English for a missing translation, as the app shows it). */
export function appNames(): Record<WordsLang, AppNames> {
  const en = appNamesIn(BASES.get('app/install') ?? installWords.get());
  const pick = (texts: Record<string, unknown> | undefined): AppNames => {
    const own = appNamesIn(texts ?? {});
    const text = (key: keyof AppNames): string => {
      const value = own[key] ?? en[key];
      if (typeof value !== 'string' || value.trim() === '') throw new Error(`no app/install name "${key}"`);
      return value;
    };
    return { name: text('name'), shortName: text('shortName') };
  };
  return { en: pick({}), 'zh-Hans': pick(zhHans['app/install']), 'zh-Hant': pick(zhHant['app/install']) };
}

/** The part of @napi-rs/canvas the icons need. */
interface CanvasLib {
  createCanvas(width: number, height: number): Canvas;
  loadImage(source: Buffer): Promise<Image>;
}

/** The SVG drawn at `px` (Skia rasterises an SVG at its own size: 32 px, blurred when scaled up). */
export function svgAtSize(svg: string, px: number): string {
  const open = /<svg\b[^>]*>/.exec(svg);
  if (!open) throw new Error('favicon.svg: no <svg> element');
  const sized = open[0].replace(/\s(width|height)="[^"]*"/g, '').replace(/^<svg/, `<svg width="${px}" height="${px}"`);
  return svg.replace(open[0], sized);
}

/** One icon as PNG bytes. */
export async function drawIcon(canvas: CanvasLib, svg: string, icon: AppIcon): Promise<Buffer> {
  const art = icon.purpose === 'any' ? icon.size : Math.round(icon.size * FULL_BLEED_ART);
  const image = await canvas.loadImage(Buffer.from(svgAtSize(svg, art), 'utf8'));
  const target = canvas.createCanvas(icon.size, icon.size);
  const ctx = target.getContext('2d');
  if (icon.purpose === 'maskable') {
    ctx.fillStyle = BACKGROUND;
    ctx.fillRect(0, 0, icon.size, icon.size);
  }
  const at = (icon.size - art) / 2;
  ctx.drawImage(image, at, at, art, art);
  return target.encode('png');
}

const loadCanvas = (): CanvasLib => createRequire(import.meta.url)('@napi-rs/canvas') as CanvasLib;
/** Watch mode rebuilds on every change: the icons are drawn again only when the art changed. */
const drawn = new Map<string, Promise<Buffer>>();

/**
 * Writes the icons and the manifests into `outDir` and says what the pages' heads carry; null without
 * `publicDir/favicon.svg` (a build of another entry, the bench's baseline: nothing to install).
 */
export async function writeManifests(publicDir: string | null, outDir: string): Promise<InstallHead | null> {
  const source = publicDir === null ? null : path.join(publicDir, 'favicon.svg');
  if (source === null || !existsSync(source)) return null;
  const svg = await readFile(source, 'utf8');
  const canvas = loadCanvas();
  await mkdir(path.join(outDir, 'icons'), { recursive: true });
  await Promise.all(
    [...MANIFEST_ICONS, APPLE_TOUCH_ICON].map(async (icon) => {
      const key = `${icon.file} ${icon.size} ${icon.purpose}\n${svg}`;
      let png = drawn.get(key);
      if (png === undefined) {
        png = drawIcon(canvas, svg, icon);
        drawn.set(key, png);
        png.catch(() => drawn.delete(key));
      }
      await writeFile(path.join(outDir, icon.file), await png);
    }),
  );
  const names = appNames();
  await Promise.all(MANIFEST_LANGS.map((lang) => writeFile(path.join(outDir, manifestFile(lang)), `${JSON.stringify(appManifest(lang, names[lang]), null, 2)}\n`)));
  const byLang = <T>(fn: (lang: WordsLang) => T): Record<WordsLang, T> => Object.fromEntries(MANIFEST_LANGS.map((l) => [l, fn(l)])) as Record<WordsLang, T>;
  return { manifests: byLang((l) => `/${manifestFile(l)}`), titles: byLang((l) => names[l].shortName), appleTouchIcon: `/${APPLE_TOUCH_ICON.file}` };
}
