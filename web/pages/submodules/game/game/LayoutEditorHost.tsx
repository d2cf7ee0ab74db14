import { lazy, Suspense, useEffect, useEffectEvent, useState } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import type { Game, OpType } from '../../../../api/contract.ts';
import type { GameSession } from '../../../../game/index.ts';
import { createLayoutScreen, publishLayoutScreen, type LayoutScreen } from './layout-screen.ts';

const LayoutEditor = lazy(() => import('./LayoutEditor.tsx'));

/**
 * Mounted once by the game screen: fetches the game's layouts (get_op_plan,
 * the player's own) for the pieces that show them, and draws the layout
 * editor over the live stream while the menu's "Edit layout" has it open.
 * `opType` is the input mode in force (the session's; the game's default_op_type when absent).
 */
export function LayoutEditorHost({ session, game, opType }: { session: GameSession; game: Game; opType?: OpType }) {
  useSignals();
  const [screen, setScreen] = useState<LayoutScreen | null>(null);
  const mode = opType ?? game.default_op_type;
  // The screen is built for a session and a game id: a refetched game with the same id (another object) keeps it,
  // and the effect below keeps its mode current, so the game and the mode are read when it is built, not depended on.
  const build = useEffectEvent((s: GameSession) => createLayoutScreen(s, game, mode));
  useEffect(() => {
    const s = build(session);
    const unpublish = publishLayoutScreen(s);
    setScreen(s);
    void s.controller.load();
    return unpublish;
  }, [session, game.id]);
  useEffect(() => {
    if (screen) screen.opType.value = mode;
  }, [screen, mode]);
  const playing = session.flags.value.playing;
  useEffect(() => {
    // An ending or a reconnect closes the editor: its draft belonged to the stream that went away.
    if (screen && !playing) screen.editing.value = null;
  }, [screen, playing]);

  const editing = screen?.editing.value ?? null;
  if (!screen || editing === null || !playing) return null;
  return (
    <Suspense fallback={null}>
      <LayoutEditor screen={screen} opType={editing} />
    </Suspense>
  );
}
