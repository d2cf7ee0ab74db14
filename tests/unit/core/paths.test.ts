// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { resultUrl } from '../../../mock-server/content/orders.ts';
import { ROUTES } from '../../../web/app/route-table.ts';
import {
  ERROR_PATHS,
  HOME_ALIAS,
  PAGE_PATH,
  detailUrl,
  gameScreenUrl,
  listUrl,
  overlayDetailUrl,
  payLoadingUrl,
  payResultUrl,
  protocolUrl,
} from '../../../web/core/paths.ts';

describe('page paths (SPEC §2), one per page', () => {
  it('routes every page on its own path, and home on its alias too', () => {
    const routed = ROUTES.map((r) => [r.page, r.path]);
    expect(routed).toEqual(expect.arrayContaining(Object.entries(PAGE_PATH)));
    expect(routed).toContainEqual(['home', HOME_ALIAS]);
    expect(ROUTES).toHaveLength(Object.keys(PAGE_PATH).length + 1);
  });

  it('gives no two pages one path', () => {
    const paths = Object.values(PAGE_PATH);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it("routes the page the mock's payment page sends the user back to", () => {
    expect(resultUrl('a&b', undefined)).toBe(payResultUrl('a&b'));
    expect(ROUTES.find((r) => r.page === 'payResult')?.path).toBe(PAGE_PATH.payResult);
  });

  it('has an error page for each status the app shows one for', () => {
    expect(ERROR_PATHS).toEqual({ 403: '/main/error/403', 404: '/main/error/404', 500: '/main/error/500', 503: '/main/error/503' });
  });
});

describe('links that carry a query', () => {
  it('builds the detail, game screen and list URLs', () => {
    expect(detailUrl(7)).toBe('/submodules/game/detail/index?game_id=7');
    expect(gameScreenUrl(7)).toBe('/submodules/game/game/index?game_id=7');
    expect(overlayDetailUrl(7)).toBe('/submodules/webview/detail/index?game_id=7');
    expect(listUrl({ tagId: 3, title: 'RPG & more' })).toBe('/submodules/game/list/index?tag_id=3&title=RPG+%26+more');
    expect(listUrl({ sort: 'new', title: 'New' })).toBe('/submodules/game/list/index?sort=new&title=New');
  });

  it('builds the agreement and pay URLs, escaping the order id', () => {
    expect(protocolUrl('privacy')).toBe('/submodules/system/protocol/index?type=privacy');
    expect(payLoadingUrl('a b')).toBe('/submodules/pay/loading/index?order_id=a%20b');
    expect(payResultUrl('a&b')).toBe('/submodules/pay/result/index?order_id=a%26b');
  });
});
