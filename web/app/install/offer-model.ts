/**
 * The install offer's state (decision 0022): what Mine offers, the sheet on screen, and what a tap does. It holds
 * Chromium's `beforeinstallprompt` (from the first script's hold, early.ts, and any that come later), learns the app
 * was installed (`appinstalled`, display-mode standalone, iOS's navigator.standalone), follows the page, the game,
 * the queue and the pop-ups it is told of, and decides by rules.ts. The window, clock and storage are passed in.
 */
import { computed, signal, type ReadonlySignal } from '@preact/signals-core';
import type { Clock } from '../../core/clock.ts';
import type { PageKey } from '../../core/paths.ts';
import type { Phase } from '../../game/state.ts';
import { HELD_INSTALL, type HeldInstall } from './early.ts';
import { afterGameOffer, isIosSafari, offerWay, readRecord, type InstallRecord, type InstallWay } from './rules.ts';

/** Local storage key of the InstallRecord. */
export const INSTALL_RECORD_KEY = 'install_offer';
/** After arriving on a page, this long before the offer after a game: the page draws, a pop-up due there shows first. */
export const SETTLE_MS = 1500;

/** Chromium's BeforeInstallPromptEvent, as far as the app uses it. */
interface InstallPromptEvent extends Event {
  prompt(): Promise<unknown>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

const isPromptEvent = (e: unknown): e is InstallPromptEvent =>
  typeof e === 'object' && e !== null && typeof (e as InstallPromptEvent).prompt === 'function' && typeof (e as InstallPromptEvent).userChoice?.then === 'function';

export interface InstallWindow {
  addEventListener(type: string, fn: (e: Event) => void): void;
  removeEventListener(type: string, fn: (e: Event) => void): void;
  matchMedia?: (query: string) => { matches: boolean };
  navigator: { userAgent: string; maxTouchPoints?: number; standalone?: boolean };
  [HELD_INSTALL]?: HeldInstall;
}

export interface InstallDeps {
  win: InstallWindow;
  clock: Clock;
  /** The stored record (any value: it is checked) and its writer; either may throw where storage is refused. */
  read: () => unknown;
  write: (record: InstallRecord) => void;
  /** A host app announced itself: nothing is offered (checked again at each decision). */
  inHost: () => boolean;
}

/** A sheet on screen: Chromium's offer after a game, or how to add the app on iOS (after a game or from Mine). */
export interface InstallSheet {
  way: InstallWay;
  afterGame: boolean;
}

export interface InstallOffer {
  /** What Mine offers now (null: nothing). */
  readonly mine: ReadonlySignal<InstallWay | null>;
  readonly sheet: ReadonlySignal<InstallSheet | null>;
  /** "Install": Chromium's dialog (its answer handled), or the iOS sheet. */
  install(): Promise<void>;
  /** "Not now", the iOS sheet closed: quiet for 30 days. */
  dismiss(): void;
  pageShown(page: PageKey | null): void;
  gamePhase(phase: Phase): void;
  setQueueing(queueing: boolean): void;
  setPopupShown(shown: boolean): void;
  dispose(): void;
}

export function createInstallOffer(d: InstallDeps): InstallOffer {
  const { win, clock } = d;
  const held = win[HELD_INSTALL];
  const standalone = (): boolean => {
    try {
      return win.matchMedia?.('(display-mode: standalone)').matches === true || win.navigator.standalone === true;
    } catch {
      return false;
    }
  };
  const ios = isIosSafari({ userAgent: win.navigator.userAgent, maxTouchPoints: win.navigator.maxTouchPoints ?? 0 });

  let prompt: InstallPromptEvent | null = isPromptEvent(held?.prompt) ? held.prompt : null;
  const $prompt = signal(prompt !== null);
  const $installed = signal(standalone() || held?.installed === true);
  const $record = signal(safeRead());
  const $sheet = signal<InstallSheet | null>(null);
  // The time the offer was last looked at (a page shown, an event): a quiet month ends at the next page, not mid-read.
  const $now = signal(clock.now());
  const tick = (): void => {
    $now.value = clock.now();
  };
  const facts = { page: null as PageKey | null, played: false, gameEnded: false, queueing: false, popupShown: false };
  let settle: number | undefined;

  function safeRead(): InstallRecord {
    try {
      return readRecord(d.read());
    } catch {
      return readRecord(null);
    }
  }
  const save = (record: InstallRecord): void => {
    $record.value = record;
    try {
      d.write(record);
    } catch {
      // Storage refused: remembered for this visit only.
    }
  };
  const way = (): InstallWay | null => ($prompt.value ? 'prompt' : ios ? 'ios' : null);
  const offerFacts = () => ({ inHost: d.inHost(), installed: $installed.value, way: way(), record: $record.value, now: $now.value });

  const mine = computed(() => offerWay(offerFacts()));

  const onPrompt = (e: Event): void => {
    e.preventDefault();
    if (!isPromptEvent(e)) return;
    tick();
    prompt = e;
    $prompt.value = true;
  };
  const onInstalled = (): void => {
    prompt = null;
    $prompt.value = false;
    $installed.value = true;
    $sheet.value = null;
  };
  win.addEventListener('beforeinstallprompt', onPrompt);
  win.addEventListener('appinstalled', onInstalled);

  /** Takes the after-game sheet away unseen-as-answered when its moment is gone (a pop-up, a queue, the game screen). */
  const withdraw = (): void => {
    const sheet = $sheet.value;
    if (sheet === null) return;
    $sheet.value = null;
    if (sheet.afterGame) save({ ...$record.value, offeredAfterGame: false });
  };
  const considerAfterGame = (): void => {
    if ($sheet.value !== null) return;
    tick();
    const offered = afterGameOffer({ ...offerFacts(), ...facts });
    if (offered === null) return;
    save({ ...$record.value, offeredAfterGame: true });
    $sheet.value = { way: offered, afterGame: true };
  };
  const momentGone = (): boolean => facts.page === 'game' || facts.queueing || facts.popupShown || d.inHost();

  const dismiss = (): void => {
    tick();
    $sheet.value = null;
    save({ ...$record.value, dismissedAt: clock.now() });
  };

  return {
    mine,
    sheet: $sheet,
    async install() {
      if (way() === 'ios') {
        $sheet.value = { way: 'ios', afterGame: $sheet.value?.afterGame ?? false };
        return;
      }
      const event = prompt;
      // Chromium's event works once: the next one, if the browser sends it, comes as a new event.
      prompt = null;
      $prompt.value = false;
      $sheet.value = null;
      if (event === null) return;
      try {
        await event.prompt();
        const choice = await event.userChoice;
        if (choice.outcome === 'dismissed') dismiss();
      } catch {
        // The browser refused to show its dialog (shown already, no gesture): nothing was answered.
      }
    },
    dismiss,
    pageShown(page) {
      facts.page = page;
      tick();
      clock.clearTimeout(settle);
      if (momentGone()) withdraw();
      else if (facts.gameEnded) settle = clock.setTimeout(considerAfterGame, SETTLE_MS);
    },
    gamePhase(phase) {
      if (phase === 'playing') facts.played = true;
      // A played game that is over; hung up it still runs in the cloud.
      if (facts.played && (phase === 'ended' || phase === 'idle')) facts.gameEnded = true;
    },
    setQueueing(queueing) {
      facts.queueing = queueing;
      if (queueing) withdraw();
    },
    setPopupShown(shown) {
      facts.popupShown = shown;
      if (shown) withdraw();
    },
    dispose() {
      clock.clearTimeout(settle);
      win.removeEventListener('beforeinstallprompt', onPrompt);
      win.removeEventListener('appinstalled', onInstalled);
    },
  };
}
