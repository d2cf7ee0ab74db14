/**
 * When the app offers to be installed (docs/decisions/0022-installable-app.md): shown once after a game, again on Mine
 * until dismissed, quiet for 30 days after a dismissal, never inside a host, never installed, never over the game or a
 * queue. The rules are pure; the model runs them over a fake window, a manual clock and an in-memory store.
 */
import { describe, expect, it, vi } from 'vitest';
import { createManualClock } from '../../../web/core/clock.ts';
import { HELD_INSTALL, type HeldInstall } from '../../../web/app/install/early.ts';
import { createInstallOffer, SETTLE_MS, type InstallWindow } from '../../../web/app/install/offer-model.ts';
import { afterGameOffer, DAY_MS, isIosSafari, isQuiet, NO_RECORD, offerWay, QUIET_MS, readRecord, type InstallRecord } from '../../../web/app/install/rules.ts';

const IPHONE_SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const IPAD_AS_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
const IPHONE_CHROME = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1';
const IPHONE_WEBVIEW = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148';
const ANDROID_CHROME = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';

const facts = (over: Partial<Parameters<typeof offerWay>[0]> = {}) => ({ inHost: false, installed: false, way: 'prompt' as const, record: NO_RECORD, now: 100 * DAY_MS, ...over });
const afterGame = (over: Partial<Parameters<typeof afterGameOffer>[0]> = {}) => ({ ...facts(), gameEnded: true, page: 'home' as const, queueing: false, popupShown: false, ...over });

describe('the install rules', () => {
  it('offers the way the browser has, never in a host, never installed, never with no way', () => {
    expect(offerWay(facts())).toBe('prompt');
    expect(offerWay(facts({ way: 'ios' }))).toBe('ios');
    expect(offerWay(facts({ inHost: true }))).toBeNull();
    expect(offerWay(facts({ installed: true }))).toBeNull();
    expect(offerWay(facts({ way: null }))).toBeNull();
  });

  it('a dismissal keeps it quiet for 30 days, then it is offered again', () => {
    const now = 100 * DAY_MS;
    expect(offerWay(facts({ record: { ...NO_RECORD, dismissedAt: now - QUIET_MS + 1 } }))).toBeNull();
    expect(offerWay(facts({ record: { ...NO_RECORD, dismissedAt: now - QUIET_MS } }))).toBe('prompt');
    expect(isQuiet(null, now)).toBe(false);
    // A clock set back after the dismissal: quiet from now, not for ever.
    expect(isQuiet(now + 400 * DAY_MS, now)).toBe(true);
  });

  it('after a game: once, on a page that is not the game screen, with no queue and no pop-up', () => {
    expect(afterGameOffer(afterGame())).toBe('prompt');
    expect(afterGameOffer(afterGame({ record: { ...NO_RECORD, offeredAfterGame: true } }))).toBeNull();
    expect(afterGameOffer(afterGame({ gameEnded: false }))).toBeNull();
    expect(afterGameOffer(afterGame({ page: 'game' }))).toBeNull();
    expect(afterGameOffer(afterGame({ page: null }))).toBeNull();
    expect(afterGameOffer(afterGame({ queueing: true }))).toBeNull();
    expect(afterGameOffer(afterGame({ popupShown: true }))).toBeNull();
    expect(afterGameOffer(afterGame({ inHost: true }))).toBeNull();
  });

  it('reads a stored record defensively', () => {
    expect(readRecord({ dismissedAt: 5, offeredAfterGame: true })).toEqual({ dismissedAt: 5, offeredAfterGame: true });
    expect(readRecord('junk')).toEqual(NO_RECORD);
    expect(readRecord({ dismissedAt: 'yesterday', offeredAfterGame: 1 })).toEqual(NO_RECORD);
    expect(readRecord({ dismissedAt: Number.NaN })).toEqual(NO_RECORD);
  });

  it('tells iPhone and iPad Safari from other iOS browsers, webviews and Android', () => {
    expect(isIosSafari({ userAgent: IPHONE_SAFARI, maxTouchPoints: 5 })).toBe(true);
    expect(isIosSafari({ userAgent: IPAD_AS_MAC, maxTouchPoints: 5 })).toBe(true);
    expect(isIosSafari({ userAgent: IPAD_AS_MAC, maxTouchPoints: 0 })).toBe(false);
    expect(isIosSafari({ userAgent: IPHONE_CHROME, maxTouchPoints: 5 })).toBe(false);
    expect(isIosSafari({ userAgent: IPHONE_WEBVIEW, maxTouchPoints: 5 })).toBe(false);
    expect(isIosSafari({ userAgent: ANDROID_CHROME, maxTouchPoints: 5 })).toBe(false);
  });
});

/** Chromium's BeforeInstallPromptEvent with a scripted answer. */
function promptEvent(outcome: 'accepted' | 'dismissed') {
  const e = new Event('beforeinstallprompt', { cancelable: true });
  const prompt = vi.fn(() => Promise.resolve());
  return Object.assign(e, { prompt, userChoice: Promise.resolve({ outcome }) });
}

function setUp(o: { ua?: string; standalone?: boolean; inHost?: boolean; held?: HeldInstall; stored?: unknown; storageThrows?: boolean } = {}) {
  const clock = createManualClock(1000 * DAY_MS);
  const target = new EventTarget();
  const win: InstallWindow = {
    addEventListener: (t, fn) => target.addEventListener(t, fn),
    removeEventListener: (t, fn) => target.removeEventListener(t, fn),
    matchMedia: (q) => ({ matches: q === '(display-mode: standalone)' && o.standalone === true }),
    navigator: { userAgent: o.ua ?? ANDROID_CHROME, maxTouchPoints: 5 },
    ...(o.held ? { [HELD_INSTALL]: o.held } : {}),
  };
  let stored: unknown = o.stored ?? null;
  const writes: InstallRecord[] = [];
  const offer = createInstallOffer({
    win,
    clock,
    read: () => {
      if (o.storageThrows) throw new Error('SecurityError');
      return stored;
    },
    write: (r) => {
      if (o.storageThrows) throw new Error('SecurityError');
      stored = r;
      writes.push(r);
    },
    inHost: () => o.inHost === true,
  });
  const dispatch = (e: Event): Event => (target.dispatchEvent(e), e);
  return { clock, offer, dispatch, writes, stored: () => stored };
}

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('the install offer', () => {
  it('holds the event the first script kept, and one that comes later, keeping the browser’s own banner away', () => {
    const early = promptEvent('accepted');
    const { offer, dispatch } = setUp({ held: { prompt: early, installed: false } });
    expect(offer.mine.value).toBe('prompt');
    const late = dispatch(promptEvent('accepted'));
    expect(late.defaultPrevented).toBe(true);
    expect(offer.mine.value).toBe('prompt');
  });

  it('Install shows the browser’s dialog once; accepted and installed, nothing more is offered', async () => {
    const { offer, dispatch } = setUp();
    const e = promptEvent('accepted');
    dispatch(e);
    await offer.install();
    expect(e.prompt).toHaveBeenCalledTimes(1);
    dispatch(new Event('appinstalled'));
    expect(offer.mine.value).toBeNull();
    dispatch(promptEvent('accepted'));
    expect(offer.mine.value).toBeNull();
  });

  it('declined in the browser’s dialog: quiet for 30 days, then offered again', async () => {
    const { offer, dispatch, clock, stored } = setUp();
    dispatch(promptEvent('dismissed'));
    await offer.install();
    expect(stored()).toEqual({ dismissedAt: clock.now(), offeredAfterGame: false });
    dispatch(promptEvent('dismissed'));
    expect(offer.mine.value).toBeNull();
    clock.advance(QUIET_MS - 1);
    dispatch(promptEvent('dismissed'));
    expect(offer.mine.value).toBeNull();
    clock.advance(1);
    dispatch(promptEvent('dismissed'));
    expect(offer.mine.value).toBe('prompt');
  });

  it('after the first game, back on a page: the sheet once; Not now is quiet for 30 days', () => {
    const { offer, dispatch, clock } = setUp();
    dispatch(promptEvent('accepted'));
    offer.gamePhase('playing');
    offer.gamePhase('ended');
    offer.pageShown('gameDetail');
    expect(offer.sheet.value).toBeNull();
    clock.advance(SETTLE_MS);
    expect(offer.sheet.value).toEqual({ way: 'prompt', afterGame: true });
    offer.dismiss();
    expect(offer.sheet.value).toBeNull();
    expect(offer.mine.value).toBeNull();
    // Another game, a month and more later: the after-game offer was made; Mine offers again.
    clock.advance(QUIET_MS);
    offer.gamePhase('playing');
    offer.gamePhase('ended');
    offer.pageShown('home');
    clock.advance(SETTLE_MS);
    expect(offer.sheet.value).toBeNull();
    expect(offer.mine.value).toBe('prompt');
  });

  it('never over the game screen, a queue or a pop-up; one that shows takes the offer away, to come again', () => {
    const { offer, dispatch, clock } = setUp();
    dispatch(promptEvent('accepted'));
    offer.gamePhase('playing');
    offer.gamePhase('ended');
    offer.pageShown('game');
    clock.advance(SETTLE_MS);
    expect(offer.sheet.value).toBeNull();
    offer.setQueueing(true);
    offer.pageShown('home');
    clock.advance(SETTLE_MS);
    expect(offer.sheet.value).toBeNull();
    offer.setQueueing(false);
    offer.pageShown('user');
    clock.advance(SETTLE_MS);
    expect(offer.sheet.value?.afterGame).toBe(true);
    offer.setPopupShown(true);
    expect(offer.sheet.value).toBeNull();
    offer.setPopupShown(false);
    offer.pageShown('home');
    clock.advance(SETTLE_MS);
    expect(offer.sheet.value?.afterGame).toBe(true);
  });

  it('a game that never reached the stream, or one still hung up, is not a played game that ended', () => {
    const { offer, dispatch, clock } = setUp();
    dispatch(promptEvent('accepted'));
    offer.gamePhase('starting');
    offer.gamePhase('ended');
    offer.pageShown('home');
    clock.advance(SETTLE_MS);
    expect(offer.sheet.value).toBeNull();
    offer.gamePhase('playing');
    offer.gamePhase('hung-up');
    offer.pageShown('gameDetail');
    clock.advance(SETTLE_MS);
    expect(offer.sheet.value).toBeNull();
  });

  it('never inside a host, never when running installed', () => {
    const inHost = setUp({ inHost: true });
    inHost.dispatch(promptEvent('accepted'));
    expect(inHost.offer.mine.value).toBeNull();
    const standalone = setUp({ standalone: true });
    standalone.dispatch(promptEvent('accepted'));
    expect(standalone.offer.mine.value).toBeNull();
    const homeScreen = setUp({ ua: IPHONE_SAFARI });
    expect(homeScreen.offer.mine.value).toBe('ios');
  });

  it('iOS Safari: Install opens the Share → Add to Home Screen sheet; closing it is a dismissal', async () => {
    const { offer, clock, stored } = setUp({ ua: IPHONE_SAFARI });
    expect(offer.mine.value).toBe('ios');
    await offer.install();
    expect(offer.sheet.value).toEqual({ way: 'ios', afterGame: false });
    offer.dismiss();
    expect(offer.sheet.value).toBeNull();
    expect(offer.mine.value).toBeNull();
    expect(stored()).toEqual({ dismissedAt: clock.now(), offeredAfterGame: false });
  });

  it('a stored dismissal is read at start; storage that refuses still lets the offer work for the visit', async () => {
    const quiet = setUp({ stored: { dismissedAt: 1000 * DAY_MS - DAY_MS, offeredAfterGame: false } });
    quiet.dispatch(promptEvent('accepted'));
    expect(quiet.offer.mine.value).toBeNull();
    const refused = setUp({ storageThrows: true });
    refused.dispatch(promptEvent('dismissed'));
    await refused.offer.install();
    await flush();
    refused.dispatch(promptEvent('dismissed'));
    expect(refused.offer.mine.value).toBeNull();
  });

  it('a browser that refuses to show its dialog leaves nothing answered', async () => {
    const { offer, dispatch, writes } = setUp();
    const e = promptEvent('accepted');
    e.prompt.mockImplementation(() => Promise.reject(new DOMException('not allowed', 'NotAllowedError')));
    dispatch(e);
    await offer.install();
    expect(writes).toEqual([]);
  });
});
