/**
 * The host's own bars (docs/host-bridge.md `cgHostInfo.safeArea` and the `safeArea` event): their insets become CSS
 * custom properties on the document's root, `--host-safe-top` and the rest, which the game screen's CSS takes with
 * `env(safe-area-inset-*)` through `max()` (web/pages/game.css), so its controls keep clear of both.
 */
import type { SafeArea } from '../api/contract/bridge.ts';
import type { Bridge } from '../core/bridge.ts';
import type { Unsubscribe } from '../core/emitter.ts';

export const SAFE_AREA_VARS: Readonly<Record<keyof SafeArea, string>> = {
  top: '--host-safe-top',
  right: '--host-safe-right',
  bottom: '--host-safe-bottom',
  left: '--host-safe-left',
};

export interface StyleRoot {
  style: { setProperty(name: string, value: string): void; removeProperty(name: string): string };
}

/** Sets the four properties from `area` (checked by the bridge), or removes them when there is none. */
export function applySafeArea(root: StyleRoot, area: SafeArea | null | undefined): void {
  for (const side of Object.keys(SAFE_AREA_VARS) as Array<keyof SafeArea>) {
    if (area) root.style.setProperty(SAFE_AREA_VARS[side], `${area[side]}px`);
    else root.style.removeProperty(SAFE_AREA_VARS[side]);
  }
}

/** The announced insets now, and each change the host sends after; the function returned stops listening. */
export function watchHostSafeArea(bridge: Pick<Bridge, 'host' | 'on'>, root: StyleRoot): Unsubscribe {
  applySafeArea(root, bridge.host?.safeArea);
  return bridge.on('safeArea', (area) => applySafeArea(root, area));
}
