/**
 * The phone's vibration (decision 0007): inside a host app that announced `vibrate` the host's motor
 * (docs/host-bridge.md), which a webview's `navigator.vibrate` often is not wired to; else the browser's. Whether the
 * player wants it (the `vibrates` setting) is the caller's rule: this only says where it is felt.
 */
import { VIBRATE_MAX_MS } from '../api/contract/stream.ts';
import type { Bridge } from '../core/bridge.ts';

/** Vibrates for `ms` at `strength` 0–1 (the host's own when omitted); false when nothing was played. */
export type PhoneVibrate = (ms: number, strength?: number) => boolean;

export interface VibrateNavigator {
  vibrate?: (pattern: number) => boolean;
}

const unit = (v: number): number => Math.min(1, Math.max(0, v));

/** Where the phone vibrates now, or null when it cannot (no host vibrate, no navigator.vibrate). */
export function phoneVibration(bridge: Pick<Bridge, 'can' | 'call'>, nav: VibrateNavigator | undefined): PhoneVibrate | null {
  const web = typeof nav?.vibrate === 'function' ? nav.vibrate.bind(nav) : null;
  if (!bridge.can('vibrate') && !web) return null;
  return (ms, strength) => {
    if (!Number.isFinite(ms) || ms < 1) return false;
    const duration = Math.min(VIBRATE_MAX_MS, Math.round(ms));
    // Asked at each buzz: a host whose handler went away falls back to the browser for that buzz.
    if (bridge.call('vibrate', strength === undefined || !Number.isFinite(strength) ? { ms: duration } : { ms: duration, strength: unit(strength) })) return true;
    try {
      return web?.(duration) ?? false;
    } catch {
      return false;
    }
  };
}
