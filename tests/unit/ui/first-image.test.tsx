/**
 * LCP (docs/decisions/0017-images.md): the first view's largest image goes first. While it is held, the
 * covers near the viewport, the carousel's other slides and whatever waits with afterFirstImage (the shell's layers,
 * the start-up work after the first paint) wait; the image's report of being on screen, or HOLD_MS, lets them go.
 */
import { act, createElement } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { GameSummary } from '../../../web/api/contract.ts';
import { createManualClock } from '../../../web/core/clock.ts';
import { Carousel } from '../../../web/ui/Carousel.tsx';
import { GameCard } from '../../../web/ui/GameCard.tsx';
import { afterFirstImage, firstImageHeld, HOLD_MS, holdFirstImage, releaseFirstImage } from '../../../web/ui/first-image.ts';
import { firstImageShown, PAINT_WAIT_MS, watchFirstImage } from '../../../web/ui/first-image-shown.ts';
import { useMount } from './mount.ts';

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});
afterEach(() => releaseFirstImage());

const loaded = (src: string) => ({ type: 'load', currentTarget: { currentSrc: src } });

describe('the hold (first-image.ts)', () => {
  it('runs what waits at once when nothing holds; once the hold ends when it does, and a cancelled wait never', () => {
    const clock = createManualClock();
    const ran: string[] = [];
    afterFirstImage(() => ran.push('free'));
    expect(ran).toEqual(['free']);

    holdFirstImage(clock);
    expect(firstImageHeld()).toBe(true);
    afterFirstImage(() => ran.push('a'));
    const cancel = afterFirstImage(() => ran.push('cancelled'));
    afterFirstImage(() => ran.push('b'));
    cancel();
    expect(ran).toEqual(['free']);
    releaseFirstImage();
    expect(ran).toEqual(['free', 'a', 'b']);
    expect(firstImageHeld()).toBe(false);
    releaseFirstImage();
    expect(ran).toEqual(['free', 'a', 'b']);
  });

  it(`ends by itself after ${HOLD_MS} ms: an image that never comes holds nothing for long`, () => {
    const clock = createManualClock();
    const ran: number[] = [];
    holdFirstImage(clock);
    afterFirstImage(() => ran.push(clock.now()));
    act(() => clock.advance(HOLD_MS - 1));
    expect(ran).toEqual([]);
    act(() => clock.advance(1));
    expect(ran).toEqual([HOLD_MS]);
  });
});

describe('the first image on screen (first-image-shown.ts)', () => {
  it("ends the hold when the browser reports the image as the largest paint, not at its load", () => {
    const clock = createManualClock();
    const browser: { report?: (url: string) => boolean } = {};
    holdFirstImage(clock);
    watchFirstImage({ clock, largestPaints: (seen) => void (browser.report = seen) });
    firstImageShown(loaded('http://x/b1.webp'));
    expect(firstImageHeld()).toBe(true);
    // Another element's paint (the header's text) is not it.
    expect(browser.report?.('')).toBe(false);
    expect(firstImageHeld()).toBe(true);
    expect(browser.report?.('http://x/b1.webp')).toBe(true);
    expect(firstImageHeld()).toBe(false);
  });

  it(`without such a report (not the largest paint, an older browser) it ends ${PAINT_WAIT_MS} ms after the load`, () => {
    const clock = createManualClock();
    holdFirstImage(clock);
    watchFirstImage({ clock });
    firstImageShown(loaded('http://x/b1.webp'));
    act(() => clock.advance(PAINT_WAIT_MS - 1));
    expect(firstImageHeld()).toBe(true);
    act(() => clock.advance(1));
    expect(firstImageHeld()).toBe(false);
  });

  it('a failed image ends it at once; an image nobody named (a later visit) changes nothing', () => {
    const clock = createManualClock();
    holdFirstImage(clock);
    firstImageShown(loaded('http://x/b1.webp'));
    expect(firstImageHeld()).toBe(true);
    watchFirstImage({ clock });
    firstImageShown({ type: 'error', currentTarget: { currentSrc: 'http://x/b1.webp' } });
    expect(firstImageHeld()).toBe(false);
  });
});

describe('what waits for it', () => {
  const { mount } = useMount();
  const game = (id: number): GameSummary => ({ id, title: `Game ${id}`, cover: `/c/${id}.webp`, banner: `/b/${id}.webp`, tags: [] }) as unknown as GameSummary;
  const srcs = (host: HTMLElement) => [...host.querySelectorAll('img')].map((img) => img.getAttribute('src'));
  const g = globalThis as { IntersectionObserver?: unknown };
  const original = g.IntersectionObserver;
  afterEach(() => {
    g.IntersectionObserver = original;
  });

  it("the carousel shows the first slide's art only; its neighbours' once the hold ends", () => {
    const clock = createManualClock();
    holdFirstImage(clock);
    const host = mount(
      createElement(Carousel<string>, {
        items: ['a', 'b', 'c', 'd'],
        clock,
        label: 'Featured',
        render: (s: string, _i: number, near: boolean) => createElement('img', { alt: '', src: near ? `/${s}.webp` : undefined }),
      }),
    );
    expect(srcs(host)).toEqual(['/a.webp', null, null, null]);
    act(() => releaseFirstImage());
    expect(srcs(host)).toEqual(['/a.webp', '/b.webp', null, '/d.webp']);
  });

  it("a list's first cover (its largest paint) never waits; the first view's other covers and those that come near do", () => {
    // A stand-in observer: the test says when a cover is near.
    const observer: { near?: (el: Element) => void } = {};
    g.IntersectionObserver = class {
      constructor(cb: IntersectionObserverCallback) {
        observer.near = (target) => cb([{ target, isIntersecting: true } as unknown as IntersectionObserverEntry], this as unknown as IntersectionObserver);
      }
      observe(): void {}
      unobserve(): void {}
    };
    const clock = createManualClock();
    holdFirstImage(clock);
    const card = (id: number, props: { firstView?: boolean; largest?: boolean }) => createElement(GameCard, { key: id, game: game(id), onOpen: () => undefined, ...props });
    const host = mount(createElement('div', null, card(1, { firstView: true, largest: true }), card(2, { firstView: true }), card(3, {})));
    expect(srcs(host)).toEqual(['/c/1.webp', null, null]);
    // Both first-view covers are asked for first (high priority); only the first ends the hold.
    expect([...host.querySelectorAll('img')].map((img) => img.getAttribute('fetchpriority'))).toEqual(['high', 'high', null]);
    act(() => observer.near?.(host.querySelectorAll('img')[2] as Element));
    expect(srcs(host)).toEqual(['/c/1.webp', null, null]);
    act(() => releaseFirstImage());
    expect(srcs(host)).toEqual(['/c/1.webp', '/c/2.webp', '/c/3.webp']);
  });
});
