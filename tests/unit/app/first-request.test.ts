/**
 * The first view's request starts with the app (docs/decisions/0015-first-load.md, LCP): the page's own call takes its
 * answer once, through the real HTTP client on a fake transport; another place, language or login never does.
 */
import { describe, expect, it } from 'vitest';
import { createApi, type Api } from '../../../web/api/endpoints.ts';
import { createEarlyCalls, withEarlyCalls } from '../../../web/core/early-call.ts';
import { FIRST_REQUEST, firstImage, LIBRARY_START, libraryQuery, startEarly, type FirstCall } from '../../../web/app/first-request.ts';
import { shieldApi } from '../../../web/state/shield-api.ts';
import { PAGES } from '../../../web/app/route-table.ts';
import { flush, harness, json } from '../core/http/harness.ts';

/** The pages whose route entry says their first view calls the API, and those whose first answer names their first image. */
const CALLS_FIRST = Object.values(PAGES).filter((p) => p.callsFirst).map((p) => p.page);
const FIRST_IMAGE = Object.values(PAGES).filter((p) => p.firstImage).map((p) => p.page);

const HOME = { banners: [{ id: 1, game_id: 3, image: '/b1.jpg', title: 'B', subtitle: '' }], sections: [] };
const ok = (data: unknown): Response => json({ code: 1, msg: 'ok', data });

/** A fake cloud: answers by path; `hold` keeps the next request to a path waiting, `fail` fails it. */
function cloud(shielded = '') {
  const sent: string[] = [];
  const held = new Map<string, Promise<void>>();
  const failing = new Set<string>();
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = String(input);
    const path = url.split('?')[0]?.split('/').pop() ?? '';
    sent.push(path);
    const wait = held.get(path);
    held.delete(path);
    if (wait) await wait;
    if (failing.delete(path)) throw new Error('offline');
    if (path === 'ps_shield') return ok({ game: shielded });
    if (path === 'home_list') return ok(net.home);
    if (path === 'game_info') return ok({ id: (JSON.parse(String(init?.body)) as { game_id: number }).game_id });
    return ok(null);
  };
  const hold = (path: string): (() => void) => {
    let release: () => void = () => undefined;
    held.set(path, new Promise<void>((r) => (release = r)));
    return () => release();
  };
  const net = { fetch, sent, hold, home: HOME as unknown, fail: (path: string) => failing.add(path), count: (path: string) => sent.filter((p) => p === path).length };
  return net;
}

/** The app's API as api-client.ts builds it, in a context the test moves (where, language, token). */
function app() {
  const net = cloud();
  const h = harness({ fetch: net.fetch as typeof fetch });
  const ctx = { where: '/', lang: 'en', token: '' };
  const early = createEarlyCalls(() => `${ctx.where} ${ctx.lang} ${ctx.token}`);
  const shielded = shieldApi(createApi(h.client));
  const api: Api = withEarlyCalls(shielded, early);
  return { net, h, ctx, start: (call: FirstCall) => startEarly(early, shielded, call), api };
}

const first = (page: keyof typeof FIRST_REQUEST, query = ''): FirstCall => {
  const call = FIRST_REQUEST[page]?.(new URLSearchParams(query));
  if (!call) throw new Error(`no first request for ${page}`);
  return call;
};

describe('the first view\'s request, started early (decision 0015)', () => {
  it('declares home, the library with its default filters and the detail of ?game_id=', () => {
    expect(first('home')).toEqual(['homeList', {}, { silent: true }]);
    expect(first('gameLibrary')).toEqual(['gameList', { page: 1, page_size: 20, sort: 'hot' }, { silent: true }]);
    expect(libraryQuery(1, LIBRARY_START.sort, LIBRARY_START.tag)).toEqual(first('gameLibrary')[1]);
    expect(first('gameDetail', 'game_id=12')).toEqual(['gameInfo', { game_id: 12 }, { silent: true }]);
    // No id, nothing to ask: the page shows its not-found state without a request.
    expect(FIRST_REQUEST.gameDetail?.(new URLSearchParams('game_id=abc'))).toBeNull();
    expect(FIRST_REQUEST.login).toBeUndefined();
    // The API client loads with the app on these pages (start.ts), so their first request is not held up by it.
    for (const page of Object.keys(FIRST_REQUEST)) expect(CALLS_FIRST).toContain(page);
    expect(CALLS_FIRST).not.toContain('login');
  });

  it('holds the rest of the art only on the pages whose first answer names their first image', () => {
    // start.ts holds on a route entry's `firstImage`; the client ends the hold once the image named by FIRST_REQUEST's answer shows.
    // A page held with no first request would keep its covers and layers waiting for nothing until the client came.
    expect([...FIRST_IMAGE].sort()).toEqual(Object.keys(FIRST_REQUEST).sort());
  });

  it('the page\'s own call takes the early answer once, and it passes the shield (SPEC §5); the next call asks again', async () => {
    const { net, start, api } = app();
    start(first('home'));
    await flush();
    // ps_shield is out with home_list, not after its answer.
    expect(net.sent).toEqual(['ps_shield', 'home_list']);
    const page = await api.homeList({}, { silent: true });
    expect(page.banners[0]?.image).toBe('/b1.jpg');
    expect(net.count('home_list')).toBe(1);
    // A refresh of the feed (retry, a later visit) is a request of its own.
    await api.homeList({}, { silent: true });
    expect(net.count('home_list')).toBe(2);
    expect(net.count('ps_shield')).toBe(1);
  });

  it('a failed early request is the page\'s failure (its error state, no toast), and its retry asks again', async () => {
    const { net, h, start, api } = app();
    net.fail('home_list');
    start(first('home'));
    await expect(api.homeList({}, { silent: true })).rejects.toBeTruthy();
    expect(h.toasts).toEqual([]);
    expect((await api.homeList({}, { silent: true })).banners).toHaveLength(1);
    expect(net.count('home_list')).toBe(2);
  });

  it('a page that made the call before the early one could start is not asked twice', async () => {
    const { net, start, api } = app();
    const page = api.homeList({}, { silent: true });
    start(first('home'));
    expect((await page).banners).toHaveLength(1);
    expect(net.count('home_list')).toBe(1);
  });

  it('another call on the same page (another game) does not take it', async () => {
    const { net, ctx, start, api } = app();
    ctx.where = '/submodules/game/detail/index?game_id=12';
    start(first('gameDetail', 'game_id=12'));
    expect((await api.gameInfo({ game_id: 13 }, { silent: true })).id).toBe(13);
    expect((await api.gameInfo({ game_id: 12 }, { silent: true })).id).toBe(12);
    expect(net.count('game_info')).toBe(2);
  });

  for (const [what, move] of [
    ['on another route', (c: { where: string; lang: string; token: string }) => (c.where = '/main/gameLibrary/index')],
    ['in another language', (c: { where: string; lang: string; token: string }) => (c.lang = 'zh-Hans')],
    ['before a login', (c: { where: string; lang: string; token: string }) => (c.token = 'tok-2')],
  ] as const) {
    it(`an early request is not used ${what}: the page asks again once the early one is done (no "repeated request", SPEC §5)`, async () => {
      const { net, ctx, start, api } = app();
      const release = net.hold('home_list');
      start(first('home'));
      move(ctx);
      const page = api.homeList({}, { silent: true });
      await flush();
      expect(net.count('home_list')).toBe(1);
      release();
      expect((await page).banners).toHaveLength(1);
      expect(net.count('home_list')).toBe(2);
    });
  }
});

describe('the first view\'s largest image, hinted once the early answer is in (decision 0015, LCP)', () => {
  it('names home\'s first banner, the library\'s first cover and the detail\'s banner; nothing for an odd answer', () => {
    expect(firstImage('homeList', HOME)).toBe('/b1.jpg');
    expect(firstImage('gameList', { list: [{ id: 1, cover: '/c1.jpg' }] })).toBe('/c1.jpg');
    expect(firstImage('gameInfo', { id: 1, banner: '/d1.jpg' })).toBe('/d1.jpg');
    for (const odd of [null, {}, { banners: [] }, { banners: [{ image: 3 }] }, 'text']) expect(firstImage('homeList', odd)).toBeUndefined();
    expect(firstImage('gameList', { list: null })).toBeUndefined();
  });

  it('hints the image the page will draw (the shield applied first), once, and the page still takes the answer', async () => {
    // The first banner opens game 3, shielded (SPEC §5): the hint is the next one.
    const net = cloud('3');
    net.home = { ...HOME, banners: [...HOME.banners, { id: 2, game_id: 4, image: '/b2.jpg', title: 'C', subtitle: '' }] };
    const h = harness({ fetch: net.fetch as typeof fetch });
    const early = createEarlyCalls(() => 'here');
    const shielded = shieldApi(createApi(h.client));
    const hints: (string | undefined)[] = [];
    startEarly(early, shielded, first('home'), (image) => hints.push(image));
    const page = await withEarlyCalls(shielded, early).homeList({}, { silent: true });
    expect(page.banners.map((b) => b.image)).toEqual(['/b2.jpg']);
    expect(hints).toEqual(['/b2.jpg']);
    expect(net.count('home_list')).toBe(1);
  });

  it('gives the hint nothing when the answer names no image or there is no answer, so nothing waits for one', async () => {
    const net = cloud('');
    net.home = { ...HOME, banners: [] };
    const h = harness({ fetch: net.fetch as typeof fetch });
    const early = createEarlyCalls(() => 'here');
    const shielded = shieldApi(createApi(h.client));
    const hints: (string | undefined)[] = ['none yet'];
    startEarly(early, shielded, first('home'), (image) => hints.push(image));
    await withEarlyCalls(shielded, early).homeList({}, { silent: true });
    expect(hints).toEqual(['none yet', undefined]);

    const failing = harness({ fetch: (() => Promise.reject(new TypeError('offline'))) as typeof fetch });
    const early2 = createEarlyCalls(() => 'here');
    const shielded2 = shieldApi(createApi(failing.client));
    const hints2: (string | undefined)[] = [];
    startEarly(early2, shielded2, first('home'), (image) => hints2.push(image));
    await expect(withEarlyCalls(shielded2, early2).homeList({}, { silent: true })).rejects.toBeTruthy();
    expect(hints2).toEqual([undefined]);
  });
});
