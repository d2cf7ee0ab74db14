/**
 * Fewer first-load requests (decision 0015): the app's tab bar shows the icons the prerendered skeleton drew inline
 * (SPEC §2 "Tab bar"), as data URLs, so taking over the page asks the network for no icon file and no icon blinks.
 * An icon the skeleton did not draw (another tab's selected one, a page's own) is its file, as before.
 */
import { createElement } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { prerenderRoute } from '../../../build/prerender.ts';
import { PAGE_PATH } from '../../../web/core/paths.ts';
import { createTabBarStore } from '../../../web/state/tabbar.ts';
import { useMount } from './mount.ts';

// The drawings a skeleton left are module state: these tests start from a module that has read none.
vi.resetModules();
const { APP_ICON, iconSource, keepDrawnIcons } = await import('../../../web/ui/drawn-icons.ts');
const { TabBar } = await import('../../../web/ui/TabBar.tsx');

const sources = (host: HTMLElement): string[] => [...host.querySelectorAll('.tabbar img')].map((img) => img.getAttribute('src') ?? '');

describe('drawn tab icons', () => {
  beforeAll(() => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  });
  const { mount } = useMount();
  const bar = () => createElement(TabBar, { items: createTabBarStore().itemsFor(PAGE_PATH.gameLibrary), selectedIndex: 1, onSelect: () => {} });

  it('without a skeleton, each icon is its file', () => {
    expect(sources(mount(bar()))).toEqual(['/icons/tab-home.svg', '/icons/tab-library-active.svg', '/icons/tab-user.svg']);
  });

  it("after the skeleton is read, the bar shows the skeleton's drawings, the same SVG the file holds", () => {
    const skeleton = document.createElement('div');
    skeleton.innerHTML = prerenderRoute(PAGE_PATH.gameLibrary);
    keepDrawnIcons(skeleton);
    const shown = sources(mount(bar()));
    expect(shown.every((src) => src.startsWith('data:image/svg+xml,'))).toBe(true);
    const svg = decodeURIComponent(shown[1]?.slice('data:image/svg+xml,'.length) ?? '');
    expect(svg).toMatch(/^<svg [^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(svg).toContain('stroke="#6AFE7E"');
    // What the skeleton did not draw still comes from the network.
    expect(iconSource('/icons/tab-home-active.svg')).toBe('/icons/tab-home-active.svg');
  });

  it('ignores a tagged element without an SVG in it', () => {
    const odd = document.createElement('div');
    odd.innerHTML = '<span data-icon="/icons/odd.svg">not a drawing</span><span data-icon="">x</span>';
    keepDrawnIcons(odd);
    expect(iconSource('/icons/odd.svg')).toBe('/icons/odd.svg');
  });

  it("home's skeleton draws the app's icon, and home's header shows that drawing (no request for /favicon.svg)", () => {
    const skeleton = document.createElement('div');
    skeleton.innerHTML = prerenderRoute(PAGE_PATH.home);
    keepDrawnIcons(skeleton);
    const logo = iconSource(APP_ICON);
    expect(logo.startsWith('data:image/svg+xml,')).toBe(true);
    expect(decodeURIComponent(logo)).toContain('viewBox="0 0 32 32"');
  });
});
