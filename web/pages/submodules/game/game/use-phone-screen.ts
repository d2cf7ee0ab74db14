/** The game screen's hold on the phone (phone-screen.ts), loaded after the screen's first render and let go with it. */
import { useEffect, useState } from 'react';
import type { Landscape, LandscapeFlags } from './landscape.ts';
import type { PhoneScreen } from './phone-screen.ts';

export function usePhoneScreen(flags: LandscapeFlags): Landscape | null {
  const [phone, setPhone] = useState<PhoneScreen | null>(null);
  useEffect(() => {
    let open = true;
    let made: PhoneScreen | null = null;
    import('./phone-screen.ts').then(
      (m) => {
        if (!open) return;
        made = m.createPhoneScreen();
        setPhone(made);
      },
      // Its chunk could not be loaded (the network dropped): the game plays on without the hold.
      () => undefined,
    );
    return () => {
      open = false;
      made?.dispose();
    };
  }, []);
  const { underWay, inGame } = flags;
  useEffect(() => phone?.follow({ underWay, inGame }), [phone, underWay, inGame]);
  return phone?.landscape ?? null;
}
