import { beforeAll, describe, expect, it, vi } from 'vitest';
import { act, createElement } from 'react';
import { createManualClock } from '../../../web/core/clock.ts';
import { Carousel } from '../../../web/ui/Carousel.tsx';
import { useLongPress } from '../../../web/ui/use-long-press.ts';
import { ImagePreview } from '../../../web/ui/ImagePreview.tsx';
import { Countdown } from '../../../web/ui/Countdown.tsx';
import { Field } from '../../../web/ui/Field.tsx';
import { useMount } from './mount.ts';

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});

const { mount, unmount } = useMount();
const current = (host: HTMLElement) => host.querySelector('[aria-current="true"]')?.getAttribute('aria-label');

describe('Carousel on an injected clock (home banners)', () => {
  it('advances every 5 s and wraps, and a dot jumps and restarts the wait', () => {
    const clock = createManualClock();
    const host = mount(createElement(Carousel<string>, { items: ['a', 'b', 'c'], render: (s: string) => s, clock, label: 'Featured' }));
    expect(current(host)).toBe('Slide 1');
    act(() => clock.advance(4999));
    expect(current(host)).toBe('Slide 1');
    act(() => clock.advance(1));
    expect(current(host)).toBe('Slide 2');
    act(() => clock.advance(5000));
    act(() => clock.advance(5000));
    expect(current(host)).toBe('Slide 1');
    act(() => clock.advance(3000));
    act(() => (host.querySelector('[aria-label="Slide 3"]') as HTMLButtonElement).click());
    expect(current(host)).toBe('Slide 3');
    act(() => clock.advance(4000));
    expect(current(host)).toBe('Slide 3');
    act(() => clock.advance(1000));
    expect(current(host)).toBe('Slide 1');
  });
});

describe('Carousel auto-advance holds when it must be stoppable (WCAG 2.2.2)', () => {
  const banners = (clock: ReturnType<typeof createManualClock>) =>
    mount(createElement(Carousel<string>, { items: ['a', 'b', 'c'], render: (s: string) => s, clock, label: 'Featured' }));

  it('holds while a mouse rests on it, and goes on after it leaves', () => {
    const clock = createManualClock();
    const host = banners(clock);
    const region = host.querySelector('section') as HTMLElement;
    act(() => void region.dispatchEvent(new PointerEvent('pointerover', { bubbles: true, pointerType: 'mouse' })));
    act(() => clock.advance(20_000));
    expect(current(host)).toBe('Slide 1');
    act(() => void region.dispatchEvent(new PointerEvent('pointerout', { bubbles: true, pointerType: 'mouse' })));
    act(() => clock.advance(5000));
    expect(current(host)).toBe('Slide 2');
  });

  it('a finger passing over it does not hold it', () => {
    const clock = createManualClock();
    const host = banners(clock);
    const region = host.querySelector('section') as HTMLElement;
    act(() => void region.dispatchEvent(new PointerEvent('pointerover', { bubbles: true, pointerType: 'touch' })));
    act(() => clock.advance(5000));
    expect(current(host)).toBe('Slide 2');
  });

  it('holds while focus is inside it', () => {
    const clock = createManualClock();
    const host = banners(clock);
    const dot = host.querySelector<HTMLButtonElement>('[aria-label="Slide 2"]');
    expect(dot).not.toBeNull();
    act(() => dot?.focus());
    act(() => clock.advance(20_000));
    expect(current(host)).toBe('Slide 1');
    act(() => dot?.blur());
    act(() => clock.advance(5000));
    expect(current(host)).toBe('Slide 2');
  });

  it('never starts for a player who asked for reduced motion', () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === '(prefers-reduced-motion: reduce)',
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
    try {
      const clock = createManualClock();
      const host = banners(clock);
      act(() => clock.advance(20_000));
      expect(current(host)).toBe('Slide 1');
      act(() => (host.querySelector('[aria-label="Slide 3"]') as HTMLButtonElement).click());
      expect(current(host)).toBe('Slide 3');
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('Countdown on an injected clock (the pop-ups)', () => {
  it('shows mm:ss counting down and calls onDone once at zero', () => {
    const clock = createManualClock();
    const onDone = vi.fn();
    const host = mount(createElement(Countdown, { clock, seconds: 65, onDone }));
    const timer = () => host.querySelector('[role="timer"]')?.textContent;
    expect(timer()).toBe('01:05');
    act(() => clock.advance(60_000));
    expect(timer()).toBe('00:05');
    act(() => clock.advance(10_000));
    expect(timer()).toBe('00:00');
    expect(onDone).toHaveBeenCalledTimes(1);
  });
});

describe('Field (the forms’ label, input frame and message line)', () => {
  const inputOf = (host: HTMLElement, label: string) => {
    const l = [...host.querySelectorAll('label')].find((x) => x.textContent === label);
    return host.querySelector<HTMLInputElement>(`#${CSS.escape(l?.htmlFor ?? '')}`);
  };

  it('labels its input and ties the message to it; a message marks it invalid and alerts', () => {
    const host = mount(createElement(Field, { label: 'ID card number', error: 'Too short', name: 'id_card', maxLength: 20, onChange: () => undefined, value: '12' }));
    const input = inputOf(host, 'ID card number');
    expect(input?.name).toBe('id_card');
    expect(input?.className).toBe('field__input');
    expect(input?.getAttribute('aria-invalid')).toBe('true');
    const hint = host.querySelector(`#${CSS.escape(input?.getAttribute('aria-describedby') ?? '')}`);
    expect(hint?.textContent).toBe('Too short');
    expect(hint?.getAttribute('role')).toBe('alert');
    expect(host.querySelector('.field__row--invalid')).not.toBeNull();
  });

  it('keeps an empty, silent message line while valid, or a polite one, and none when it has no message', () => {
    const valid = mount(createElement(Field, { label: 'Real name', error: null }));
    expect(inputOf(valid, 'Real name')?.getAttribute('aria-invalid')).toBe('false');
    expect(valid.querySelector('.field__hint')?.getAttribute('role')).toBeNull();
    expect(valid.querySelector('.field__row--invalid')).toBeNull();
    unmount();
    const polite = mount(createElement(Field, { label: 'Phone number', error: 'Enter a valid number', announce: 'polite' }));
    expect(polite.querySelector('.field__hint')?.getAttribute('aria-live')).toBe('polite');
    expect(polite.querySelector('.field__hint')?.getAttribute('role')).toBeNull();
    unmount();
    const bare = mount(createElement(Field, { label: 'Code', action: createElement('button', { type: 'button' }, 'Send') }));
    expect(bare.querySelector('.field__hint')).toBeNull();
    expect(inputOf(bare, 'Code')?.hasAttribute('aria-invalid')).toBe(false);
    expect(bare.querySelector('.field__row button')?.textContent).toBe('Send');
  });
});

function Pressable({ onLong, onClick, clock }: { onLong: () => void; onClick: () => void; clock: ReturnType<typeof createManualClock> }) {
  const press = useLongPress(onLong, clock);
  return createElement('button', { type: 'button', onClick, ...press }, 'card');
}
const pointer = (el: Element, type: string, x: number, y: number) =>
  act(() => {
    el.dispatchEvent(new PointerEvent(type, { bubbles: true, clientX: x, clientY: y, pointerId: 1 }));
  });

describe('useLongPress (SPEC §9: 350 ms, cancelled by movement over 10 px)', () => {
  it('fires after 350 ms held still, and swallows the click that follows', () => {
    const clock = createManualClock();
    const onLong = vi.fn();
    const onClick = vi.fn();
    const host = mount(createElement(Pressable, { onLong, onClick, clock }));
    const btn = host.querySelector('button')!;
    pointer(btn, 'pointerdown', 10, 10);
    act(() => clock.advance(349));
    expect(onLong).not.toHaveBeenCalled();
    pointer(btn, 'pointermove', 16, 18); // exactly 10 px: still a press
    act(() => clock.advance(1));
    expect(onLong).toHaveBeenCalledOnce();
    pointer(btn, 'pointerup', 16, 18);
    act(() => btn.click());
    expect(onClick).not.toHaveBeenCalled();
    act(() => btn.click());
    expect(onClick).toHaveBeenCalledOnce();
  });
  it('is cancelled by movement over 10 px or an early release', () => {
    const clock = createManualClock();
    const onLong = vi.fn();
    const host = mount(createElement(Pressable, { onLong, onClick: () => undefined, clock }));
    const btn = host.querySelector('button')!;
    pointer(btn, 'pointerdown', 10, 10);
    pointer(btn, 'pointermove', 21, 10);
    act(() => clock.advance(1000));
    pointer(btn, 'pointerdown', 10, 10);
    act(() => clock.advance(200));
    pointer(btn, 'pointerup', 10, 10);
    act(() => clock.advance(1000));
    expect(onLong).not.toHaveBeenCalled();
  });
});

describe('ImagePreview with an image that fails to load', () => {
  it('SPEC §8: the image-info rejection says so in place of that image and keeps the others', async () => {
    const imageInfo = (src: string) =>
      src === '/gone.png' ? Promise.reject(new Error('getImageInfo:fail /gone.png could not be loaded')) : Promise.resolve({ width: 1280, height: 720, path: src });
    const host = mount(createElement(ImagePreview, { images: ['/ok.png', '/gone.png'], label: 'Starfall', onClose: () => undefined, imageInfo }));
    await act(async () => {
      await Promise.resolve();
    });
    expect(host.querySelectorAll('img')).toHaveLength(1);
    expect(host.querySelector('.preview__broken')?.getAttribute('aria-label')).toBe('Starfall, screenshot 2');
  });

  it('says so in place of that image and keeps the others', () => {
    const host = mount(createElement(ImagePreview, { images: ['/ok.png', '/gone.png'], label: 'Starfall', onClose: () => undefined, imageInfo: () => new Promise<never>(() => undefined) }));
    const imgs = host.querySelectorAll('img');
    expect(imgs).toHaveLength(2);
    act(() => {
      imgs[1]?.dispatchEvent(new Event('error'));
    });
    expect(host.querySelectorAll('img')).toHaveLength(1);
    expect(host.querySelector('.preview__broken')?.textContent).toBe('This image could not be loaded.');
    expect(host.querySelector('.preview__broken')?.getAttribute('aria-label')).toBe('Starfall, screenshot 2');
  });
});
