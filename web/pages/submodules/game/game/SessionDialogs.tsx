import { useEffect, useState } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { useLocation } from 'wouter';
import { loginUrl } from '../../../../app/guard.ts';
import { auth } from '../../../../app/services.ts';
import type { GameSession } from '../../../../game/index.ts';
import { Button } from '../../../../ui/Button.tsx';
import { Dialog } from '../../../../ui/Dialog.tsx';
import { messages } from '../../../../core/i18n/messages.ts';
import { useStore } from '../../../../ui/use-store.ts';

const msgs = messages('game/dialogs', {
  quitTitle: 'Quit the game?',
  quitText: 'Your cloud session ends and unsaved progress is lost.',
  keepPlaying: 'Keep playing',
  quit: 'Quit',
  timeoutTitle: 'Still playing?',
  timeoutText: 'Your play time is almost used up. Top up to keep playing without interruption.',
  ok: 'OK',
  reloginTitle: 'Log in again',
  reloginText: 'Your account was used on another device. Log in again to keep playing.',
  logIn: 'Log in',
  hangupTitle: 'Hang-up time is over',
  hangupText: 'You were away longer than the hang-up time, so the game was closed.',
});

/** The quit (back gesture / menu), timeout (202), relogin (408) and hang-up-over dialogs. */
export function SessionDialogs({ session }: { session: GameSession }) {
  useSignals();
  const t = useStore(msgs);
  const [, navigate] = useLocation();
  const [hangupOver, setHangupOver] = useState(false);
  useEffect(() => session.on('hangup-over', () => setHangupOver(true)), [session]);
  const relogin = session.reloginRequired.value;

  return (
    <>
      <Dialog open={session.quitDialog.value} title={t.quitTitle} onClose={() => session.closeQuitDialog()}>
        <p className="gs-dialog__text">{t.quitText}</p>
        <div className="gs-dialog__actions">
          <Button variant="secondary" onClick={() => session.closeQuitDialog()}>
            {t.keepPlaying}
          </Button>
          <Button onClick={() => session.quit()}>{t.quit}</Button>
        </div>
      </Dialog>
      <Dialog open={session.timeoutDialog.value && !relogin} title={t.timeoutTitle} onClose={() => session.dismissTimeoutDialog()}>
        <p className="gs-dialog__text">{t.timeoutText}</p>
        <div className="gs-dialog__actions">
          <Button onClick={() => session.dismissTimeoutDialog()}>{t.ok}</Button>
        </div>
      </Dialog>
      <Dialog open={relogin} title={t.reloginTitle} onClose={() => undefined} dismissOnBackdrop={false}>
        <p className="gs-dialog__text">{t.reloginText}</p>
        <div className="gs-dialog__actions">
          <Button
            onClick={() => {
              const here = location.pathname + location.search;
              auth.logout();
              navigate(loginUrl(here), { replace: true });
            }}
          >
            {t.logIn}
          </Button>
        </div>
      </Dialog>
      <Dialog open={hangupOver} title={t.hangupTitle} onClose={() => setHangupOver(false)}>
        <p className="gs-dialog__text">{t.hangupText}</p>
        <div className="gs-dialog__actions">
          <Button onClick={() => setHangupOver(false)}>{t.ok}</Button>
        </div>
      </Dialog>
    </>
  );
}
