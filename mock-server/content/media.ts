/**
 * Media for the catalogue, made here rather than downloaded:
 *
 * - `/mock-media/games/<id>/cover.webp` (300×400), `banner.webp` (800×450) and
 *   `shot-<n>.webp` (1280×720, n = 1…screenshot_count): the art the answers
 *   link to, drawn as SVG (media-svg.ts) and rasterised once (media-raster.ts),
 *   like a CDN's JPEG/WebP; the SVG itself when the server cannot rasterise.
 * - the same names in `.svg`: the SVG drawn at request time (cover 600×800,
 *   banner 1280×720; older links, tests that read the text).
 * - `/mock-media/<file>`: a file from `fixtures/media/` (the trailer) through
 *   sirv (http/files.ts), with HTTP Range support so video players can seek.
 *
 * Paths are decoded segment by segment and can never leave the media folder.
 */
import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import type { GameFixture } from '../fixtures/index.ts';
import type { Fixtures } from '../fixtures/index.ts';
import { createFileSender, findFile, safeSegments } from '../http/files.ts';
import { send, sendText } from '../http/reply.ts';
import { contentType } from '../http/static.ts';
import { BANNER_SIZE, bannerSvg, coverSvg, screenshotSvg, type FontFor } from './media-svg.ts';
import { createRasteriser, WEBP_TYPE, type ArtDrawing, type Rasteriser } from './media-raster.ts';
import { contentLanguage } from '../http/language.ts';
import { CONTENT_LANGUAGES, type ContentLanguage } from '../languages.ts';
import { localizedFixtures } from '../sessions/db-localized.ts';

export const MEDIA_PREFIX = '/mock-media/';
const LANG_PARAM = 'lang';

/** The language to draw in: the URL's `lang=` (gameMediaUrls), else the browser's Accept-Language. */
function mediaLanguage(req: IncomingMessage): ContentLanguage {
  const q = (req.url ?? '').split('?')[1] ?? '';
  const named = new URLSearchParams(q).get(LANG_PARAM);
  const listed = CONTENT_LANGUAGES.find((l) => l === named);
  return listed ?? contentLanguage(req.headers['accept-language']);
}
export const SVG_TYPE = 'image/svg+xml';
/**
 * The images and trailer are not hashed, so not immutable; they change only when the fixtures do. A day fresh, then the
 * ETag revalidates them (a 304), so a catalogue scroll does not refetch every cover on each visit.
 */
const MEDIA_CACHE = 'public, max-age=86400, must-revalidate';

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
 * `proxy: false` reads the Host header alone: for a URL the app navigates to
 * (pay_url, docs/decisions/0008-hardening.md §5), which any client could otherwise point at
 * another site with a forged X-Forwarded-Host.
 */
export function requestOrigin(headers: IncomingHttpHeaders, o: { proxy?: boolean } = {}): string {
  const proxy = o.proxy !== false;
  const host = (proxy ? first(headers['x-forwarded-host']) : undefined) ?? first(headers.host);
  if (host === undefined || !HOST.test(host)) return '';
  const proto = proxy ? first(headers['x-forwarded-proto']) : undefined;
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

/**
 * The art is drawn in the language the app asked in (its settings choice can differ from the browser's, whose
 * Accept-Language the image requests carry), so a non-English answer names it in the image URLs.
 */
export function gameMediaUrls(origin: string, game: GameFixture, language: ContentLanguage = 'en'): GameMediaUrls {
  const q = language === 'en' ? '' : `?${LANG_PARAM}=${language}`;
  return {
    cover: origin + gameMediaPath(game.id, 'cover.webp') + q,
    banner: origin + gameMediaPath(game.id, 'banner.webp') + q,
    screenshots: Array.from({ length: game.screenshot_count }, (_, i) => origin + gameMediaPath(game.id, `shot-${i + 1}.webp`) + q),
    trailer: `${origin}${MEDIA_PREFIX}${encodeURIComponent(game.trailer)}`,
  };
}

export function videoType(file: string): string {
  return VIDEO_TYPES[path.extname(file).toLowerCase()] ?? contentType(file);
}

// ---------------------------------------------------------------- serving

export interface MediaOptions {
  /** Absolute path of `fixtures/media`. */
  mediaDir: string;
  fixtures: Fixtures;
  /** Draws the `.webp` art (default: @napi-rs/canvas, logging to `log`, keeping what it drew in `rasterCacheDir`). */
  raster?: Rasteriser;
  /** A folder of drawn art shared with other processes (media-raster.ts RasteriserOptions.cacheDir). */
  rasterCacheDir?: string;
  log?: (line: string) => void;
}

const notFound = (res: ServerResponse): void => sendText(res, 404, 'Not found\n');

/** An image answer with its validators; 304 when the client's copy is current. */
function sendImage(req: IncomingMessage, res: ServerResponse, body: Buffer, etag: string, type: string): void {
  const headers: Record<string, string> = {
    'content-type': type,
    'cache-control': MEDIA_CACHE,
    vary: 'Accept-Language',
    etag,
    'x-content-type-options': 'nosniff',
  };
  // An SVG opened on its own must not run anything.
  if (type === SVG_TYPE) headers['content-security-policy'] = "default-src 'none'; style-src 'unsafe-inline'";
  if (req.headers['if-none-match'] === etag) {
    res.writeHead(304, headers);
    res.end();
    return;
  }
  send(res, 200, body, headers);
}

function sendSvg(req: IncomingMessage, res: ServerResponse, svg: string): void {
  const body = Buffer.from(svg, 'utf8');
  sendImage(req, res, body, `"${createHash('sha1').update(body).digest('hex').slice(0, 20)}"`, SVG_TYPE);
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

/**
 * The Range header as sirv reads it: sirv takes `start-end` literally, so a
 * suffix (`-500`), an open end, several ranges or a malformed header are
 * turned into the one range RFC 9110 means (or dropped) first. If-Range can
 * never match sirv's weak ETag, so with it the whole file is sent.
 */
function normaliseRange(req: IncomingMessage, size: number): void {
  const range = req.headers['if-range'] === undefined ? parseRange(req.headers.range, size) : null;
  if (range === null) delete req.headers.range;
  else req.headers.range = range === 'unsatisfiable' ? `bytes=${size}-` : `bytes=${range.start}-${range.end}`;
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

const ART_FILE = /^(?:(cover|banner)|shot-([1-9]\d?))\.(svg|webp)$/;

/** A game's image file as named in its URL: which picture and in which format. */
function artFile(file: string): { picture: 'cover' | 'banner' | number; format: 'svg' | 'webp' } | null {
  const m = ART_FILE.exec(file);
  if (!m) return null;
  const picture = m[1] === 'cover' || m[1] === 'banner' ? m[1] : Number(m[2]);
  return { picture, format: m[3] === 'webp' ? 'webp' : 'svg' };
}

/**
 * The WebP sizes (LCP; docs/decisions/0017-images.md): covers and banners at the size a phone shows them.
 * A cover is shown ~112 px wide (300×400 is the app's `<img>` box, sharp at DPR 2.5); detail's full-width banner is
 * 390 px, so 800×450 stays sharp at DPR 2. At quality 65 a cover is ~4 KB and a banner ~8 KB, where the first
 * banner shares a slow line with everything else before home's largest paint. Screenshots are zoomed (SPEC §9, preview scale
 * 1–4): drawn at the SVG's own size and the rasteriser's quality.
 */
export const ART_RASTER = {
  cover: { width: 300, height: 400, quality: 65 },
  banner: { width: 800, height: 450, quality: 65 },
} as const;

/**
 * The drawing for `games/<id>/<file>` (either format), or null when there is no such image. Every catalogue game has
 * images (shielded ones too). `fontFor` names the fonts the drawing's reader has (media-svg.ts).
 */
export function gameArt(fixtures: Fixtures, idText: string, file: string, language: ContentLanguage = 'en', fontFor?: FontFor): ArtDrawing | null {
  const name = artFile(file);
  if (name === null || !/^[1-9]\d{0,9}$/.test(idText)) return null;
  const game = gameById(fixtures, Number(idText));
  if (!game) return null;
  if (name.picture === 'cover') return { svg: coverSvg(game, fontFor), ...ART_RASTER.cover };
  if (name.picture === 'banner') return { svg: bannerSvg(game, language, fontFor), ...ART_RASTER.banner };
  return name.picture <= game.screenshot_count ? { svg: screenshotSvg(game, name.picture, language, fontFor), ...BANNER_SIZE } : null;
}

/** `.svg` as drawn; `.webp` rasterised (cached), or the SVG when this server cannot rasterise. */
async function serveArt(req: IncomingMessage, res: ServerResponse, raster: Rasteriser, fixtures: Fixtures, idText: string, file: string, language: ContentLanguage): Promise<void> {
  const fonts = artFile(file)?.format === 'webp' ? raster.fonts(language) : null;
  const art = fonts === null ? null : gameArt(fixtures, idText, file, language, fonts);
  if (art !== null) {
    const etag = raster.etag(art);
    if (req.headers['if-none-match'] === etag) return sendImage(req, res, Buffer.alloc(0), etag, WEBP_TYPE);
    const webp = await raster.webp(art);
    if (webp !== null) return sendImage(req, res, webp.body, webp.etag, WEBP_TYPE);
  }
  const svg = gameArt(fixtures, idText, file, language);
  if (svg === null) notFound(res);
  else sendSvg(req, res, svg.svg);
}

/** The MEDIA_PREFIX request handler (`pathname` is the raw path without the query). */
export function createMediaHandler(options: MediaOptions): (req: IncomingMessage, res: ServerResponse, pathname: string) => Promise<void> {
  const root = path.resolve(options.mediaDir);
  const sender = createFileSender(root);
  const raster = options.raster ?? createRasteriser({ log: options.log, cacheDir: options.rasterCacheDir });
  return async (req, res, pathname) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      sendText(res, 405, `Method ${req.method ?? ''} not allowed for media.\n`, { allow: 'GET, HEAD' });
      return;
    }
    const rest = pathname.slice(MEDIA_PREFIX.length);
    const segments = safeSegments(rest);
    if (segments?.[0] === 'games') {
      const language = mediaLanguage(req);
      const fixtures = localizedFixtures(options.fixtures, options.fixtures, language);
      if (segments.length === 3) await serveArt(req, res, raster, fixtures, segments[1] ?? '', segments[2] ?? '', language);
      else notFound(res);
      return;
    }
    const found = await findFile(root, rest, false);
    if (found === null) {
      notFound(res);
      return;
    }
    normaliseRange(req, found.stats.size);
    sender(req, res, found, { 'content-type': videoType(found.file), 'accept-ranges': 'bytes', 'cache-control': MEDIA_CACHE, 'x-content-type-options': 'nosniff' });
  };
}
