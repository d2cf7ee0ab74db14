/**
 * Media for the catalogue, made here rather than downloaded:
 *
 * - `/mock-media/games/<id>/cover.svg` (600×800), `banner.svg` (1280×720) and
 *   `shot-<n>.svg` (1280×720, n = 1…screenshot_count): SVG drawn at request
 *   time from the game's id and title — a gradient and shapes seeded by a
 *   hash of both, and the title — so the same game always looks the same.
 * - `/mock-media/<file>`: a file from `fixtures/media/` (the trailer), with
 *   HTTP Range support so video players can seek.
 *
 * Paths are decoded segment by segment and can never leave the media folder.
 */
import { createHash } from 'node:crypto';
import { createReadStream, promises as fs, type Stats } from 'node:fs';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import type { GameFixture } from '../fixtures/content.ts';
import type { Fixtures } from '../fixtures/index.ts';
import { contentType, safeSegments } from '../http/static.ts';

export const MEDIA_PREFIX = '/mock-media/';
export const SVG_TYPE = 'image/svg+xml';
const MEDIA_CACHE = 'public, max-age=3600';

export const COVER_SIZE = { width: 600, height: 800 } as const;
export const BANNER_SIZE = { width: 1280, height: 720 } as const;

const VIDEO_TYPES: Readonly<Record<string, string>> = { '.mp4': 'video/mp4', '.webm': 'video/webm' };

// ---------------------------------------------------------------- URLs

const HOST = /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/;

function first(v: string | string[] | undefined): string | undefined {
  const s = Array.isArray(v) ? v[0] : v;
  return s?.split(',')[0]?.trim() || undefined;
}

/**
 * The origin the client reached this server at (`x-forwarded-host`/`-proto`
 * first, for a proxy in front), so media URLs in answers are absolute like a
 * real CDN's. "" when the request named no usable host: URLs stay root-relative.
 */
export function requestOrigin(headers: IncomingHttpHeaders): string {
  const host = first(headers['x-forwarded-host']) ?? first(headers.host);
  if (host === undefined || !HOST.test(host)) return '';
  const proto = first(headers['x-forwarded-proto']);
  return `${proto === 'https' ? 'https' : 'http'}://${host}`;
}

export function gameMediaPath(gameId: number, file: string): string {
  return `${MEDIA_PREFIX}games/${gameId}/${file}`;
}

export interface GameMediaUrls {
  cover: string;
  banner: string;
  screenshots: string[];
  trailer: string;
}

export function gameMediaUrls(origin: string, game: GameFixture): GameMediaUrls {
  return {
    cover: origin + gameMediaPath(game.id, 'cover.svg'),
    banner: origin + gameMediaPath(game.id, 'banner.svg'),
    screenshots: Array.from({ length: game.screenshot_count }, (_, i) => origin + gameMediaPath(game.id, `shot-${i + 1}.svg`)),
    trailer: `${origin}${MEDIA_PREFIX}${encodeURIComponent(game.trailer)}`,
  };
}

export function videoType(file: string): string {
  return VIDEO_TYPES[path.extname(file).toLowerCase()] ?? contentType(file);
}

// ---------------------------------------------------------------- SVG

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

function palette(game: Pick<GameFixture, 'id' | 'title'>, salt = ''): Palette {
  const rnd = seeded(`${game.id}:${game.title}${salt}`);
  const hue = Math.floor(rnd() * 360);
  const hue2 = (hue + 40 + Math.floor(rnd() * 100)) % 360;
  return {
    from: `hsl(${hue},70%,46%)`,
    to: `hsl(${hue2},65%,16%)`,
    accent: `hsl(${(hue + 180) % 360},85%,62%)`,
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

const FONT = `font-family="'Helvetica Neue',Arial,'PingFang SC','Microsoft YaHei',sans-serif"`;

function titleLines(lines: string[], x: number, lastBaseline: number, size: number, anchor: 'start' | 'middle'): string {
  const lh = Math.round(size * 1.15);
  return lines
    .map((line, i) => {
      const y = lastBaseline - (lines.length - 1 - i) * lh;
      return `<text x="${x}" y="${y}" text-anchor="${anchor}" ${FONT} font-size="${size}" font-weight="700" fill="#fff">${escapeXml(line)}</text>`;
    })
    .join('');
}

type SvgGame = Pick<GameFixture, 'id' | 'title' | 'developer'>;

/** Portrait cover: gradient, shapes, the title near the bottom and the studio below it. */
export function coverSvg(game: SvgGame): string {
  const { width, height } = COVER_SIZE;
  const p = palette(game);
  const rnd = seeded(`cover:${game.id}:${game.title}`);
  const lines = wrap(game.title, 14, 3);
  const body =
    shapes(rnd, width, height, 7) +
    `<rect width="${width}" height="${height}" fill="url(#fade)"/>` +
    `<rect x="48" y="${height - 110 - lines.length * 64}" width="64" height="8" rx="4" fill="${p.accent}"/>` +
    titleLines(lines, 48, height - 100, 56, 'start') +
    `<text x="48" y="${height - 52}" ${FONT} font-size="26" fill="#fff" fill-opacity=".75">${escapeXml(game.developer)}</text>`;
  return frame(width, height, p, body, game.title);
}

/** Landscape banner: gradient, shapes and a large title on the left. */
export function bannerSvg(game: SvgGame): string {
  const { width, height } = BANNER_SIZE;
  const p = palette(game);
  const rnd = seeded(`banner:${game.id}:${game.title}`);
  const lines = wrap(game.title, 22, 2);
  const body =
    shapes(rnd, width, height, 9) +
    `<rect width="${width}" height="${height}" fill="url(#fade)"/>` +
    titleLines(lines, 72, height - 130, 84, 'start') +
    `<text x="72" y="${height - 70}" ${FONT} font-size="32" fill="#fff" fill-opacity=".8">${escapeXml(game.developer)} · Play now in the cloud</text>`;
  return frame(width, height, p, body, game.title);
}

/** A "screenshot": a landscape of hills under a sky in the game's colours, a HUD, and the scene number. */
export function screenshotSvg(game: SvgGame, n: number): string {
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
    `<text x="${width - 32}" y="52" text-anchor="end" ${FONT} font-size="28" font-weight="700" fill="#fff">${escapeXml(game.title)}</text>` +
    `<text x="${width - 32}" y="88" text-anchor="end" ${FONT} font-size="22" fill="#fff" fill-opacity=".75">Scene ${n}</text>`;
  return frame(width, height, p, sun + shapes(rnd, width, height * 0.5, 4) + hills + hud, `${game.title}, scene ${n}`);
}

// ---------------------------------------------------------------- serving

export interface MediaOptions {
  /** Absolute path of `fixtures/media`. */
  mediaDir: string;
  fixtures: Fixtures;
}

function sendPlain(req: IncomingMessage, res: ServerResponse, status: number, text: string, extra: Record<string, string> = {}): void {
  const body = Buffer.from(text, 'utf8');
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'content-length': String(body.length), 'cache-control': 'no-store', ...extra });
  res.end(req.method === 'HEAD' ? undefined : body);
}

function sendSvg(req: IncomingMessage, res: ServerResponse, svg: string): void {
  const body = Buffer.from(svg, 'utf8');
  const etag = `"${createHash('sha1').update(body).digest('hex').slice(0, 20)}"`;
  const headers: Record<string, string> = {
    'content-type': SVG_TYPE,
    'cache-control': MEDIA_CACHE,
    etag,
    'x-content-type-options': 'nosniff',
    // An SVG opened on its own must not run anything.
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
  };
  if (req.headers['if-none-match'] === etag) {
    res.writeHead(304, headers);
    res.end();
    return;
  }
  res.writeHead(200, { ...headers, 'content-length': String(body.length) });
  res.end(req.method === 'HEAD' ? undefined : body);
}

export type ByteRange = { start: number; end: number };

/**
 * One `bytes=` range of a file of `size` bytes (RFC 9110 §14.1.2). Returns the
 * range, 'unsatisfiable' (answer 416), or null to ignore the header and send
 * the whole file (malformed, another unit, or several ranges).
 */
export function parseRange(value: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  if (value === undefined) return null;
  const m = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(value);
  if (!m) return null;
  const [, a = '', b = ''] = m;
  if (a === '' && b === '') return null;
  if (a === '') {
    const suffix = Number(b);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(a);
  const end = b === '' ? size - 1 : Number(b);
  if (b !== '' && end < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end: Math.min(end, size - 1) };
}

function inside(root: string, file: string): boolean {
  const rel = path.relative(root, file);
  return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel);
}

async function mediaFile(root: string, segments: string[]): Promise<{ file: string; stats: Stats } | null> {
  if (segments.length === 0) return null;
  const file = path.join(root, ...segments);
  if (!inside(root, file)) return null;
  try {
    const stats = await fs.stat(file);
    if (!stats.isFile()) return null;
    // A symlink inside the folder must not lead outside it either.
    const [realRoot, realFile] = await Promise.all([fs.realpath(root), fs.realpath(file)]);
    if (!inside(realRoot, realFile)) return null;
    return { file, stats };
  } catch {
    return null;
  }
}

function sendFile(req: IncomingMessage, res: ServerResponse, file: string, stats: Stats): void {
  const size = stats.size;
  const etag = `W/"${size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}"`;
  const headers: Record<string, string> = {
    'content-type': videoType(file),
    'accept-ranges': 'bytes',
    'cache-control': MEDIA_CACHE,
    etag,
    'last-modified': stats.mtime.toUTCString(),
    'x-content-type-options': 'nosniff',
  };
  const ifRange = req.headers['if-range'];
  const range = ifRange !== undefined && ifRange !== etag ? null : parseRange(req.headers.range, size);
  if (range === 'unsatisfiable') {
    sendPlain(req, res, 416, `Range not satisfiable: the file has ${size} bytes\n`, { 'content-range': `bytes */${size}`, 'accept-ranges': 'bytes' });
    return;
  }
  if (range === null && req.headers['if-none-match'] === etag) {
    res.writeHead(304, headers);
    res.end();
    return;
  }
  const { start, end } = range ?? { start: 0, end: size - 1 };
  const status = range === null ? 200 : 206;
  if (range !== null) headers['content-range'] = `bytes ${start}-${end}/${size}`;
  headers['content-length'] = String(size === 0 ? 0 : end - start + 1);
  res.writeHead(status, headers);
  if (req.method === 'HEAD' || size === 0) {
    res.end();
    return;
  }
  const stream = createReadStream(file, { start, end });
  stream.on('error', () => res.destroy());
  stream.pipe(res);
}

const byIdCache = new WeakMap<readonly GameFixture[], Map<number, GameFixture>>();
function gameById(fixtures: Fixtures, id: number): GameFixture | undefined {
  const games = fixtures.content.catalogue.games;
  let index = byIdCache.get(games);
  if (!index) {
    index = new Map(games.map((g) => [g.id, g]));
    byIdCache.set(games, index);
  }
  return index.get(id);
}

/** The SVG for `games/<id>/<file>`, or null when there is no such image. Every catalogue game has images (shielded ones too). */
export function gameImage(fixtures: Fixtures, idText: string, file: string): string | null {
  if (!/^[1-9]\d{0,9}$/.test(idText)) return null;
  const game = gameById(fixtures, Number(idText));
  if (!game) return null;
  if (file === 'cover.svg') return coverSvg(game);
  if (file === 'banner.svg') return bannerSvg(game);
  const shot = /^shot-([1-9]\d?)\.svg$/.exec(file);
  const n = shot ? Number(shot[1]) : 0;
  return n >= 1 && n <= game.screenshot_count ? screenshotSvg(game, n) : null;
}

/** Answer a request under MEDIA_PREFIX (`pathname` is the raw path without the query). */
export async function serveMedia(req: IncomingMessage, res: ServerResponse, pathname: string, options: MediaOptions): Promise<void> {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    sendPlain(req, res, 405, `Method ${req.method ?? ''} not allowed for media.\n`, { allow: 'GET, HEAD' });
    return;
  }
  const segments = safeSegments(pathname.slice(MEDIA_PREFIX.length));
  if (segments === null) {
    sendPlain(req, res, 404, 'Not found\n');
    return;
  }
  if (segments[0] === 'games') {
    const svg = segments.length === 3 ? gameImage(options.fixtures, segments[1] ?? '', segments[2] ?? '') : null;
    if (svg === null) sendPlain(req, res, 404, 'Not found\n');
    else sendSvg(req, res, svg);
    return;
  }
  const found = await mediaFile(path.resolve(options.mediaDir), segments);
  if (found === null) {
    sendPlain(req, res, 404, 'Not found\n');
    return;
  }
  sendFile(req, res, found.file, found.stats);
}
