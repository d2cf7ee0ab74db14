/**
 * The game screen's hold on the phone (decision 0023), built from the browser's own APIs: the screen kept on
 * (wake-lock.ts) and the game sideways (landscape.ts). A chunk of its own, loaded with the game screen: nothing of it
 * is needed before the first frame of a game.
 */
import { bridge, clock } from '../../../../app/services.ts';
import { appVisibility } from '../../../../app/game.ts';
import { isPhone } from '../../../../app/host-orientation.ts';
import { createLandscape, turnerOf, type Landscape, type LandscapeFlags, type OrientationLock, type Watched } from './landscape.ts';
import { createScreenWakeLock, type WakeLockApi } from './wake-lock.ts';
import { handsetEnv, isHandset } from './handset.ts';

export interface PhoneScreen {
  readonly landscape: Landscape;
  follow(flags: LandscapeFlags): void;
  dispose(): void;
}

const mediaWatch = (query: string): Watched => {
  const list = matchMedia(query);
  return {
    get value() {
      return list.matches;
    },
    on(fn) {
      list.addEventListener('change', fn);
      return () => list.removeEventListener('change', fn);
    },
  };
};

const fullScreenWatch: Watched = {
  get value() {
    return !!document.fullscreenElement;
  },
  on(fn) {
    document.addEventListener('fullscreenchange', fn);
    return () => document.removeEventListener('fullscreenchange', fn);
  },
};

export function createPhoneScreen(): PhoneScreen {
  const wakeLock = createScreenWakeLock({
    wakeLock: 'wakeLock' in navigator ? (navigator.wakeLock as WakeLockApi) : undefined,
    visibility: appVisibility(),
    clock,
  });
  const landscape = createLandscape({
    // The host turns the screen exactly where it was asked to (use-host-screen.ts).
    turner: turnerOf(isHandset(handsetEnv()), isPhone({ navigator, window, screen }) && bridge.can('setOrientation')),
    orientation: screen.orientation as OrientationLock | undefined,
    installed: matchMedia('(display-mode: standalone)').matches,
    fullScreen: fullScreenWatch,
    portrait: mediaWatch('(orientation: portrait)'),
  });
  return {
    landscape,
    follow(flags) {
      // The screen stays on while the player watches a game: loading, playing, coming back after a drop.
      wakeLock.want(flags.inGame);
      landscape.follow(flags);
    },
    dispose() {
      wakeLock.dispose();
      landscape.dispose();
    },
  };
}
