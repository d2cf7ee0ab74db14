/**
 * Playing the game's rumble (decision 0007) on what the player holds: the
 * active gamepad's dual-rumble motors when it has them, else the phone's
 * vibration (the host app's where it announced `vibrate`, web/app/host-vibrate.ts).
 * Small enough to test with fakes of both.
 */
import type { Rumble } from '../../../../game/sdk.ts';

/** What a Gamepad offers for rumble (GamepadHapticActuator). */
export interface RumblePad {
  vibrationActuator?: {
    playEffect?(type: 'dual-rumble', params: { duration: number; startDelay: number; strongMagnitude: number; weakMagnitude: number }): Promise<unknown>;
  } | null;
}

export interface RumbleOutputs {
  /** The pad that plays now, if any. */
  pad: RumblePad | null;
  /** The phone's vibration, when the device has one: `strength` 0–1. */
  vibrate: ((ms: number, strength?: number) => boolean) | null;
}

export type RumbleTarget = 'pad' | 'phone' | 'none';

/** Where rumble can be felt now: the Vibration switch is shown when it is anywhere. */
export function rumbleTarget(out: RumbleOutputs): RumbleTarget {
  if (typeof out.pad?.vibrationActuator?.playEffect === 'function') return 'pad';
  return out.vibrate ? 'phone' : 'none';
}

/** Plays `r` where it can be felt; answers where that was. A refused effect (the pad went away) is not an error. */
export function playRumble(r: Rumble, out: RumbleOutputs): RumbleTarget {
  const target = rumbleTarget(out);
  if (target === 'pad') {
    try {
      const played = out.pad?.vibrationActuator?.playEffect?.('dual-rumble', { duration: r.durationMs, startDelay: 0, strongMagnitude: r.strong, weakMagnitude: r.weak });
      void played?.catch(() => undefined);
    } catch {
      // The pad went away between the check and the call.
    }
  } else if (target === 'phone') {
    // One motor: as strong as the stronger of the game's two.
    out.vibrate?.(r.durationMs, Math.max(r.strong, r.weak));
  }
  return target;
}
