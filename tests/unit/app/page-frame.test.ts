/** The page frame's classes (SPEC §2 Route meta), the one rule App's frame and the prerendered skeleton both draw with. */
import { describe, expect, it } from 'vitest';
import type { PageKey } from '../../../web/core/paths.ts';
import { frameClass, frameTab } from '../../../web/app/page-frame.ts';
import { ROUTES } from '../../../web/app/route-table.ts';

const metaOf = (page: PageKey) => ROUTES.find((r) => r.page === page)?.meta ?? null;

describe('page frame classes (SPEC §2 Route meta)', () => {
  it('contains a fixed-layout or non-scrolling page and leaves room for the tab bar on a tab page', () => {
    expect(frameClass(metaOf('home'))).toBe('page page--contained page--tabbar');
    expect(frameTab(metaOf('gameLibrary'))).toBe(1);
    expect(frameClass(metaOf('member'))).toBe('page page--contained');
    expect(frameClass(metaOf('game'))).toBe('page page--contained');
    expect(frameClass(metaOf('login'))).toBe('page');
    expect(frameTab(metaOf('login'))).toBeNull();
  });

  it('draws a bare frame where no route matched', () => {
    expect(frameClass(null)).toBe('page');
    expect(frameTab(null)).toBeNull();
  });

  it('has no tab bar without a tab to select', () => {
    const user = metaOf('user');
    expect(user).not.toBeNull();
    const meta = user && { ...user, tabBarIndex: null };
    expect(frameTab(meta)).toBeNull();
    expect(frameClass(meta)).toBe('page page--contained');
  });
});
