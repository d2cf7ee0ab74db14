import { useEffect, useState } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { useLocation } from 'wouter';
import { loginUrl } from '../../../../app/guard.ts';
import { auth } from '../../../../app/services.ts';
import type { GameSession } from '../../../../game/index.ts';
import { Button } from '../../../../ui/Button.tsx';
import { Dialog } from '../../../../ui/Dialog.tsx';

/** The quit (back gesture / menu), timeout (202), relogin (408) and hang-up-over dialogs. */
export function SessionDialogs({ session }: { session: GameSession }) {
  useSignals();
  const [, navigate] = useLocation();
  const [hangupOver, setHangupOver] = useState(false);
  useEffect(() => session.on('hangup-over', () => setHangupOver(true)), [session]);
  const relogin = session.reloginRequired.value;

  return (
    <>
      <Dialog open={session.quitDialog.value} title="Quit the game?" onClose={() => session.closeQuitDialog()}>
        <p className="gs-dialog__text">Your cloud session ends and unsaved progress is lost.</p>
        <div className="gs-dialog__actions">
          <Button variant="secondary" onClick={() => session.closeQuitDialog()}>
            Keep playing
          </Button>
          <Button onClick={() => session.quit()}>Quit</Button>
        </div>
      </Dialog>
      <Dialog open={session.timeoutDialog.value && !relogin} title="Still playing?" onClose={() => session.dismissTimeoutDialog()}>
        <p className="gs-dialog__text">Your play time is almost used up. Top up to keep playing without interruption.</p>
        <div className="gs-dialog__actions">
          <Button onClick={() => session.dismissTimeoutDialog()}>OK</Button>
        </div>
      </Dialog>
      <Dialog open={relogin} title="Log in again" onClose={() => undefined} dismissOnBackdrop={false}>
        <p className="gs-dialog__text">Your account was used on another device. Log in again to keep playing.</p>
        <div className="gs-dialog__actions">
          <Button
            onClick={() => {
              const here = location.pathname + location.search;
              auth.logout();
              navigate(loginUrl(here), { replace: true });
            }}
          >
            Log in
          </Button>
        </div>
      </Dialog>
      <Dialog open={hangupOver} title="Hang-up time is over" onClose={() => setHangupOver(false)}>
        <p className="gs-dialog__text">You were away longer than the hang-up time, so the game was closed.</p>
        <div className="gs-dialog__actions">
          <Button onClick={() => setHangupOver(false)}>OK</Button>
        </div>
      </Dialog>
    </>
  );
}
