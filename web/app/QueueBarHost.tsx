/**
 * The queue away from the game screen (decision 0012): the queue bar on every other page while the
 * player is queued, and the 40 s seat dialog wherever they are when the seat is ready. Loaded by game.ts only once a
 * session is queued; holds no rule (`queueBarState`, web/game/queue-bar.ts).
 */
import { useEffect, useRef, useState } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { useLocation } from 'wouter';
import { queueBarState, type SessionEnd } from '../game/index.ts';
import { GAME_PATH, gameScreenUrl } from '../core/paths.ts';
import { formatWait, waitEstimate, waitTexts } from '../state/queue-wait.ts';
import { QueueBar } from '../ui/QueueBar.tsx';
import { SeatDialog } from '../ui/SeatDialog.tsx';
import { useStore } from '../ui/use-store.ts';
import { gameSession } from './game.ts';
import { findRoute, normalizePath } from './route-table.ts';
import { clock } from './services.ts';

/** Seconds since `key` (the queue's poll count) last changed, ticking every second while `on`. */
function useSecondsSince(key: unknown, on: boolean): number {
  const at = useRef(clock.now());
  const [now, setNow] = useState(clock.now());
  useEffect(() => {
    at.current = clock.now();
    setNow(at.current);
    if (!on) return;
    const id = clock.setInterval(() => setNow(clock.now()), 1000);
    return () => clock.clearInterval(id);
  }, [key, on]);
  return (now - at.current) / 1000;
}

export function QueueBarHost() {
  useSignals();
  const [pathname, navigate] = useLocation();
  const tw = useStore(waitTexts);
  const session = gameSession.value;
  const state = session ? queueBarState(session.state.value) : ({ kind: 'none' } as const);
  const end = session?.end.value ?? null;
  const onGame = normalizePath(pathname) === GAME_PATH;
  // An ending the player saw (on the game screen, or dismissed here) is not shown again.
  const [seen, setSeen] = useState<SessionEnd | null>(null);
  useEffect(() => {
    if (onGame && end) setSeen(end);
  }, [onGame, end]);
  const over = state.kind === 'expired' || state.kind === 'failed';
  const shown = !!session && !onGame && state.kind !== 'none' && !(over && seen === end);
  useEffect(() => {
    document.documentElement.classList.toggle('has-queue-bar', shown);
    return () => document.documentElement.classList.remove('has-queue-bar');
  }, [shown]);
  const queued = state.kind === 'queued' ? state : null;
  const since = useSecondsSince(queued?.polls, shown && !!queued);

  if (!session || state.kind === 'none' || !shown) return null;
  const toGame = (): void => navigate(gameScreenUrl(state.game.game_id));
  const wait = queued ? formatWait(waitEstimate(queued.waitSeconds, since, queued.position), tw) : '';
  return (
    <>
      <QueueBar
        state={state}
        wait={wait}
        seatSecondsLeft={session.seatSecondsLeft.value}
        aboveTabs={findRoute(pathname)?.meta.isTabBar ?? false}
        onBack={toGame}
        onCancel={() => session.cancelQueue()}
        onDismiss={() => setSeen(end)}
      />
      {state.kind === 'ready' && <SeatDialog session={session} onAccepted={toGame} />}
    </>
  );
}
