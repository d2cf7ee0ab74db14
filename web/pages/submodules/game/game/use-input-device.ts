import { useEffect, useState } from 'react';
import { DEVICE_QUERIES, inputDeviceOf, type InputDevice } from '../../../../game/index.ts';

const matches = (q: string): boolean => typeof matchMedia === 'function' && matchMedia(q).matches;

/** This device's pointers (op-type.ts), followed as they change (a mouse plugged into a tablet). */
export function useInputDevice(): InputDevice {
  const [device, setDevice] = useState(() => inputDeviceOf(matches));
  useEffect(() => {
    if (typeof matchMedia !== 'function') return;
    const lists = Object.values(DEVICE_QUERIES).map((q) => matchMedia(q));
    const update = (): void => setDevice(inputDeviceOf(matches));
    for (const l of lists) l.addEventListener('change', update);
    return () => {
      for (const l of lists) l.removeEventListener('change', update);
    };
  }, []);
  return device;
}
