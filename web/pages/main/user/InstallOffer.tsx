/** Mine's install offer (decision 0022): the install module loads with the page, never inside a host app. */
import { useEffect, useState } from 'react';
import { bridge } from '../../../app/services.ts';

type Offer = typeof import('../../../app/install/offer.ts');

export function InstallOffer() {
  const [offer, setOffer] = useState<Offer | null>(null);
  useEffect(() => {
    if (bridge.hasHost) return;
    let live = true;
    void import('../../../app/install/offer.ts').then((m) => live && setOffer(m)).catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return offer && <offer.InstallCard offer={offer.installOffer} />;
}
