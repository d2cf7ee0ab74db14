import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import type { Game } from '../../../../api/contract.ts';
import { setGameBackHandler } from '../../../../app/navigation.ts';
import { appVisibility } from '../../../../app/game.ts';
import { followVisibility } from '../../../../app/host-visibility.ts';
import { screenControls, type GameSession } from '../../../../game/index.ts';
import { Stream } from './Stream.tsx';
import { LoadingView } from './LoadingView.tsx';
import { QueueView } from './QueueView.tsx';
import { SeatDialog } from '../../../../ui/SeatDialog.tsx';
import { EndedView, HungUpView } from './EndedView.tsx';
import { SessionDialogs } from './SessionDialogs.tsx';
import { FloatingBall } from './FloatingBall.tsx';
import { PlayOverlay } from './PlayOverlay.tsx';
import { usePhysicalGamepad } from './use-physical-gamepad.ts';
import { useHardwareKeyboard } from './use-hardware-keyboard.ts';
import { useFullScreenSetting } from './fullscreen.ts';
import { LayoutEditorHost } from './LayoutEditorHost.tsx';
import { useInputDevice } from './use-input-device.ts';
import { canRumble, useRumble } from './use-rumble.ts';
import { usePhoneScreen } from './use-phone-screen.ts';
import { TurnHint } from './TurnHint.tsx';

const GameMenu = lazy(() => import('./GameMenu.tsx'));
const VirtualGamepad = lazy(() => import('./VirtualGamepad.tsx'));
const VirtualKeyboard = lazy(() => import('./VirtualKeyboard.tsx'));

/** The session's lifecycle on this screen: back gesture, page hidden or the host app paused, leaving the route. */
function useScreenLifecycle(session: GameSession): void {
  useEffect(() => {
    setGameBackHandler(() => session.back() !== 'none');
    // Shown again whatever the phase: whether a hang-up resumes, or a stream still coming back is watched again, is the session's rule (SPEC §4).
    const off = followVisibility(appVisibility(), session);
    return () => {
      setGameBackHandler(null);
      off();
      // Leaving the game route while playing starts the hang-up countdown (SPEC §4).
      session.leave();
    };
  }, [session]);
}

export function GameScreen({ session, game, single }: { session: GameSession; game: Game; single: boolean }) {
  useSignals();
  useScreenLifecycle(session);
  useRumble(session);
  const [menu, setMenu] = useState(false);
  const phase = session.phase.value;
  const settings = session.settings.value;
  const flags = session.flags.value;
  const live = flags.live;
  // Re-renders when a pad comes or goes, so the menu's Vibration switch follows (canRumble below).
  usePhysicalGamepad(session, live);
  const openMenu = useCallback(() => setMenu(true), []);
  useHardwareKeyboard(session, live && !menu, openMenu);
  // Decision 0007: the op type in force and what this device shows for it.
  const device = useInputDevice();
  const controls = screenControls({ opType: session.opType.value, game, chosen: session.chosen.value, device });
  useFullScreenSetting(controls.fullScreen, flags.underWay);
  // Decision 0023: the screen kept on, and the game sideways on a phone.
  const landscape = usePhoneScreen(flags);
  // Decision 0027: any touch on the game lets sound the browser held back start (these events carry the user activation).
  const unblockSound = () => {
    if (session.soundBlocked.peek()) session.unblockSound();
  };

  return (
    <div className="gs" data-phase={phase} data-op-type={session.opType.value} data-overlay={controls.overlay} onPointerDownCapture={unblockSound} onPointerUpCapture={unblockSound} onKeyDownCapture={unblockSound}>
      <Stream session={session} brightness={settings.brightness} mouseType={settings.mouse_type} pointer={live && !menu ? controls.stream : 'none'} />
      {flags.loadingScreen && <LoadingView session={session} game={game} />}
      {flags.queueScreen && <QueueView session={session} game={game} />}
      {phase === 'seat-ready' && <SeatDialog session={session} />}
      {phase === 'hung-up' && <HungUpView session={session} game={game} />}
      {phase === 'ended' && <EndedView session={session} game={game} single={single} />}
      {live && <PlayOverlay session={session} />}
      {/* A boundary each: the keyboard's chunk loading, switched on from the menu, must not hide the menu meanwhile. */}
      <Suspense fallback={null}>{live && controls.overlay === 'gamepad' && <VirtualGamepad session={session} />}</Suspense>
      <Suspense fallback={null}>{live && controls.overlay === 'keyboard' && <VirtualKeyboard session={session} opType={session.opType.value} />}</Suspense>
      {/* The ball and the menu belong to a running game: an ending closes the menu. */}
      <Suspense fallback={null}>{menu && flags.inGame && <GameMenu session={session} controls={controls} canRumble={canRumble()} onClose={() => setMenu(false)} />}</Suspense>
      <LayoutEditorHost session={session} game={game} opType={session.opType.value} />
      {flags.inGame && <FloatingBall onTap={openMenu} />}
      <SessionDialogs session={session} />
      {landscape && <TurnHint landscape={landscape} />}
    </div>
  );
}
