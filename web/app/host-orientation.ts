/**
 * The game screen is played sideways (docs/host-bridge.md `setOrientation`): on a phone inside a host app that
 * announced it, the host turns the screen to landscape when the game screen opens and back to portrait when it
 * closes. Elsewhere nothing is asked of a host: the browser's full screen and orientation lock, or the "turn your phone"
 * hint, are the way (web/pages/submodules/game/game/landscape.ts, decision 0023).
 */
import type { Bridge } from '../core/bridge.ts';
import { getDeviceInfo, type DeviceEnv } from '../core/device.ts';

const NO_INSETS = { top: 0, right: 0, bottom: 0, left: 0 };

/** A phone, by its user agent and touch screen (SPEC §3 deviceType); a tablet is held either way. */
export function isPhone(env: Pick<DeviceEnv, 'navigator' | 'window' | 'screen'>): boolean {
  // The insets are not needed to tell a phone: no probe element is measured.
  return getDeviceInfo({ ...env, safeAreaInsets: () => NO_INSETS }).deviceType === 'phone';
}

/** Asks for landscape now when it applies; the function returned asks for portrait again (once). */
export function holdLandscape(bridge: Pick<Bridge, 'can' | 'call'>, phone: boolean): () => void {
  if (!phone || !bridge.can('setOrientation')) return () => undefined;
  bridge.call('setOrientation', { orientation: 'landscape' });
  let held = true;
  return () => {
    if (!held) return;
    held = false;
    bridge.call('setOrientation', { orientation: 'portrait' });
  };
}
