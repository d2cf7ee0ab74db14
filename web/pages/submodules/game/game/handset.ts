/**
 * Held in the hand like a phone, for what the game screen asks of the browser on a phone (decision 0023): a phone by
 * its user agent (SPEC §3 deviceType), or a small touch screen whose browser asked for the desktop site (its user
 * agent then names a PC). A tablet is held either way, and a desktop is a desktop.
 */
import { isPhone } from '../../../../app/host-orientation.ts';
import { PAD_MIN_SIDE, type DeviceEnv } from '../../../../core/device.ts';

export interface HandsetEnv extends Pick<DeviceEnv, 'navigator' | 'window' | 'screen'> {
  /** The primary pointer is a finger (`(pointer: coarse)`). */
  coarsePointer: boolean;
}

export function isHandset(env: HandsetEnv): boolean {
  if (isPhone(env)) return true;
  const shortSide = Math.min(env.screen.width, env.screen.height);
  return env.coarsePointer && shortSide > 0 && shortSide < PAD_MIN_SIDE;
}

export const handsetEnv = (): HandsetEnv => ({ navigator, window, screen, coarsePointer: matchMedia('(pointer: coarse)').matches });
