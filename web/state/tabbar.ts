/**
 * The custom tab bar's items (SPEC §2 "Tab bar"). Signals: pages change red
 * dots and badges while the bar is on screen. Each page may carry its own
 * configuration on top of the defaults (SPEC: "configured per page").
 */
import { atom, type ReadableAtom, type WritableAtom } from 'nanostores';
import { PAGE_PATH } from '../core/paths.ts';

export type TabName = 'home' | 'gameLibrary' | 'mine';

export interface TabBarItem {
  pagePath: string;
  iconPath: string;
  selectedIconPath: string;
  /** Which tab: the bar shows its label in the language showing (ui/TabBar.tsx). */
  name: TabName;
  /** A page's own label for the tab, in place of the standard one. */
  text?: string;
  visible?: boolean;
  redDot?: boolean;
  /** Short text shown in a pill; empty hides it. */
  badge?: string;
}

export const DEFAULT_TAB_ITEMS: readonly TabBarItem[] = [
  { pagePath: PAGE_PATH.home, iconPath: '/icons/tab-home.svg', selectedIconPath: '/icons/tab-home-active.svg', name: 'home' },
  {
    pagePath: PAGE_PATH.gameLibrary,
    iconPath: '/icons/tab-library.svg',
    selectedIconPath: '/icons/tab-library-active.svg',
    name: 'gameLibrary',
  },
  { pagePath: PAGE_PATH.user, iconPath: '/icons/tab-user.svg', selectedIconPath: '/icons/tab-user-active.svg', name: 'mine' },
];

export interface TabBarStore {
  /** The items as configured for a page: defaults, then that page's overrides. */
  itemsFor(pagePath: string): ReadableAtom<readonly TabBarItem[]>;
  /** Overrides for one page (SPEC: "configured per page"). */
  configure(pagePath: string, items: ReadonlyArray<Partial<TabBarItem> | undefined>): void;
  /** Changes an item for every page (a badge on "Mine" shows wherever the bar does). */
  setItem(index: number, patch: Partial<Pick<TabBarItem, 'redDot' | 'badge' | 'visible' | 'text'>>): void;
}

export function createTabBarStore(defaults: readonly TabBarItem[] = DEFAULT_TAB_ITEMS): TabBarStore {
  const base = atom<readonly TabBarItem[]>(defaults);
  const perPage = new Map<string, WritableAtom<readonly TabBarItem[]>>();
  const overrides = new Map<string, ReadonlyArray<Partial<TabBarItem> | undefined>>();

  const merge = (pagePath: string) =>
    base.get().map((item, i) => ({ ...item, ...(overrides.get(pagePath)?.[i] ?? {}) }));

  const refreshAll = () => {
    for (const [path, s] of perPage) s.set(merge(path));
  };

  return {
    itemsFor(pagePath) {
      let s = perPage.get(pagePath);
      if (!s) {
        s = atom<readonly TabBarItem[]>(merge(pagePath));
        perPage.set(pagePath, s);
      }
      return s;
    },
    configure(pagePath, items) {
      overrides.set(pagePath, items);
      refreshAll();
    },
    setItem(index, patch) {
      base.set(base.get().map((item, i) => (i === index ? { ...item, ...patch } : item)));
      refreshAll();
    },
  };
}
