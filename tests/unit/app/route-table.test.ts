import { describe, expect, it } from 'vitest';
import { ROUTES, findRoute, HOME_NAV_BAR_HEIGHT, NAV_BAR_HEIGHT, PAGE_BACKGROUND } from '../../../web/app/route-table.ts';

const SPEC_PATHS = [
  '/', '/main/index/index', '/main/gameLibrary/index', '/main/user/index', '/main/login/index', '/main/download/index',
  '/main/error/403', '/main/error/404', '/main/error/500', '/main/error/503',
  '/submodules/system/protocol/index', '/submodules/system/aboutus/index',
  '/submodules/game/game/index', '/submodules/game/detail/index', '/submodules/game/played/index', '/submodules/game/list/index',
  '/submodules/game/search/index', '/submodules/game/guide/questionnaire',
  '/submodules/user/countryCodes/index', '/submodules/user/setting/index', '/submodules/user/auth/index', '/submodules/user/property/index',
  '/submodules/user/member/index', '/submodules/user/member/premium', '/submodules/user/member/compare', '/submodules/user/recharge/index',
  '/submodules/user/timelapse/index', '/submodules/user/invite/index', '/submodules/pay/loading/index', '/submodules/pay/result/index',
  '/submodules/webview/detail/index', '/submodules/webview/home/index', '/submodules/webview/memberPopup/premium',
  '/submodules/webview/memberPopup/recharge', '/submodules/webview/recommendPopup/product',
];

describe('route table (SPEC §2 Screens and routes)', () => {
  it('holds every route of SPEC §2 exactly once', () => {
    const paths = ROUTES.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect([...paths].sort()).toEqual([...SPEC_PATHS].sort());
  });

  it('marks the three tabs as entry and quit pages with scrolling disabled (SPEC §2 Tab bar)', () => {
    const tabs = ROUTES.filter((r) => r.meta.isTabBar);
    expect(tabs.map((r) => [r.path, r.meta.tabBarIndex])).toEqual([
      ['/', 0],
      ['/main/index/index', 0],
      ['/main/gameLibrary/index', 1],
      ['/main/user/index', 2],
    ]);
    for (const t of tabs) expect(t.meta).toMatchObject({ isEntry: true, isQuit: true, disableScroll: true });
  });

  it('uses a fixed layout on home, member index, member premium, recharge and timelapse (SPEC §2 Route meta)', () => {
    for (const path of ['/', '/submodules/user/member/index', '/submodules/user/member/premium', '/submodules/user/recharge/index', '/submodules/user/timelapse/index'])
      expect(findRoute(path)?.meta.fixed).toBe(true);
    expect(findRoute('/main/user/index')?.meta.fixed).toBe(false);
  });

  it('gives home a 152 navigation bar and other pages 125 (SPEC §2, §9)', () => {
    expect(findRoute('/')?.meta.navigationBarHeight).toBe(HOME_NAV_BAR_HEIGHT);
    expect(HOME_NAV_BAR_HEIGHT).toBe(152);
    expect(findRoute('/main/login/index')?.meta.navigationBarHeight).toBe(NAV_BAR_HEIGHT);
    expect(NAV_BAR_HEIGHT).toBe(125);
  });

  it('gives overlay pages a transparent background and others #121212 (SPEC §2, §9)', () => {
    for (const r of ROUTES) {
      const overlay = r.path.startsWith('/submodules/webview/');
      expect(r.meta.pageBackgroundColor).toBe(overlay ? 'transparent' : PAGE_BACKGROUND);
    }
    expect(PAGE_BACKGROUND).toBe('#121212');
  });
});
