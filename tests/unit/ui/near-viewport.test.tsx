/**
 * LCP (docs/decisions/0017-images.md): art loads only when the player can see it, or is about to. A card's
 * image has no `src` until one shared IntersectionObserver finds it near; without IntersectionObserver it loads at
 * once; first-view covers load at once; the banner carousel gives art to the shown slide and its neighbours only.
 */
import { act, createElement } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { GameSummary } from '../../../web/api/contract.ts';
import { createManualClock } from '../../../web/core/clock.ts';
import { Carousel } from '../../../web/ui/Carousel.tsx';
import { GameCard } from '../../../web/ui/GameCard.tsx';
import { NearImage } from '../../../web/ui/NearImage.tsx';
import { NEAR } from '../../../web/ui/near-viewport.ts';
import { useMount } from './mount.ts';

/** A stand-in for the browser's observer: the test says which elements are near. */
class FakeObserver {
  static made: FakeObserver[] = [];
  readonly watched = new Set<Element>();
  constructor(
    readonly callback: IntersectionObserverCallback,
    readonly options: IntersectionObserverInit & { scrollMargin?: string },
  ) {
    FakeObserver.made.push(this);
  }
  observe(el: Element): void {
    this.watched.add(el);
  }
  unobserve(el: Element): void {
    this.watched.delete(el);
  }
  disconnect(): void {
    this.watched.clear();
  }
  /** Reports `els` as intersecting (near), as the browser does after a scroll. */
  near(...els: Element[]): void {
    const entries = els.map((target) => ({ target, isIntersecting: true }) as unknown as IntersectionObserverEntry);
    this.callback(entries, this as unknown as IntersectionObserver);
  }
}

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});

const g = globalThis as { IntersectionObserver?: unknown };
/** A fresh class per test, as another page's browser would have: the shared observer is made anew for it. */
const installFake = (): void => {
  g.IntersectionObserver = class extends FakeObserver {};
};
const original = g.IntersectionObserver;
const { mount, render } = useMount();
afterEach(() => {
  g.IntersectionObserver = original;
  FakeObserver.made = [];
});
const game = (id: number): GameSummary => ({ id, title: `Game ${id}`, cover: `/c/${id}.webp`, banner: `/b/${id}.webp`, tags: [] }) as unknown as GameSummary;
const cards = (ids: number[], firstView = false) =>
  createElement('div', null, ...ids.map((id) => createElement(GameCard, { key: id, game: game(id), onOpen: () => undefined, firstView })));
const srcs = (host: HTMLElement) => [...host.querySelectorAll('img')].map((img) => img.getAttribute('src'));

describe('images near the viewport (one shared IntersectionObserver)', () => {
  it('a card has no src until it is near, then keeps it; one observer watches them all', () => {
    installFake();
    const host = mount(cards([1, 2, 3]));
    expect(srcs(host)).toEqual([null, null, null]);
    // The box is reserved meanwhile: no shift when the art arrives.
    const img = host.querySelector('img');
    expect([img?.getAttribute('width'), img?.getAttribute('height')]).toEqual(['300', '400']);
    expect(FakeObserver.made).toHaveLength(1);
    const io = FakeObserver.made[0];
    expect(io?.watched.size).toBe(3);
    expect(io?.options).toMatchObject({ rootMargin: NEAR.rootMargin, scrollMargin: NEAR.scrollMargin });

    const [a, b] = host.querySelectorAll('img');
    act(() => io?.near(a as Element, b as Element));
    expect(srcs(host)).toEqual(['/c/1.webp', '/c/2.webp', null]);
    // Loaded art is not watched any more, and stays.
    expect(io?.watched.size).toBe(1);
    render(cards([1, 2, 3]));
    expect(srcs(host)).toEqual(['/c/1.webp', '/c/2.webp', null]);
  });

  it('an unmounted image stops being watched', () => {
    installFake();
    mount(cards([1, 2]));
    const io = FakeObserver.made[0];
    expect(io?.watched.size).toBe(2);
    render(cards([1]));
    expect(io?.watched.size).toBe(1);
  });

  it('first-view covers have their src and high priority from the first render', () => {
    installFake();
    const host = mount(cards([1, 2], true));
    expect(srcs(host)).toEqual(['/c/1.webp', '/c/2.webp']);
    expect(host.querySelector('img')?.getAttribute('fetchpriority')).toBe('high');
    expect(FakeObserver.made[0]?.watched.size ?? 0).toBe(0);
  });

  it('without IntersectionObserver (an old webview) every image loads at once', () => {
    g.IntersectionObserver = undefined;
    const host = mount(createElement('div', null, cards([1, 2]), createElement(NearImage, { src: '/s/1.webp', alt: '' })));
    expect(srcs(host)).toEqual(['/c/1.webp', '/c/2.webp', '/s/1.webp']);
  });

  it('NearImage (screenshots, webview rows) waits the same way', () => {
    installFake();
    const host = mount(createElement(NearImage, { src: '/s/1.webp', alt: '', width: 96, height: 128 }));
    expect(srcs(host)).toEqual([null]);
    act(() => FakeObserver.made[0]?.near(host.querySelector('img') as Element));
    expect(srcs(host)).toEqual(['/s/1.webp']);
  });
});

describe('Carousel: art for the shown slide and its neighbours only', () => {
  const banners = ['a', 'b', 'c', 'd', 'e'];
  const carousel = (clock: ReturnType<typeof createManualClock>) =>
    createElement(Carousel<string>, {
      items: banners,
      clock,
      label: 'Featured',
      render: (s: string, _i: number, near: boolean) => createElement('img', { alt: '', src: near ? `/${s}.webp` : undefined }),
    });

  it('starts with the first slide, the next and the previous (a swipe back wraps); later slides come as they near', () => {
    const clock = createManualClock();
    const host = mount(carousel(clock));
    expect(srcs(host)).toEqual(['/a.webp', '/b.webp', null, null, '/e.webp']);
    act(() => clock.advance(5000));
    expect(srcs(host)).toEqual(['/a.webp', '/b.webp', '/c.webp', null, '/e.webp']);
    act(() => clock.advance(5000));
    // Once near, a slide keeps its art.
    expect(srcs(host)).toEqual(['/a.webp', '/b.webp', '/c.webp', '/d.webp', '/e.webp']);
  });

  it('a dot that jumps ahead gives art to that slide and its neighbours', () => {
    const clock = createManualClock();
    const host = mount(carousel(clock));
    act(() => (host.querySelector('[aria-label="Slide 4"]') as HTMLButtonElement).click());
    expect(srcs(host)).toEqual(['/a.webp', '/b.webp', '/c.webp', '/d.webp', '/e.webp']);
  });
});
