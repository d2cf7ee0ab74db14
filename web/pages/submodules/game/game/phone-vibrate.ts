import { bridge } from '../../../../app/services.ts';
import { phoneVibration, type PhoneVibrate } from '../../../../app/host-vibrate.ts';

/** The phone's vibration on this device now: the host app's or the browser's (decision 0007, docs/host-bridge.md). */
export const phoneVibrate = (): PhoneVibrate | null => phoneVibration(bridge, globalThis.navigator);
