import { describe, expect, it } from 'vitest';
import { createTabBarStore, DEFAULT_TAB_ITEMS } from '../../../web/state/tabbar.ts';

describe('tab bar items (SPEC §2 Tab bar)', () => {
  it('has three tabs with pagePath, icons and a name for their label', () => {
    expect(DEFAULT_TAB_ITEMS.map((i) => i.pagePath)).toEqual(['/', '/main/gameLibrary/index', '/main/user/index']);
    expect(DEFAULT_TAB_ITEMS.map((i) => i.name)).toEqual(['home', 'gameLibrary', 'mine']);
    for (const i of DEFAULT_TAB_ITEMS) {
      expect(i.iconPath).toMatch(/\.svg$/);
      expect(i.selectedIconPath).toMatch(/\.svg$/);
    }
  });

  it('is configured per page on top of the defaults', () => {
    const store = createTabBarStore();
    const home = store.itemsFor('/');
    const user = store.itemsFor('/main/user/index');
    store.configure('/', [undefined, { visible: false }]);
    expect(home.get()[1]?.visible).toBe(false);
    expect(user.get()[1]?.visible).toBeUndefined();
  });

  it('shows red dots and badges wherever the bar is', () => {
    const store = createTabBarStore();
    const home = store.itemsFor('/');
    store.setItem(2, { redDot: true, badge: '3' });
    expect(home.get()[2]).toMatchObject({ redDot: true, badge: '3' });
    expect(store.itemsFor('/main/gameLibrary/index').get()[2]).toMatchObject({ redDot: true, badge: '3' });
  });
});
