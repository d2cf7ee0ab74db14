/**
 * The content fixtures: the game catalogue, the home page, daily sign-in,
 * anti-addiction rules, control layouts, the shop and invitations. Each file
 * is checked here into the shape the content routes rely on; cross-file
 * references (home → games, tags; shop ids) are checked too, so a bad file
 * stops the server at start with one line naming the file and the field.
 */
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import {
  OP_TYPE,
  type GameTag,
  type GameHangOption,
  type HomeSectionType,
  type MemberCard,
  type MemberCompareRow,
  type OpPlanKey,
  type OpType,
  type Product,
} from '../web/api/contract.ts';
import { FieldError, type Fields } from './validate.ts';

export interface GameFixture {
  id: number;
  game_key: string;
  title: string;
  tag_ids: number[];
  short_desc: string;
  description: string;
  /** The studio that made the game. */
  developer: string;
  /** The cloud vendor that runs it (get_token, user_sc_list): "mock" for the mock SDK. */
  manufacturer: string;
  channel_id: number;
  /** How many screenshots the media server draws (3 or more). */
  screenshot_count: number;
  /** A file name in `fixtures/media/`. */
  trailer: string;
  play_count: number;
  down_count: number;
  rating: number;
  is_new: 0 | 1;
  is_hot: 0 | 1;
  release_date: string;
  default_op_type: OpType;
  op_type: string;
  show_keyboard: 0 | 1;
  full_screen: 0 | 1;
  show_virtual: 0 | 1;
  hang: GameHangOption[];
}

export interface CatalogueFixture {
  tags: GameTag[];
  games: GameFixture[];
}

export interface HomeBannerFixture {
  id: number;
  game_id: number;
  title: string;
  subtitle: string;
}

export interface HomeSectionFixture {
  key: string;
  type: HomeSectionType;
  title: string;
  layout: 'row' | 'grid' | 'large';
  /** Tag sections only; 0 otherwise. */
  tag_id: number;
  /** Most games shown (picks: all of game_ids). */
  limit: number;
  /** Picks sections only. */
  game_ids: number[];
}

export interface HomeFixture {
  banners: HomeBannerFixture[];
  sections: HomeSectionFixture[];
}

export interface SignInFixture {
  /** Seconds granted per day of the week, Monday first (7 entries). */
  durations: number[];
}

export interface MinorFixture {
  daily_limit_minutes: number;
  /** 1 Monday … 7 Sunday. */
  play_days: number[];
  /** Minutes after midnight, China time. */
  play_start_minute: number;
  play_end_minute: number;
  /** "YYYY-MM-DD" dates on which minors may also play. */
  holidays: string[];
}

export interface OpPlanTemplate {
  op_type: OpType;
  name: string;
  keys: OpPlanKey[];
}

export interface OpPlansFixture {
  screen: { width: number; height: number };
  templates: OpPlanTemplate[];
}

export interface ShopFixture {
  cards: MemberCard[];
  compare: MemberCompareRow[];
  products: Product[];
}

export interface InviteFixture {
  inviter_reward: number;
  invitee_reward: number;
  max_rewarded: number;
  rules: string[];
}

export interface ContentFixtures {
  catalogue: CatalogueFixture;
  home: HomeFixture;
  signIn: SignInFixture;
  minor: MinorFixture;
  opPlans: OpPlansFixture;
  shop: ShopFixture;
  invite: InviteFixture;
}

export const CONTENT_FIXTURE_FILES = {
  catalogue: 'games.json',
  home: 'home.json',
  signIn: 'sign_in.json',
  minor: 'minor.json',
  opPlans: 'op_plans.json',
  memberCards: 'member_cards.json',
  products: 'products.json',
  invite: 'invite.json',
} as const;

/** Generated media and the trailer files live here, inside the fixtures directory. */
export const MEDIA_DIR_NAME = 'media';

const DATE = { pattern: /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, patternHint: 'a date like 2024-01-31' };
const PRICE = { pattern: /^(0|[1-9]\d{0,6})\.\d{2}$/, patternHint: 'a price in yuan like "30.00"' };
const OP_TYPES: readonly OpType[] = [OP_TYPE.gamepad, OP_TYPE.keyboard, OP_TYPE.touch];

// ---------------------------------------------------------------- small checks Fields does not have

function array(f: Fields, key: string, opts: { min?: number; max?: number } = {}): unknown[] {
  const v = f.raw(key);
  if (v === undefined || v === null) throw new FieldError(f.path(key), 'is missing');
  if (!Array.isArray(v)) throw new FieldError(f.path(key), 'must be an array');
  if (opts.min !== undefined && v.length < opts.min) throw new FieldError(f.path(key), `must have at least ${opts.min} entries`);
  if (opts.max !== undefined && v.length > opts.max) throw new FieldError(f.path(key), `must have at most ${opts.max} entries`);
  return v;
}

function ints(f: Fields, key: string, opts: { min?: number; max?: number; minLength?: number; maxLength?: number } = {}): number[] {
  return array(f, key, { min: opts.minLength, max: opts.maxLength }).map((v, i) => {
    const at = `${f.path(key)}[${i}]`;
    if (typeof v !== 'number' || !Number.isSafeInteger(v)) throw new FieldError(at, 'must be an integer');
    if (opts.min !== undefined && v < opts.min) throw new FieldError(at, `must be at least ${opts.min}`);
    if (opts.max !== undefined && v > opts.max) throw new FieldError(at, `must be at most ${opts.max}`);
    return v;
  });
}

function strings(f: Fields, key: string, opts: { minLength?: number; pattern?: RegExp; patternHint?: string } = {}): string[] {
  return array(f, key, { min: opts.minLength }).map((v, i) => {
    const at = `${f.path(key)}[${i}]`;
    if (typeof v !== 'string' || v.trim() === '') throw new FieldError(at, 'must be a non-empty string');
    if (opts.pattern && !opts.pattern.test(v)) throw new FieldError(at, `must be ${opts.patternHint ?? String(opts.pattern)}`);
    return v;
  });
}

function decimal(f: Fields, key: string, min: number, max: number): number {
  const v = f.raw(key);
  if (v === undefined || v === null) throw new FieldError(f.path(key), 'is missing');
  if (typeof v !== 'number' || !Number.isFinite(v)) throw new FieldError(f.path(key), 'must be a number');
  if (v < min || v > max) throw new FieldError(f.path(key), `must be between ${min} and ${max}`);
  return v;
}

function unique<T>(items: readonly T[], keyOf: (item: T) => string | number, at: (i: number) => string, what: string): void {
  const seen = new Set<string | number>();
  items.forEach((item, i) => {
    const k = keyOf(item);
    if (seen.has(k)) throw new FieldError(at(i), `repeats ${what} ${JSON.stringify(k)}`);
    seen.add(k);
  });
}

/** "HH:MM" → minutes after midnight. */
function clockMinutes(f: Fields, key: string): number {
  const v = f.string(key, { pattern: /^([01]\d|2[0-4]):[0-5]\d$/, patternHint: 'a time like "20:00"' });
  const [h, m] = v.split(':').map(Number);
  const minutes = (h ?? 0) * 60 + (m ?? 0);
  if (minutes > 24 * 60) throw new FieldError(f.path(key), 'must be at most "24:00"');
  return minutes;
}

// ---------------------------------------------------------------- games.json

function parseHang(f: Fields, key: string): GameHangOption[] {
  const options = f.objects(key).map(
    (h): GameHangOption => ({ duration: h.oneOfNumber('duration', [3, 10, 30, 60] as const), type: h.oneOfNumber('type', [1, 2] as const) }),
  );
  if (options.length === 0) throw new FieldError(f.path(key), 'must have at least 1 entry');
  unique(options, (h) => h.duration, (i) => `${f.path(key)}[${i}].duration`, 'duration');
  return options;
}

export function parseCatalogue(value: Fields, mediaDir: string): CatalogueFixture {
  const tags = value.objects('tags').map((t): GameTag => ({ id: t.int('id', { min: 1 }), name: t.string('name', { maxLength: 40 }) }));
  unique(tags, (t) => t.id, (i) => `tags[${i}].id`, 'id');
  unique(tags, (t) => t.name.toLowerCase(), (i) => `tags[${i}].name`, 'name');
  const tagIds = new Set(tags.map((t) => t.id));
  const games = value.objects('games').map((g): GameFixture => {
    const opList = g.string('op_type', { pattern: /^[012](,[012])*$/, patternHint: 'a comma list of op types 0, 1, 2 like "0,1,2"' });
    const game: GameFixture = {
      id: g.int('id', { min: 1 }),
      game_key: g.string('game_key', { pattern: /^[a-z0-9_]{2,64}$/, patternHint: 'lower-case letters, digits and "_" (2–64)' }),
      title: g.string('title', { maxLength: 60 }),
      tag_ids: ints(g, 'tag_ids', { min: 1, minLength: 1, maxLength: 5 }),
      short_desc: g.string('short_desc', { maxLength: 200 }),
      description: g.string('description', { maxLength: 5000 }),
      developer: g.string('developer', { maxLength: 60 }),
      manufacturer: g.string('manufacturer', { maxLength: 64, pattern: /^[\w.-]+$/, patternHint: 'a vendor id: letters, digits, "_", "." or "-"' }),
      channel_id: g.int('channel_id', { min: 1 }),
      screenshot_count: g.int('screenshot_count', { min: 3, max: 8 }),
      trailer: g.string('trailer', { pattern: /^[\w-]+\.(mp4|webm)$/, patternHint: 'a file name in fixtures/media like "trailer.mp4"' }),
      play_count: g.int('play_count', { min: 0 }),
      down_count: g.int('down_count', { min: 0 }),
      rating: decimal(g, 'rating', 1, 5),
      is_new: g.flag('is_new'),
      is_hot: g.flag('is_hot'),
      release_date: g.string('release_date', DATE),
      default_op_type: g.oneOfNumber('default_op_type', OP_TYPES),
      op_type: opList,
      show_keyboard: g.flag('show_keyboard'),
      full_screen: g.flag('full_screen'),
      show_virtual: g.flag('show_virtual'),
      hang: parseHang(g, 'hang'),
    };
    game.tag_ids.forEach((id, i) => {
      if (!tagIds.has(id)) throw new FieldError(`${g.path('tag_ids')}[${i}]`, `names no tag in "tags" (${id})`);
    });
    if (!opList.split(',').includes(String(game.default_op_type))) {
      throw new FieldError(g.path('default_op_type'), `must be one of its op_type list "${opList}"`);
    }
    const trailer = path.join(mediaDir, game.trailer);
    if (!existsSync(trailer) || !statSync(trailer).isFile()) {
      throw new FieldError(g.path('trailer'), `names no file in ${mediaDir}`);
    }
    return game;
  });
  if (games.length === 0) throw new FieldError('games', 'must have at least 1 entry');
  unique(games, (g) => g.id, (i) => `games[${i}].id`, 'id');
  unique(games, (g) => g.game_key, (i) => `games[${i}].game_key`, 'game_key');
  return { tags, games };
}

// ---------------------------------------------------------------- home.json

const SECTION_TYPES: readonly HomeSectionType[] = ['continue', 'hot', 'new', 'tag', 'picks'];

export function parseHome(value: Fields, catalogue: CatalogueFixture): HomeFixture {
  const gameIds = new Set(catalogue.games.map((g) => g.id));
  const tagIds = new Set(catalogue.tags.map((t) => t.id));
  const banners = value.objects('banners').map((b): HomeBannerFixture => {
    const banner = {
      id: b.int('id', { min: 1 }),
      game_id: b.int('game_id', { min: 1 }),
      title: b.string('title', { maxLength: 60 }),
      subtitle: b.string('subtitle', { nonEmpty: false, maxLength: 120 }),
    };
    if (!gameIds.has(banner.game_id)) throw new FieldError(b.path('game_id'), `names no game in games.json (${banner.game_id})`);
    return banner;
  });
  unique(banners, (b) => b.id, (i) => `banners[${i}].id`, 'id');
  const sections = value.objects('sections').map((s): HomeSectionFixture => {
    const type = s.oneOf('type', SECTION_TYPES);
    const section: HomeSectionFixture = {
      key: s.string('key', { pattern: /^[a-z0-9_]{1,32}$/, patternHint: 'lower-case letters, digits and "_"' }),
      type,
      title: s.string('title', { maxLength: 40 }),
      layout: s.oneOf('layout', ['row', 'grid', 'large'] as const),
      tag_id: type === 'tag' ? s.int('tag_id', { min: 1 }) : 0,
      limit: type === 'picks' ? 0 : s.int('limit', { min: 1, max: 50 }),
      game_ids: type === 'picks' ? ints(s, 'game_ids', { min: 1, minLength: 1, maxLength: 50 }) : [],
    };
    if (type === 'tag' && !tagIds.has(section.tag_id)) throw new FieldError(s.path('tag_id'), `names no tag in games.json (${section.tag_id})`);
    section.game_ids.forEach((id, i) => {
      if (!gameIds.has(id)) throw new FieldError(`${s.path('game_ids')}[${i}]`, `names no game in games.json (${id})`);
    });
    if (type === 'picks') section.limit = section.game_ids.length;
    return section;
  });
  unique(sections, (s) => s.key, (i) => `sections[${i}].key`, 'key');
  return { banners, sections };
}

// ---------------------------------------------------------------- sign_in.json, minor.json, invite.json

export function parseSignIn(value: Fields): SignInFixture {
  return { durations: ints(value, 'durations', { min: 0, max: 86_400, minLength: 7, maxLength: 7 }) };
}

export function parseMinor(value: Fields): MinorFixture {
  const minor: MinorFixture = {
    daily_limit_minutes: value.int('daily_limit_minutes', { min: 1, max: 24 * 60 }),
    play_days: ints(value, 'play_days', { min: 1, max: 7, maxLength: 7 }),
    play_start_minute: clockMinutes(value, 'play_start'),
    play_end_minute: clockMinutes(value, 'play_end'),
    holidays: strings(value, 'holidays', DATE),
  };
  if (minor.play_end_minute <= minor.play_start_minute) throw new FieldError('play_end', 'must be after play_start');
  return minor;
}

export function parseInvite(value: Fields): InviteFixture {
  return {
    inviter_reward: value.int('inviter_reward', { min: 0, max: 7 * 86_400 }),
    invitee_reward: value.int('invitee_reward', { min: 0, max: 7 * 86_400 }),
    max_rewarded: value.int('max_rewarded', { min: 0, max: 1000 }),
    rules: strings(value, 'rules', { minLength: 1 }),
  };
}

// ---------------------------------------------------------------- op_plans.json

export function parseOpPlans(value: Fields): OpPlansFixture {
  const screen = value.object('screen');
  const templates = value.objects('templates').map(
    (t): OpPlanTemplate => ({
      op_type: t.oneOfNumber('op_type', OP_TYPES),
      name: t.string('name', { maxLength: 40 }),
      keys: t.objects('keys').map(
        (k): OpPlanKey => ({
          code: k.string('code', { pattern: /^[A-Za-z0-9_]{1,24}$/, patternHint: 'a key code like "KeyW" or "BTN_A"' }),
          label: k.string('label', { maxLength: 12 }),
          x: decimal(k, 'x', 0, 100),
          y: decimal(k, 'y', 0, 100),
          size: decimal(k, 'size', 1, 100),
        }),
      ),
    }),
  );
  for (const type of OP_TYPES) {
    if (!templates.some((t) => t.op_type === type)) throw new FieldError('templates', `must have a template for op_type ${type}`);
  }
  return {
    screen: { width: screen.int('width', { min: 320, max: 7680 }), height: screen.int('height', { min: 240, max: 4320 }) },
    templates,
  };
}

// ---------------------------------------------------------------- member_cards.json, products.json

export function parseMemberCards(value: Fields): Pick<ShopFixture, 'cards' | 'compare'> {
  const cards = value.objects('cards').map(
    (c): MemberCard => ({
      id: c.int('id', { min: 1 }),
      kind: c.oneOf('kind', ['member', 'quick'] as const),
      name: c.string('name', { maxLength: 40 }),
      days: c.int('days', { min: 1, max: 3660 }),
      price: c.string('price', PRICE),
      original_price: c.string('original_price', PRICE),
      duration: c.int('duration', { min: 0 }),
      tag: c.string('tag', { nonEmpty: false, maxLength: 20 }),
      is_recommend: c.flag('is_recommend'),
      benefits: strings(c, 'benefits', { minLength: 1 }),
    }),
  );
  unique(cards, (c) => c.id, (i) => `cards[${i}].id`, 'id');
  const compare = value.objects('compare').map(
    (r): MemberCompareRow => ({ name: r.string('name'), free: r.string('free'), member: r.string('member') }),
  );
  return { cards, compare };
}

export function parseProducts(value: Fields, cards: readonly MemberCard[]): Product[] {
  const cardIds = new Set(cards.map((c) => c.id));
  const products = value.objects('products').map((p): Product => {
    const product: Product = {
      id: p.int('id', { min: 1 }),
      kind: p.oneOf('kind', ['coin', 'duration'] as const),
      name: p.string('name', { maxLength: 40 }),
      coin: p.int('coin', { min: 0 }),
      bonus_coin: p.int('bonus_coin', { min: 0 }),
      duration: p.int('duration', { min: 0 }),
      price: p.string('price', PRICE),
      original_price: p.string('original_price', PRICE),
      tag: p.string('tag', { nonEmpty: false, maxLength: 20 }),
      is_recommend: p.flag('is_recommend'),
    };
    if (cardIds.has(product.id)) throw new FieldError(p.path('id'), `repeats member card id ${product.id} (ids are shared with member_cards.json)`);
    if (product.kind === 'coin' && product.coin === 0) throw new FieldError(p.path('coin'), 'must be above 0 for a coin product');
    if (product.kind === 'duration' && product.duration === 0) throw new FieldError(p.path('duration'), 'must be above 0 for a duration product');
    return product;
  });
  unique(products, (p) => p.id, (i) => `products[${i}].id`, 'id');
  return products;
}

// ---------------------------------------------------------------- all of them

/** How fixtures.ts reads and checks one file (wraps FieldError into a FixtureError naming the file). */
export type LoadFixture = <T>(dir: string, name: string, parse: (value: Fields) => T) => T;

export function loadContentFixtures(dir: string, load: LoadFixture): ContentFixtures {
  const f = CONTENT_FIXTURE_FILES;
  const catalogue = load(dir, f.catalogue, (v) => parseCatalogue(v, path.join(dir, MEDIA_DIR_NAME)));
  const cards = load(dir, f.memberCards, parseMemberCards);
  return {
    catalogue,
    home: load(dir, f.home, (v) => parseHome(v, catalogue)),
    signIn: load(dir, f.signIn, parseSignIn),
    minor: load(dir, f.minor, parseMinor),
    opPlans: load(dir, f.opPlans, parseOpPlans),
    shop: { ...cards, products: load(dir, f.products, (v) => parseProducts(v, cards.cards)) },
    invite: load(dir, f.invite, parseInvite),
  };
}
