/**
 * The screen kept on while a game runs (decision 0023): a Screen Wake Lock taken when the game plays, let go on a
 * hang-up, a quit or leaving, taken again when the page is shown again, and quiet where it is missing or refused.
 */
import { effect } from '@preact/signals-core';
import { describe, expect, it, vi } from 'vitest';
import { createManualClock } from '../../../web/core/clock.ts';
import { createMemoryBridge } from '../../../web/core/bridge.ts';
import { createAppVisibility, followVisibility } from '../../../web/app/host-visibility.ts';
import { createScreenWakeLock, RETAKE_MS, type WakeLockApi } from '../../../web/pages/submodules/game/game/wake-lock.ts';
import { harness } from '../game/fakes.ts';
import { flush } from '../../flush.ts';

/** A granted lock: released by us (`release()`) or by the system (`drop()`), each firing `release` once, as the DOM's does. */
class FakeSentinel extends EventTarget {
  released = false;
  readonly release = vi.fn(async () => this.drop());
  drop(): void {
    if (this.released) return;
    this.released = true;
    this.dispatchEvent(new Event('release'));
  }
}

function fakeWakeLock() {
  const granted: FakeSentinel[] = [];
  let answer: 'grant' | 'refuse' | 'throw' = 'grant';
  const request = vi.fn((type: 'screen') => {
    if (answer === 'throw') throw new TypeError(`no ${type} lock here`);
    if (answer === 'refuse') return Promise.reject(new DOMException('Battery saver is on', 'NotAllowedError'));
    const s = new FakeSentinel();
    granted.push(s);
    return Promise.resolve(s);
  });
  const api: WakeLockApi = { request };
  /** The locks granted and not released. */
  const held = (): FakeSentinel[] => granted.filter((s) => !s.released);
  return { api, request, granted, held, answer: (a: typeof answer) => (answer = a) };
}

function page() {
  const doc = Object.assign(new EventTarget(), { visibilityState: 'visible' as string });
  const win = new EventTarget();
  const set = (next: 'visible' | 'hidden'): void => {
    doc.visibilityState = next;
    doc.dispatchEvent(new Event('visibilitychange'));
  };
  return { doc, win, set };
}

/** The game screen's wiring (phone-screen.ts): a session, the page's visibility, and the lock following `inGame`. */
async function playing() {
  const h = harness();
  const wl = fakeWakeLock();
  const p = page();
  const visibility = createAppVisibility({ doc: p.doc, win: p.win, bridge: createMemoryBridge({ hasHost: false }) });
  followVisibility(visibility, h.session);
  const lock = createScreenWakeLock({ wakeLock: wl.api, visibility, clock: h.clock });
  const stop = effect(() => lock.want(h.session.flags.value.inGame));
  return { h, wl, p, lock, stop };
}

/** The lock alone on a page, no session: the test says what the game wants. */
function bare(answer?: 'refuse' | 'throw') {
  const clock = createManualClock();
  const wl = fakeWakeLock();
  if (answer) wl.answer(answer);
  const p = page();
  const visibility = createAppVisibility({ doc: p.doc, win: p.win, bridge: createMemoryBridge({ hasHost: false }) });
  const lock = createScreenWakeLock({ wakeLock: wl.api, visibility, clock });
  return { clock, wl, p, visibility, lock };
}

describe('the screen kept on while a game runs (decision 0023)', () => {
  it('is taken when the game starts playing and let go when the player quits', async () => {
    const { h, wl, lock } = await playing();
    expect(wl.request).not.toHaveBeenCalled();
    await h.play();
    expect(h.session.flags.value.live).toBe(true);
    expect(wl.request).toHaveBeenCalledTimes(1);
    expect(wl.request).toHaveBeenCalledWith('screen');
    expect(lock.held).toBe(true);
    h.session.quit();
    await flush();
    expect(h.session.phase.value).toBe('ended');
    expect(wl.granted[0]?.release).toHaveBeenCalledTimes(1);
    expect(wl.held()).toEqual([]);
    expect(lock.held).toBe(false);
  });

  it('is let go when the page is hidden (the game hangs up, SPEC §4) and taken again when it is shown and plays', async () => {
    const { h, wl, p, lock } = await playing();
    await h.play();
    p.set('hidden');
    // The system lets it go as the page hides; ours is let go as well, and the game is on hold.
    wl.granted[0]?.drop();
    expect(h.session.phase.value).toBe('hung-up');
    expect(wl.held()).toEqual([]);
    expect(lock.held).toBe(false);
    p.set('visible');
    await flush();
    h.sdk.stream();
    await flush();
    expect(h.session.flags.value.live).toBe(true);
    expect(wl.request).toHaveBeenCalledTimes(2);
    expect(wl.held()).toHaveLength(1);
    expect(lock.held).toBe(true);
  });

  it('a quit game is not kept on: hidden and shown again after quitting asks nothing', async () => {
    const { h, wl, p } = await playing();
    await h.play();
    h.session.quit();
    await flush();
    p.set('hidden');
    p.set('visible');
    p.win.dispatchEvent(new Event('pageshow'));
    await h.advance(RETAKE_MS * 2);
    expect(wl.request).toHaveBeenCalledTimes(1);
    expect(wl.held()).toEqual([]);
  });

  it('leaving the game screen lets it go, and nothing brings it back', async () => {
    const { h, wl, p, lock, stop } = await playing();
    await h.play();
    lock.dispose();
    stop();
    expect(wl.held()).toEqual([]);
    p.set('hidden');
    p.set('visible');
    lock.want(true);
    await h.advance(RETAKE_MS);
    expect(wl.request).toHaveBeenCalledTimes(1);
  });

  it('a lock the system drops while the page is still shown is taken again shortly, once', async () => {
    const { clock, wl, lock } = bare();
    lock.want(true);
    await flush();
    const first = wl.granted[0];
    first?.drop();
    expect(lock.held).toBe(false);
    clock.advance(RETAKE_MS - 1);
    expect(wl.request).toHaveBeenCalledTimes(1);
    clock.advance(1);
    await flush();
    expect(wl.request).toHaveBeenCalledTimes(2);
    expect(lock.held).toBe(true);
    // The dropped one is not released again later.
    lock.want(false);
    expect(first?.release).not.toHaveBeenCalled();
    expect(wl.granted[1]?.release).toHaveBeenCalledTimes(1);
  });

  it('a dropped lock is not taken again when the page went out of sight meanwhile; shown, it is', async () => {
    const { clock, wl, p, lock } = bare();
    lock.want(true);
    await flush();
    // The system's release comes before the page is reported hidden.
    wl.granted[0]?.drop();
    p.set('hidden');
    clock.advance(RETAKE_MS);
    await flush();
    expect(wl.request).toHaveBeenCalledTimes(1);
    p.set('visible');
    await flush();
    expect(wl.request).toHaveBeenCalledTimes(2);
    expect(lock.held).toBe(true);
  });

  it('a page restored from the back-forward cache, never reported hidden, takes it again', async () => {
    const { wl, p, lock } = bare();
    lock.want(true);
    await flush();
    wl.granted[0]?.drop();
    p.win.dispatchEvent(new Event('pageshow'));
    await flush();
    expect(wl.request).toHaveBeenCalledTimes(2);
    expect(lock.held).toBe(true);
  });

  it('a refused request is quiet and not asked again in a loop; the page shown again asks once more', async () => {
    const { clock, wl, p, lock } = bare('refuse');
    lock.want(true);
    await flush();
    clock.advance(RETAKE_MS * 10);
    await flush();
    expect(wl.request).toHaveBeenCalledTimes(1);
    expect(lock.held).toBe(false);
    wl.answer('grant');
    p.set('hidden');
    p.set('visible');
    await flush();
    expect(wl.request).toHaveBeenCalledTimes(2);
    expect(lock.held).toBe(true);
  });

  it('a request that throws, or no API at all, is quiet', async () => {
    const { clock, p, visibility, lock: throwing } = bare('throw');
    expect(() => throwing.want(true)).not.toThrow();
    await flush();
    expect(throwing.held).toBe(false);
    const none = createScreenWakeLock({ wakeLock: undefined, visibility, clock });
    expect(() => none.want(true)).not.toThrow();
    p.set('hidden');
    p.set('visible');
    expect(() => none.dispose()).not.toThrow();
  });

  it('a lock granted after the game stopped wanting it is released at once', async () => {
    const clock = createManualClock();
    let grant: (s: FakeSentinel) => void = () => undefined;
    const late = new FakeSentinel();
    const api: WakeLockApi = { request: vi.fn(() => new Promise<FakeSentinel>((resolve) => (grant = resolve))) };
    const p = page();
    const visibility = createAppVisibility({ doc: p.doc, win: p.win, bridge: createMemoryBridge({ hasHost: false }) });
    const lock = createScreenWakeLock({ wakeLock: api, visibility, clock });
    lock.want(true);
    lock.want(false);
    lock.want(true);
    lock.want(false);
    // One request at a time.
    expect(api.request).toHaveBeenCalledTimes(1);
    grant(late);
    await flush();
    expect(late.release).toHaveBeenCalledTimes(1);
    expect(lock.held).toBe(false);
  });
});
