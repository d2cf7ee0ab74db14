/** Mine's install offer (decision 0022): shown while the rules allow one, Install or "Not now" (quiet for 30 days). */
import { useSignals } from '@preact/signals-react/runtime';
import { APP_ICON, iconSource } from '../../ui/drawn-icons.ts';
import { useStore } from '../../ui/use-store.ts';
import type { InstallOffer } from './offer-model.ts';
import { installWords } from './words.ts';

export function InstallCard({ offer }: { offer: InstallOffer }) {
  useSignals();
  const t = useStore(installWords);
  if (offer.mine.value === null) return null;
  return (
    <section className="card install-card" aria-label={t.offerTitle}>
      <div className="install-card__head">
        <img className="install-card__icon" src={iconSource(APP_ICON)} alt="" width={40} height={40} />
        <div className="install-card__text">
          <strong>{t.offerTitle}</strong>
          <span className="muted small">{t.offerText}</span>
        </div>
      </div>
      <div className="install-card__actions">
        <button type="button" className="btn btn--secondary" onClick={offer.dismiss}>
          {t.notNow}
        </button>
        <button type="button" className="btn btn--primary" onClick={() => void offer.install()}>
          {t.install}
        </button>
      </div>
    </section>
  );
}
