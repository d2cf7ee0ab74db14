/**
 * The install sheet (decision 0022): Chromium's offer after a game (Install / Not now), or on iOS Safari the two
 * steps of Share → Add to Home Screen. Closing it any way but Install is a dismissal (quiet for 30 days).
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useEffectEvent, useId, useRef } from 'react';
import { APP_ICON, iconSource } from '../../ui/drawn-icons.ts';
import { useStore } from '../../ui/use-store.ts';
import type { InstallOffer } from './offer-model.ts';
import { installWords } from './words.ts';

const stroke = { width: 24, height: 24, viewBox: '0 0 24 24', fill: 'none', stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round', strokeLinejoin: 'round' } as const;

/** Safari's Share button: a box with an arrow out of its top. */
function ShareIcon() {
  return (
    <svg {...stroke} aria-hidden="true" focusable="false">
      <path d="M12 3.5v11M8 7.5l4-4 4 4M8.5 10.5H7a1.5 1.5 0 0 0-1.5 1.5v7A1.5 1.5 0 0 0 7 20.5h10a1.5 1.5 0 0 0 1.5-1.5v-7a1.5 1.5 0 0 0-1.5-1.5h-1.5" />
    </svg>
  );
}

/** Safari's Add to Home Screen: a plus in a rounded square. */
function AddIcon() {
  return (
    <svg {...stroke} aria-hidden="true" focusable="false">
      <rect x="4" y="4" width="16" height="16" rx="4" />
      <path d="M12 8.5v7M8.5 12h7" />
    </svg>
  );
}

export function InstallSheet({ offer }: { offer: InstallOffer }) {
  useSignals();
  const sheet = offer.sheet.value;
  const t = useStore(installWords);
  const titleId = useId();
  const first = useRef<HTMLButtonElement>(null);
  const onKey = useEffectEvent((e: KeyboardEvent): void => {
    if (e.key === 'Escape') offer.dismiss();
  });
  const open = sheet !== null;
  useEffect(() => {
    if (!open) return;
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    first.current?.focus();
    const key = (e: KeyboardEvent): void => onKey(e);
    addEventListener('keydown', key);
    return () => {
      removeEventListener('keydown', key);
      before?.focus();
    };
  }, [open]);
  if (sheet === null) return null;
  const ios = sheet.way === 'ios';
  return (
    <div className="sheet-mask" onClick={offer.dismiss}>
      <div className="install-sheet" role="dialog" aria-modal="true" aria-labelledby={titleId} onClick={(e) => e.stopPropagation()}>
        <img className="install-sheet__icon" src={iconSource(APP_ICON)} alt="" width={56} height={56} />
        <h2 id={titleId} className="install-sheet__title">
          {ios ? t.iosTitle : t.offerTitle}
        </h2>
        {ios ? (
          <ol className="install-steps">
            <li>
              <span className="install-steps__icon">
                <ShareIcon />
              </span>
              {t.iosShare}
            </li>
            <li>
              <span className="install-steps__icon">
                <AddIcon />
              </span>
              {t.iosAdd}
            </li>
          </ol>
        ) : (
          <p className="install-sheet__text">{t.offerText}</p>
        )}
        {ios ? (
          <button ref={first} type="button" className="btn btn--primary btn--block" onClick={offer.dismiss}>
            {t.iosDone}
          </button>
        ) : (
          <>
            <button ref={first} type="button" className="btn btn--primary btn--block" onClick={() => void offer.install()}>
              {t.install}
            </button>
            <button type="button" className="btn btn--secondary btn--block" onClick={offer.dismiss}>
              {t.notNow}
            </button>
          </>
        )}
      </div>
    </div>
  );
}
