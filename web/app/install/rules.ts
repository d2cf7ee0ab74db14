/**
 * When the app offers to be installed (decision 0022), as pure rules over plain facts: the install module
 * (offer-model.ts) gathers the facts, these decide.
 *
 * - Never inside a host app, never once installed, never with nothing to offer (no held `beforeinstallprompt` and not
 *   iOS Safari).
 * - Dismissed, by "Not now", closing the iOS sheet or declining the browser's dialog: quiet for 30 days.
 * - On its own, once: after a game the player played has ended, back on a page that is not the game screen, with no
 *   queue running and no pop-up on screen. Mine offers it whenever the rules above allow.
 */
import type { PageKey } from '../../core/paths.ts';

export const DAY_MS = 24 * 60 * 60 * 1000;
/** How long a dismissal keeps the offer quiet. */
export const QUIET_MS = 30 * DAY_MS;

/** How this browser installs: Chromium's own dialog (a held `beforeinstallprompt`), or iOS Safari's Share sheet. */
export type InstallWay = 'prompt' | 'ios';

/** What the app remembers (local storage, INSTALL_RECORD_KEY in offer-model.ts). */
export interface InstallRecord {
  /** When the offer was last dismissed (clock ms), or null. */
  dismissedAt: number | null;
  /** The one offer after a game was shown. */
  offeredAfterGame: boolean;
}

export const NO_RECORD: InstallRecord = { dismissedAt: null, offeredAfterGame: false };

/** A stored record as written, or NO_RECORD's fields for anything missing or damaged. */
export function readRecord(raw: unknown): InstallRecord {
  if (typeof raw !== 'object' || raw === null) return NO_RECORD;
  const r = raw as Partial<Record<keyof InstallRecord, unknown>>;
  const at = r.dismissedAt;
  return {
    dismissedAt: typeof at === 'number' && Number.isFinite(at) ? at : null,
    offeredAfterGame: r.offeredAfterGame === true,
  };
}

/**
 * Dismissed less than 30 days ago. A dismissal dated in the future (the device's clock was set back) counts from now:
 * quiet, never forever, as QUIET_MS caps it.
 */
export function isQuiet(dismissedAt: number | null, now: number): boolean {
  return dismissedAt !== null && now - Math.min(dismissedAt, now) < QUIET_MS;
}

export interface OfferFacts {
  /** A host app announced itself (web/core/bridge.ts). */
  inHost: boolean;
  /** Running installed (display-mode standalone, iOS's navigator.standalone) or installed in this visit. */
  installed: boolean;
  way: InstallWay | null;
  record: InstallRecord;
  now: number;
}

/** How Mine offers to install now, or null: no offer. */
export function offerWay(f: OfferFacts): InstallWay | null {
  if (f.inHost || f.installed || f.way === null) return null;
  return isQuiet(f.record.dismissedAt, f.now) ? null : f.way;
}

export interface AfterGameFacts extends OfferFacts {
  /** A game the player played (it reached the stream) has ended in this visit. */
  gameEnded: boolean;
  /** The page on screen; null for an unknown path (the not-found page). */
  page: PageKey | null;
  /** A session is queued or holds a seat (app/queue-slot.ts). */
  queueing: boolean;
  /** A purchase pop-up is on screen (app/shown.ts). */
  popupShown: boolean;
}

/** The offer made on its own, once, after a game; null when not now. */
export function afterGameOffer(f: AfterGameFacts): InstallWay | null {
  if (f.record.offeredAfterGame || !f.gameEnded || f.page === null || f.page === 'game' || f.queueing || f.popupShown) return null;
  return offerWay(f);
}

export interface BrowserFacts {
  userAgent: string;
  /** iPadOS Safari says it is a Mac: a Mac with touch is an iPad. */
  maxTouchPoints: number;
}

/**
 * iPhone and iPad Safari, where Share → Add to Home Screen installs and no `beforeinstallprompt` ever comes. Other
 * browsers on iOS (CriOS, FxiOS, EdgiOS…) and apps' in-app webviews (no "Safari/" token) are left out: their menus differ.
 */
export function isIosSafari(b: BrowserFacts): boolean {
  const ua = b.userAgent;
  const ios = /iPhone|iPad|iPod/.test(ua) || (/Macintosh/.test(ua) && b.maxTouchPoints > 1);
  return ios && /Version\/[\d.]+.*Safari\//.test(ua) && !/CriOS|FxiOS|EdgiOS|OPiOS|OPT\/|YaBrowser|GSA\/|DuckDuckGo|Mercury/.test(ua);
}
