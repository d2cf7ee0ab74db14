/**
 * Decision 0010, QA guide §5 "Languages": fixture content players read answers in the request's
 * language (Accept-Language): Simplified and Traditional Chinese from
 * fixtures/i18n/, English otherwise; a live /__db/ edit shows in every
 * language; search finds a game by any language's title.
 */
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  PATH,
  type Game,
  type GameSearchResponse,
  type HomeList,
  type InviteInfo,
  type MemberCardListResponse,
  type OpPlanListResponse,
  type ProductListResponse,
  type Protocol,
  type TagListResponse,
} from '../../web/api/contract.ts';
import { createApp, DEFAULT_FIXTURES_DIR } from '../../mock-server/app.ts';
import { FixtureError } from '../../mock-server/fixtures/index.ts';
import { contentLanguage } from '../../mock-server/http/language.ts';
import { callIn, json, loginIn, MEMBER_MOBILE } from './control-helpers.ts';
import { tempDir, type Started, useApp } from './helpers.ts';

type Rec = Record<string, unknown>;
type Overlay = Record<string, Record<string, Record<string, Rec>>>;
const overlay = (language: string): Overlay => JSON.parse(readFileSync(path.join(DEFAULT_FIXTURES_DIR, 'i18n', `${language}.json`), 'utf8')) as Overlay;
const HANS = overlay('zh-Hans');
const HANT = overlay('zh-Hant');
const game1 = (o: Overlay): Rec => o['games.json']?.['games']?.['1'] ?? {};

let s: Started;
let n = 0;
useApp((started) => (s = started), {}, 'file');

/** A call in a fresh mock session (unless named) with `Accept-Language` set when given. */
async function ask<T>(endpoint: string, language: string | undefined, o: { data?: Record<string, string | number>; token?: string; session?: string } = {}): Promise<T> {
  const session = o.session ?? `lang-${++n}`;
  const method = ['home_list', 'member_card_list', 'product_list', 'invite_info'].some((p) => endpoint.endsWith(p)) ? 'GET' : 'POST';
  const headers: Record<string, string> = language === undefined ? {} : { 'accept-language': language };
  const r = await callIn<T>(s.port, session, endpoint, { method, data: o.data, token: o.token, headers });
  expect(r.envelope.code, r.envelope.msg).toBe(1);
  return r.envelope.data;
}

describe('Accept-Language → content language', () => {
  it.each([
    ['zh-Hans', 'zh-Hans'],
    ['zh-Hant', 'zh-Hant'],
    ['en', 'en'],
    ['es', 'en'],
    ['fr', 'en'],
    ['zh-CN,zh;q=0.9,en;q=0.8', 'zh-Hans'],
    ['zh-SG', 'zh-Hans'],
    ['zh', 'zh-Hans'],
    ['zh-TW', 'zh-Hant'],
    ['zh-HK,zh;q=0.8', 'zh-Hant'],
    ['zh-MO', 'zh-Hant'],
    ['zh-Hant-TW', 'zh-Hant'],
    ['zh-Hans-HK', 'zh-Hans'],
    ['en;q=0.5,zh-TW;q=0.9', 'zh-Hant'],
    ['en-US,en;q=0.9,zh-CN;q=0.8', 'en'],
    ['fr-FR,zh-CN;q=0.7', 'zh-Hans'],
    ['zh-CN;q=0,en', 'en'],
    ['de, ja', 'en'],
    ['*', 'en'],
    ['', 'en'],
    ['zh-CN;q=abc, zh-TW', 'zh-Hant'],
    ['<script>, zh', 'zh-Hans'],
  ])('%j → %s', (header, expected) => {
    expect(contentLanguage(header)).toBe(expected);
  });

  it('no header is English', () => {
    expect(contentLanguage(undefined)).toBe('en');
  });
});

describe('each collection answers in the request language', () => {
  it('game_info: title, short description and description', async () => {
    for (const [language, o] of [['zh-Hans', HANS], ['zh-Hant', HANT]] as const) {
      const g = await ask<Game>(PATH.gameInfo, language, { data: { game_id: 1 } });
      expect(g.title).toBe(game1(o)['title']);
      expect(g.short_desc).toBe(game1(o)['short_desc']);
      expect(g.description).toBe(game1(o)['description']);
      expect(g.tags.map((t) => t.name)).toEqual([3, 2, 13].map((id) => o['games.json']?.['tags']?.[String(id)]?.['name']));
    }
    const en = await ask<Game>(PATH.gameInfo, 'en', { data: { game_id: 1 } });
    expect([en.title, en.tags[0]?.name]).toEqual(['Starfall Odyssey', 'RPG']);
    expect(HANS['games.json']?.['games']?.['1']?.['title']).not.toBe(HANT['games.json']?.['games']?.['1']?.['title']);
  });

  it('tag list, home banners and sections', async () => {
    const tags = await ask<TagListResponse>(PATH.getTagList, 'zh-Hant');
    expect(tags.list.find((t) => t.id === 1)?.name).toBe('動作');
    const home = await ask<HomeList>(PATH.homeList, 'zh-CN,zh;q=0.9,en;q=0.8');
    expect(home.banners[0]).toMatchObject({ title: '星陨奥德赛', subtitle: HANS['home.json']?.['banners']?.['1']?.['subtitle'] });
    expect(home.sections.map((x) => x.title)).toContain('当前热门');
    const homeEn = await ask<HomeList>(PATH.homeList, undefined);
    expect(homeEn.sections.map((x) => x.title)).toContain('Hot right now');
  });

  it('member cards with their compare table, and products (prices stay in yuan)', async () => {
    const cards = await ask<MemberCardListResponse>(PATH.memberCardList, 'zh-TW');
    const monthly = cards.list.find((c) => c.id === 101);
    expect(monthly).toMatchObject({ name: '月度會員', price: '30.00' });
    expect(monthly?.benefits).toEqual(HANT['member_cards.json']?.['cards']?.['101']?.['benefits']);
    expect(cards.compare[0]?.name).toBe('排隊優先順序');
    const products = await ask<ProductListResponse>(PATH.productList, 'zh-Hans');
    expect(products.list.find((p) => p.id === 202)).toMatchObject({ name: '300 金币', tag: '加赠 30', price: '30.00' });
  });

  it('agreements, invitation rules and control layouts', async () => {
    const user = await ask<Protocol>(PATH.protocol, 'zh-Hans', { data: { type: 'user' } });
    expect(user.title).toBe('用户协议');
    expect(user.content.split('\n\n')).toHaveLength(9);
    const privacy = await ask<Protocol>(PATH.protocol, 'zh-Hant', { data: { type: 'privacy' } });
    expect(privacy.title).toBe('隱私政策');
    const session = `lang-${++n}`;
    const member = await loginIn(s.port, session, MEMBER_MOBILE);
    const invite = await ask<InviteInfo>(PATH.inviteInfo, 'zh-Hans', { token: member.gly_token, session });
    expect(invite.rules[0]).toContain('邀请码');
    const plans = await ask<OpPlanListResponse>(PATH.getOpPlan, 'zh-Hant', { data: { game_id: 1 } });
    expect(plans.list.map((p) => p.name)).toContain('標準控制器');
  });

  it('an unknown language answers in English', async () => {
    const g = await ask<Game>(PATH.gameInfo, 'de-DE,ja;q=0.9', { data: { game_id: 1 } });
    expect(g.title).toBe('Starfall Odyssey');
    const p = await ask<Protocol>(PATH.protocol, 'fr', { data: { type: 'user' } });
    expect(p.title).toBe('User Agreement');
  });
});

describe('search', () => {
  it('finds a game by its Chinese name in any language, and by its English name in Chinese', async () => {
    const ids = async (keyword: string, language: string): Promise<number[]> =>
      (await ask<GameSearchResponse>(PATH.gameSearch, language, { data: { keyword } })).list.map((g) => g.id);
    expect(await ids('星陨', 'zh-Hans')).toEqual([1]);
    expect(await ids('星隕', 'zh-Hant')).toEqual([1]);
    expect(await ids('星陨', 'en')).toEqual([1]);
    expect(await ids('Starfall', 'zh-Hans')).toEqual([1]);
    const found = await ask<GameSearchResponse>(PATH.gameSearch, 'zh-Hant', { data: { keyword: '星陨' } });
    expect(found.list[0]?.title).toBe('星隕奧德賽');
  });
});

describe('/__db/ edits and translations', () => {
  it('an edited field shows in every language; the fields QA left alone stay translated', async () => {
    const session = `qa-${++n}`;
    expect((await json(s.port, 'PATCH', '/__db/games/1', { title: 'Starfall (QA)' }, session)).status).toBe(200);
    for (const language of ['en', 'zh-Hans', 'zh-Hant']) {
      const g = await ask<Game>(PATH.gameInfo, language, { data: { game_id: 1 }, session });
      expect(g.title).toBe('Starfall (QA)');
    }
    const hans = await ask<Game>(PATH.gameInfo, 'zh-Hans', { data: { game_id: 1 }, session });
    expect(hans.short_desc).toBe(game1(HANS)['short_desc']);
    // Another game of the edited session keeps its translation; other sessions are untouched.
    expect((await ask<Game>(PATH.gameInfo, 'zh-Hans', { data: { game_id: 2 }, session })).title).toBe('霓虹漂移赛道');
    expect((await ask<Game>(PATH.gameInfo, 'zh-Hans', { data: { game_id: 1 } })).title).toBe('星陨奥德赛');
    // Search finds the edit.
    expect((await ask<GameSearchResponse>(PATH.gameSearch, 'zh-Hans', { data: { keyword: '(QA)' }, session })).list.map((g) => g.id)).toEqual([1]);
  });

  it('a banner, card or product edit shows too, and a new record answers as written', async () => {
    const session = `qa-${++n}`;
    await json(s.port, 'PATCH', '/__db/banners/1', { subtitle: 'QA banner' }, session);
    await json(s.port, 'PATCH', '/__db/member_cards/101', { name: 'QA monthly' }, session);
    const added = await json<Rec>(s.port, 'POST', '/__db/tags', { name: 'QA tag' }, session);
    expect(added.status).toBe(201);
    const home = await ask<HomeList>(PATH.homeList, 'zh-Hant', { session });
    expect(home.banners[0]).toMatchObject({ title: '星隕奧德賽', subtitle: 'QA banner' });
    const cards = await ask<MemberCardListResponse>(PATH.memberCardList, 'zh-Hant', { session });
    expect(cards.list.map((c) => c.name).slice(0, 2)).toEqual(['QA monthly', '季度會員']);
    const tags = await ask<TagListResponse>(PATH.getTagList, 'zh-Hans', { session });
    expect(tags.list.map((t) => t.name)).toContain('QA tag');
    expect(tags.list.map((t) => t.name)).toContain('动作');
  });
});

describe('a bad translation stops the server naming the file and the field', () => {
  it.each([
    [{ 'games.json': { games: { '999': { title: 'x' } } } }, /zh-Hans\.json: games\.json\.games\.999 names no record with id 999/],
    [{ 'games.json': { games: { '1': { price: 'x' } } } }, /games\.json\.games\.1\.price is not translatable; translatable: title, short_desc, description/],
    [{ 'games.json': { games: { '1': { title: 'x'.repeat(61) } } } }, /zh-Hans\.json \(games\.json\): games\[0\]\.title/],
    [{ 'protocol.json': { user: { paragraphs: ['one'] } } }, /protocol\.json\.user\.paragraphs must be a list of 9 strings/],
    [{ 'users.json': {} }, /zh-Hans\.json: users\.json has nothing to translate/],
  ])('%j', (bad, message) => {
    const d = tempDir('i18n-bad');
    try {
      cpSync(DEFAULT_FIXTURES_DIR, d.dir, { recursive: true });
      writeFileSync(path.join(d.dir, 'i18n', 'zh-Hans.json'), JSON.stringify(bad));
      expect(() => createApp({ fixturesDir: d.dir, distDir: null })).toThrow(FixtureError);
      expect(() => createApp({ fixturesDir: d.dir, distDir: null })).toThrow(message);
    } finally {
      d.remove();
    }
  });
});
