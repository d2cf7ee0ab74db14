/**
 * Media for the catalogue, made here rather than downloaded:
 *
 * - `/mock-media/games/<id>/cover.svg` (600×800), `banner.svg` (1280×720) and
 *   `shot-<n>.svg` (1280×720, n = 1…screenshot_count): SVG drawn at request
 *   time (media-svg.ts).
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
import { bannerSvg, coverSvg, screenshotSvg } from './media-svg.ts';
import { CONTENT_LANGUAGES, contentLanguage, type ContentLanguage } from '../http/language.ts';
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
 * (pay_url, issue 14 part 7), which any client could otherwise point at
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
    cover: origin + gameMediaPath(game.id, 'cover.svg') + q,
    banner: origin + gameMediaPath(game.id, 'banner.svg') + q,
    screenshots: Array.from({ length: game.screenshot_count }, (_, i) => origin + gameMediaPath(game.id, `shot-${i + 1}.svg`) + q),
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
}

const notFound = (res: ServerResponse): void => sendText(res, 404, 'Not found\n');

function sendSvg(req: IncomingMessage, res: ServerResponse, svg: string): void {
  const body = Buffer.from(svg, 'utf8');
  const etag = `"${createHash('sha1').update(body).digest('hex').slice(0, 20)}"`;
  const headers: Record<string, string> = {
    'content-type': SVG_TYPE,
    'cache-control': MEDIA_CACHE,
    vary: 'Accept-Language',
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
  send(res, 200, body, headers);
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

/** The SVG for `games/<id>/<file>`, or null when there is no such image. Every catalogue game has images (shielded ones too). */
export function gameImage(fixtures: Fixtures, idText: string, file: string, language: ContentLanguage = 'en'): string | null {
  if (!/^[1-9]\d{0,9}$/.test(idText)) return null;
  const game = gameById(fixtures, Number(idText));
  if (!game) return null;
  if (file === 'cover.svg') return coverSvg(game);
  if (file === 'banner.svg') return bannerSvg(game, language);
  const shot = /^shot-([1-9]\d?)\.svg$/.exec(file);
  const n = shot ? Number(shot[1]) : 0;
  return n >= 1 && n <= game.screenshot_count ? screenshotSvg(game, n, language) : null;
}

/** The MEDIA_PREFIX request handler (`pathname` is the raw path without the query). */
export function createMediaHandler(options: MediaOptions): (req: IncomingMessage, res: ServerResponse, pathname: string) => Promise<void> {
  const root = path.resolve(options.mediaDir);
  const sender = createFileSender(root);
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
      const svg = segments.length === 3 ? gameImage(fixtures, segments[1] ?? '', segments[2] ?? '', language) : null;
      if (svg === null) notFound(res);
      else sendSvg(req, res, svg);
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
