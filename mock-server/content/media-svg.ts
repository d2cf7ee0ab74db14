/**
 * The catalogue's pictures, drawn rather than downloaded: a cover (600×800),
 * a banner (1280×720) and screenshots (1280×720) from the game's id and title
 * — a gradient and shapes seeded by a hash of both, and the title — so the
 * same game always looks the same.
 */
import { createHash } from 'node:crypto';
import type { GameFixture } from '../fixtures/index.ts';
import type { ContentLanguage } from '../languages.ts';

export const COVER_SIZE = { width: 600, height: 800 } as const;
export const BANNER_SIZE = { width: 1280, height: 720 } as const;

/** A small deterministic generator (mulberry32) seeded from a string. */
function seeded(seed: string): () => number {
  let a = createHash('sha256').update(seed).digest().readUInt32LE(0);
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Break a title into lines of at most `width` characters (a long word gets a line of its own). */
export function wrap(text: string, width: number, maxLines: number): string[] {
  const lines: string[] = [];
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const last = lines[lines.length - 1];
    if (last !== undefined && last.length + 1 + word.length <= width) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  if (lines.length > maxLines) {
    const kept = lines.slice(0, maxLines);
    kept[maxLines - 1] = `${kept[maxLines - 1] ?? ''}…`;
    return kept;
  }
  return lines;
}

interface Palette {
  from: string;
  to: string;
  accent: string;
  angle: number;
}

/** `#rrggbb` of an HSL colour (CSS Color 4 §7.1): Skia's SVG reader, which draws the WebP art, knows no `hsl()`. */
export function hslHex(h: number, s: number, l: number): string {
  const a = s * Math.min(l, 1 - l);
  const channel = (n: number): string => {
    const k = (n + h / 30) % 12;
    const v = l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(v * 255).toString(16).padStart(2, '0');
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`;
}

function palette(game: Pick<GameFixture, 'id' | 'title'>, salt = ''): Palette {
  const rnd = seeded(`${game.id}:${game.title}${salt}`);
  const hue = Math.floor(rnd() * 360);
  const hue2 = (hue + 40 + Math.floor(rnd() * 100)) % 360;
  return {
    from: hslHex(hue, 0.7, 0.46),
    to: hslHex(hue2, 0.65, 0.16),
    accent: hslHex((hue + 180) % 360, 0.85, 0.62),
    angle: Math.floor(rnd() * 360),
  };
}

function shapes(rnd: () => number, width: number, height: number, count: number): string {
  let out = '';
  for (let i = 0; i < count; i++) {
    const x = Math.round(rnd() * width);
    const y = Math.round(rnd() * height);
    const r = Math.round((0.05 + rnd() * 0.25) * Math.min(width, height));
    const o = (0.05 + rnd() * 0.12).toFixed(2);
    out += rnd() < 0.6 ? `<circle cx="${x}" cy="${y}" r="${r}" fill="#fff" fill-opacity="${o}"/>` : `<rect x="${x - r}" y="${y - r}" width="${r * 2}" height="${r * 2}" rx="${Math.round(r / 4)}" transform="rotate(${Math.round(rnd() * 90)} ${x} ${y})" fill="#fff" fill-opacity="${o}"/>`;
  }
  return out;
}

function frame(width: number, height: number, p: Palette, body: string, label: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeXml(label)}">` +
    `<defs><linearGradient id="g" gradientTransform="rotate(${p.angle} .5 .5)"><stop offset="0" stop-color="${p.from}"/><stop offset="1" stop-color="${p.to}"/></linearGradient>` +
    `<linearGradient id="fade" x1="0" y1="0" x2="0" y2="1"><stop offset=".45" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".65"/></linearGradient></defs>` +
    `<rect width="${width}" height="${height}" fill="url(#g)"/>${body}</svg>\n`
  );
}

/**
 * The font for one text of the art. A browser falls back glyph by glyph through a list, so the SVG names the usual
 * system fonts; Skia's SVG reader takes the first family only, so the WebP art (media-raster.ts) names one installed
 * family per text, a Chinese one for Chinese text, and `fakeBold` when that family has no bold face: Skia then draws
 * it regular where Chromium thickens it, so the drawing thickens it with a stroke of its own colour.
 */
export interface ArtFont {
  family: string;
  fakeBold?: boolean;
}
export type FontFor = (text: string) => ArtFont;
export const browserFont: FontFor = () => ({ family: "'Helvetica Neue',Arial,'PingFang SC','Microsoft YaHei',sans-serif" });
/** About the thickening Chromium's synthetic bold adds, as a share of the font size. */
const FAKE_BOLD_STROKE = 0.03;

interface TextStyle {
  x: number;
  y: number;
  size: number;
  anchor?: 'start' | 'middle' | 'end';
  bold?: boolean;
  opacity?: string;
}

function text(fontFor: FontFor, content: string, t: TextStyle): string {
  const font = fontFor(content);
  const anchor = t.anchor === undefined ? '' : ` text-anchor="${t.anchor}"`;
  const weight = t.bold ? ' font-weight="700"' : '';
  const opacity = t.opacity === undefined ? '' : ` fill-opacity="${t.opacity}"`;
  const thicken = t.bold && font.fakeBold ? ` stroke="#fff" stroke-width="${(t.size * FAKE_BOLD_STROKE).toFixed(1)}" stroke-linejoin="round"${opacity.replace('fill-', 'stroke-')}` : '';
  return `<text x="${t.x}" y="${t.y}"${anchor} font-size="${t.size}"${weight} fill="#fff"${opacity}${thicken} font-family="${escapeXml(font.family)}">${escapeXml(content)}</text>`;
}

function titleLines(fontFor: FontFor, lines: string[], x: number, lastBaseline: number, size: number, anchor: 'start' | 'middle'): string {
  const lh = Math.round(size * 1.15);
  return lines.map((line, i) => text(fontFor, line, { x, y: lastBaseline - (lines.length - 1 - i) * lh, size, anchor, bold: true })).join('');
}

type SvgGame = Pick<GameFixture, 'id' | 'title' | 'developer'>;

/** The words the art draws besides the game's own title and studio, in each content language (the request's). */
const WORDS: Readonly<Record<ContentLanguage, { playNow: string; scene: (n: number) => string }>> = {
  en: { playNow: 'Play now in the cloud', scene: (n) => `Scene ${n}` },
  'zh-Hans': { playNow: '云端即点即玩', scene: (n) => `场景 ${n}` },
  'zh-Hant': { playNow: '雲端即點即玩', scene: (n) => `場景 ${n}` },
};

/** Portrait cover: gradient, shapes, the title near the bottom and the studio below it. */
export function coverSvg(game: SvgGame, fontFor: FontFor = browserFont): string {
  const { width, height } = COVER_SIZE;
  const p = palette(game);
  const rnd = seeded(`cover:${game.id}:${game.title}`);
  const lines = wrap(game.title, 14, 3);
  const body =
    shapes(rnd, width, height, 7) +
    `<rect width="${width}" height="${height}" fill="url(#fade)"/>` +
    `<rect x="48" y="${height - 110 - lines.length * 64}" width="64" height="8" rx="4" fill="${p.accent}"/>` +
    titleLines(fontFor, lines, 48, height - 100, 56, 'start') +
    text(fontFor, game.developer, { x: 48, y: height - 52, size: 26, opacity: '.75' });
  return frame(width, height, p, body, game.title);
}

/** Landscape banner: gradient, shapes and a large title on the left. */
export function bannerSvg(game: SvgGame, language: ContentLanguage = 'en', fontFor: FontFor = browserFont): string {
  const { width, height } = BANNER_SIZE;
  const p = palette(game);
  const rnd = seeded(`banner:${game.id}:${game.title}`);
  const lines = wrap(game.title, 22, 2);
  const body =
    shapes(rnd, width, height, 9) +
    `<rect width="${width}" height="${height}" fill="url(#fade)"/>` +
    titleLines(fontFor, lines, 72, height - 130, 84, 'start') +
    text(fontFor, `${game.developer} · ${WORDS[language].playNow}`, { x: 72, y: height - 70, size: 32, opacity: '.8' });
  return frame(width, height, p, body, game.title);
}

/** A "screenshot": a landscape of hills under a sky in the game's colours, a HUD, and the scene number. */
export function screenshotSvg(game: SvgGame, n: number, language: ContentLanguage = 'en', fontFor: FontFor = browserFont): string {
  const scene = WORDS[language].scene(n);
  const { width, height } = BANNER_SIZE;
  const p = palette(game, `:shot${n}`);
  const rnd = seeded(`shot:${game.id}:${game.title}:${n}`);
  let hills = '';
  for (let layer = 0; layer < 3; layer++) {
    const base = height * (0.55 + layer * 0.13);
    let d = `M0 ${height} L0 ${Math.round(base)}`;
    for (let x = 0; x <= width; x += 160) d += ` L${x} ${Math.round(base - rnd() * 120)}`;
    d += ` L${width} ${height} Z`;
    hills += `<path d="${d}" fill="#000" fill-opacity="${(0.2 + layer * 0.18).toFixed(2)}"/>`;
  }
  const sun = `<circle cx="${Math.round(200 + rnd() * 880)}" cy="${Math.round(120 + rnd() * 160)}" r="${Math.round(40 + rnd() * 50)}" fill="${p.accent}" fill-opacity=".85"/>`;
  const hud =
    `<rect x="32" y="32" width="260" height="22" rx="11" fill="#000" fill-opacity=".45"/>` +
    `<rect x="36" y="36" width="${Math.round(60 + rnd() * 190)}" height="14" rx="7" fill="${p.accent}"/>` +
    `<circle cx="${width - 90}" cy="${height - 90}" r="48" fill="#fff" fill-opacity=".18" stroke="#fff" stroke-opacity=".5" stroke-width="3"/>` +
    text(fontFor, game.title, { x: width - 32, y: 52, size: 28, anchor: 'end', bold: true }) +
    text(fontFor, scene, { x: width - 32, y: 88, size: 22, anchor: 'end', opacity: '.75' });
  return frame(width, height, p, sun + shapes(rnd, width, height * 0.5, 4) + hills + hud, `${game.title} · ${scene}`);
}
