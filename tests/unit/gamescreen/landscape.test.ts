/**
 * The game sideways on a phone (decision 0023): the browser's orientation lock asked where it can be (full screen
 * or the installed app) while a game is under way and let go on leaving; the "turn your phone" hint where it cannot,
 * while the phone is held upright; nothing on a desktop, and nothing of the browser inside a host app that turns the
 * screen itself.
 */
import { describe, expect, it, vi } from 'vitest';
import { createLandscape, turnerOf, type LandscapeDeps, type OrientationLock, type Turner, type Watched } from '../../../web/pages/submodules/game/game/landscape.ts';
import { isHandset } from '../../../web/pages/submodules/game/game/handset.ts';
import { flush } from '../../flush.ts';

const ANDROID_PHONE = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
const ANDROID_TABLET = 'Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const LINUX_DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

const device = (userAgent: string, o: { touch?: number; coarse?: boolean; width?: number; height?: number } = {}) => ({
  navigator: { userAgent, maxTouchPoints: o.touch ?? 5 },
  window: { innerWidth: o.width ?? 390, innerHeight: o.height ?? 844 },
  screen: { width: o.width ?? 390, height: o.height ?? 844 },
  coarsePointer: o.coarse ?? true,
});

/** A yes or no the test flips, telling its listeners as a media query or fullscreenchange does. */
function watched(initial: boolean): Watched & { set(v: boolean): void } {
  let value = initial;
  const fns = new Set<() => void>();
  return {
    get value() {
      return value;
    },
    on(fn) {
      fns.add(fn);
      return () => fns.delete(fn);
    },
    set(v) {
      value = v;
      for (const fn of fns) fn();
    },
  };
}

/** `screen.orientation` whose lock answers as the test says: granted, refused, or left waiting. */
function fakeOrientation(answer: 'grant' | 'refuse' | 'wait' = 'grant') {
  let finish: (ok: boolean) => void = () => undefined;
  const lock = vi.fn(
    (o: 'landscape') =>
      new Promise<void>((resolve, reject) => {
        void o;
        finish = (ok) => (ok ? resolve() : reject(new DOMException('screen.orientation.lock() is not available on this device.', 'NotSupportedError')));
        if (answer !== 'wait') finish(answer === 'grant');
      }),
  );
  const unlock = vi.fn();
  return { api: { lock, unlock } satisfies OrientationLock, lock, unlock, finish: (ok: boolean) => finish(ok) };
}

function setup(o: { turner?: Turner; orientation?: OrientationLock | undefined; installed?: boolean; full?: boolean; portrait?: boolean } = {}) {
  const fullScreen = watched(o.full ?? false);
  const portrait = watched(o.portrait ?? true);
  const deps: LandscapeDeps = {
    turner: o.turner ?? 'browser',
    orientation: 'orientation' in o ? o.orientation : fakeOrientation().api,
    installed: o.installed ?? false,
    fullScreen,
    portrait,
  };
  return { land: createLandscape(deps), fullScreen, portrait };
}

const PLAYING = { underWay: true, inGame: true };
const QUEUED = { underWay: true, inGame: false };
const ENDED = { underWay: false, inGame: false };

describe('who turns the screen', () => {
  it('a phone by its user agent, or a small touch screen showing the desktop site; not a tablet or a desktop', () => {
    expect(isHandset(device(ANDROID_PHONE))).toBe(true);
    // Chrome on a phone asked for the desktop site: a PC by its user agent, a phone in the hand.
    expect(isHandset(device(LINUX_DESKTOP))).toBe(true);
    expect(isHandset(device(LINUX_DESKTOP, { width: 844, height: 390 }))).toBe(true);
    expect(isHandset(device(ANDROID_TABLET, { width: 800, height: 1280 }))).toBe(false);
    expect(isHandset(device(LINUX_DESKTOP, { touch: 10, width: 1280, height: 800 }))).toBe(false);
    expect(isHandset(device(LINUX_DESKTOP, { touch: 0, coarse: false, width: 390, height: 844 }))).toBe(false);
    expect(isHandset(device(LINUX_DESKTOP, { width: 0, height: 0 }))).toBe(false);
  });

  it('a phone in a browser: the browser; a phone in a host that can: the host; not a phone: nobody', () => {
    expect(turnerOf(true, false)).toBe('browser');
    expect(turnerOf(true, true)).toBe('host');
    expect(turnerOf(false, true)).toBe('none');
    expect(turnerOf(false, false)).toBe('none');
  });
});

describe('the landscape lock (Chromium on Android: in full screen or installed)', () => {
  it('is asked once full screen is entered while a game is under way, and the hint stays away once it holds', async () => {
    const o = fakeOrientation();
    const { land, fullScreen } = setup({ orientation: o.api });
    land.follow(PLAYING);
    // Not full screen yet: a lock would be refused, so none is asked, and the phone held upright is told.
    expect(o.lock).not.toHaveBeenCalled();
    expect(land.hint.value).toBe(true);
    fullScreen.set(true);
    expect(o.lock).toHaveBeenCalledWith('landscape');
    expect(land.lock.value).toBe('asking');
    expect(land.hint.value).toBe(false);
    await flush();
    expect(land.lock.value).toBe('held');
    expect(land.hint.value).toBe(false);
    expect(o.lock).toHaveBeenCalledTimes(1);
  });

  it('already full screen when the game screen opens (the Play tap entered it): asked at once', () => {
    const o = fakeOrientation();
    const { land } = setup({ orientation: o.api, full: true });
    land.follow(QUEUED);
    expect(o.lock).toHaveBeenCalledTimes(1);
  });

  it('the installed app locks without full screen', () => {
    const o = fakeOrientation();
    const { land } = setup({ orientation: o.api, installed: true });
    land.follow(PLAYING);
    expect(o.lock).toHaveBeenCalledTimes(1);
  });

  it('is let go when the game ends and when the game screen is left', async () => {
    const o = fakeOrientation();
    const { land } = setup({ orientation: o.api, full: true });
    land.follow(PLAYING);
    await flush();
    land.follow(ENDED);
    expect(o.unlock).toHaveBeenCalledTimes(1);
    expect(land.lock.value).toBe('idle');
    land.follow(PLAYING);
    await flush();
    expect(o.lock).toHaveBeenCalledTimes(2);
    land.dispose();
    expect(o.unlock).toHaveBeenCalledTimes(2);
    // Nothing after leaving.
    land.follow(PLAYING);
    expect(o.lock).toHaveBeenCalledTimes(2);
  });

  it('leaving full screen (a swipe, Esc) drops it; entering again asks again', async () => {
    const o = fakeOrientation();
    const { land, fullScreen } = setup({ orientation: o.api, full: true });
    land.follow(PLAYING);
    await flush();
    fullScreen.set(false);
    expect(land.lock.value).toBe('idle');
    expect(land.hint.value).toBe(true);
    fullScreen.set(true);
    await flush();
    expect(o.lock).toHaveBeenCalledTimes(2);
    expect(land.lock.value).toBe('held');
  });

  it('a refusal shows the hint and is not asked again until full screen is entered again', async () => {
    const o = fakeOrientation('refuse');
    const { land, fullScreen, portrait } = setup({ orientation: o.api, full: true });
    land.follow(PLAYING);
    await flush();
    expect(land.lock.value).toBe('refused');
    expect(land.hint.value).toBe(true);
    portrait.set(false);
    land.follow(PLAYING);
    portrait.set(true);
    expect(o.lock).toHaveBeenCalledTimes(1);
    fullScreen.set(false);
    fullScreen.set(true);
    expect(o.lock).toHaveBeenCalledTimes(2);
  });

  it('a lock that throws, or a browser without one (iOS Safari), is quiet and shows the hint', () => {
    const throwing: OrientationLock = {
      lock: () => {
        throw new TypeError('lock is not a function');
      },
    };
    for (const orientation of [throwing, {}, undefined]) {
      const { land } = setup({ orientation, full: true });
      expect(() => land.follow(PLAYING)).not.toThrow();
      expect(land.lock.value).toBe('refused');
      expect(land.hint.value).toBe(true);
      expect(() => land.dispose()).not.toThrow();
    }
  });

  it('granted after the game stopped wanting it: let go at once', async () => {
    const o = fakeOrientation('wait');
    const { land } = setup({ orientation: o.api, full: true });
    land.follow(PLAYING);
    land.follow(ENDED);
    expect(o.unlock).toHaveBeenCalledTimes(1);
    o.finish(true);
    await flush();
    expect(o.unlock).toHaveBeenCalledTimes(2);
    expect(land.lock.value).toBe('idle');
  });

  it('an unlock that throws (full screen already gone) is quiet', async () => {
    const o = fakeOrientation();
    o.unlock.mockImplementation(() => {
      throw new DOMException('not locked', 'InvalidStateError');
    });
    const { land } = setup({ orientation: o.api, full: true });
    land.follow(PLAYING);
    await flush();
    expect(() => land.dispose()).not.toThrow();
  });
});

describe('the "turn your phone" hint', () => {
  it('shows while a game runs and the phone is upright, and goes by itself when the phone is turned', () => {
    const { land, portrait } = setup({ orientation: undefined });
    expect(land.hint.value).toBe(false);
    land.follow(QUEUED);
    // Queued, no game on screen yet.
    expect(land.hint.value).toBe(false);
    land.follow(PLAYING);
    expect(land.hint.value).toBe(true);
    portrait.set(false);
    expect(land.hint.value).toBe(false);
    portrait.set(true);
    expect(land.hint.value).toBe(true);
    land.follow(ENDED);
    expect(land.hint.value).toBe(false);
  });

  it('closed by the player, it stays away while this game screen is open', () => {
    const { land, portrait } = setup({ orientation: undefined });
    land.follow(PLAYING);
    land.dismiss();
    expect(land.hint.value).toBe(false);
    portrait.set(false);
    portrait.set(true);
    land.follow(ENDED);
    land.follow(PLAYING);
    expect(land.hint.value).toBe(false);
  });

  it('never on a desktop, and never inside a host app that turns the screen; neither asks the browser', () => {
    for (const turner of ['none', 'host'] as const) {
      const o = fakeOrientation();
      const { land } = setup({ turner, orientation: o.api, full: true });
      land.follow(PLAYING);
      expect(land.hint.value).toBe(false);
      expect(o.lock).not.toHaveBeenCalled();
      land.dispose();
      expect(o.unlock).not.toHaveBeenCalled();
    }
  });

  it('not shown while the lock is being granted', () => {
    const o = fakeOrientation('wait');
    const { land } = setup({ orientation: o.api, full: true });
    land.follow(PLAYING);
    expect(land.lock.value).toBe('asking');
    expect(land.hint.value).toBe(false);
  });
});
