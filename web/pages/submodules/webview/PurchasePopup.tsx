import { useEffect, useEffectEvent, useState, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import type { SystemInfo } from '../../../api/contract.ts';
import { auth, clock, getAppDeviceId } from '../../../app/services.ts';
import { systemInfo } from '../../../app/system-info.ts';
import { freshUser } from '../../../state/auth.ts';
import { openDb } from '../../../app/app-db.ts';
import { nextExpire, POPUP_COUNTDOWN_SECONDS, POPUP_EXPIRE_FIELD, shouldShowPopup, type PopupKind } from '../../../state/popup.ts';
import { Dialog } from '../../../ui/Dialog.tsx';
import { Countdown } from '../../../ui/Countdown.tsx';
import { Button } from '../../../ui/Button.tsx';
import { closeOverlay } from './overlay.ts';
import { messages } from '../../../core/i18n/messages.ts';
import { useStore } from '../../../ui/use-store.ts';

const msgs = messages('webview/popup', {
  closesIn: 'Closes in',
  notNow: 'Not now',
  noOffer: 'No offer right now.',
});

async function readExpire(kind: PopupKind): Promise<number> {
  const db = await openDb();
  try {
    return (await db.getUser(getAppDeviceId()))[POPUP_EXPIRE_FIELD[kind]];
  } finally {
    db.close();
  }
}

async function writeExpire(kind: PopupKind, at: number): Promise<void> {
  const db = await openDb();
  try {
    await db.putUser({ clientSid: getAppDeviceId(), [POPUP_EXPIRE_FIELD[kind]]: at });
  } finally {
    db.close();
  }
}

/**
 * A purchase pop-up over whatever is behind (SPEC §5): only for users who
 * never bought (buy_member 0) and not before the stored expire time; counts
 * down and closes itself; any close hides it for expire_times seconds.
 */
export function PurchasePopup({
  kind,
  title,
  children,
  buyLabel,
  buyPath,
  onClosed,
}: {
  kind: PopupKind;
  title: string;
  children: ReactNode;
  buyLabel: string;
  buyPath: string;
  /** Shown over a page of the app (app/PopupHost.tsx): called once closed, instead of leaving an overlay page. */
  onClosed?: () => void;
}) {
  const [, navigate] = useLocation();
  const t = useStore(msgs);
  const [state, setState] = useState<'checking' | 'open' | 'hidden'>('checking');
  const [system, setSystem] = useState<SystemInfo | null>(null);
  const close = onClosed ?? closeOverlay;
  // The host's latest close, without re-checking the offer whenever the host draws a new one.
  const closeUnoffered = useEffectEvent(() => close());

  useEffect(() => {
    let live = true;
    void (async () => {
      const [user, sys, expire] = await Promise.all([
        freshUser(auth, clock),
        systemInfo.load().catch(() => null),
        readExpire(kind).catch(() => 0),
      ]);
      if (!live) return;
      setSystem(sys);
      const show = shouldShowPopup(user, expire, clock.now());
      setState(show ? 'open' : 'hidden');
      // Nothing to offer: a transparent page left open would only block the screen behind it.
      if (!show) closeUnoffered();
    })();
    return () => {
      live = false;
    };
  }, [kind]);

  // Recorded before it goes: gone from the screen, it is gone for its expiry, even if the page reloads or the player
  // moves on at once (a pop-up hidden before its expiry was written came back after a quick reload, and one still
  // being written held back the next place's pop-up).
  const dismiss = async (then: () => void): Promise<void> => {
    await writeExpire(kind, nextExpire(system, clock.now())).catch(() => undefined);
    setState('hidden');
    then();
  };

  return (
    <div className={onClosed ? 'popup-layer' : 'overlay-page'} data-popup-state={state} data-popup={kind}>
      <Dialog open={state === 'open'} title={title} onClose={() => void dismiss(close)} className="promo">
        <div className="promo__body">{children}</div>
        <p className="promo__timer muted small">
          {t.closesIn}{' '}
          <Countdown clock={clock} seconds={POPUP_COUNTDOWN_SECONDS} onDone={() => void dismiss(close)} format={(s) => `${s}s`} />
        </p>
        <div className="promo__actions">
          <Button block onClick={() =>
              void dismiss(() => {
                onClosed?.();
                navigate(buyPath);
              })
            }>
            {buyLabel}
          </Button>
          <Button block variant="ghost" onClick={() => void dismiss(close)}>
            {t.notNow}
          </Button>
        </div>
      </Dialog>
      {state === 'hidden' && <p className="visually-hidden">{t.noOffer}</p>}
    </div>
  );
}
