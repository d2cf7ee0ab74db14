/**
 * The layouts of the game on screen, shared by the pieces that show them:
 * the virtual gamepad and keyboard draw the active layout, the menu's layout
 * row chooses one and opens the editor, the editor host draws the editor.
 * `LayoutEditorHost` (mounted by GameScreen) builds it for the game and
 * publishes it here for the others, which only read it.
 */
import { signal, type Signal } from '@preact/signals-core';
import type { Game, OpType } from '../../../../api/contract.ts';
import type { AppDb } from '../../../../core/storage/db.ts';
import type { GameSession } from '../../../../game/index.ts';
import { createLayoutController, type LayoutController } from '../../../../game/layouts.ts';
import type { LayoutOpType } from '../../../../game/layouts-choice.ts';
import { createDbLayoutStore, createMemoryLayoutStore } from '../../../../game/layouts-store.ts';
import { api, auth, clock, toaster } from '../../../../app/services.ts';
import { messages } from '../../../../core/i18n/messages.ts';

const msgs = messages('game/layout-screen', {
  plansFailed: 'The game’s control layouts could not be loaded: using the built-in ones',
});

export interface LayoutScreen {
  readonly session: GameSession;
  readonly controller: LayoutController;
  /** The input mode in force (the session's op type, set by LayoutEditorHost). */
  readonly opType: Signal<OpType>;
  /** The op type whose layout is being edited; null while the editor is closed. */
  readonly editing: Signal<LayoutOpType | null>;
}

const current = signal<LayoutScreen | null>(null);

/** The layouts of `session`'s game screen; null before the host published them (components tracking signals re-render then). */
export function layoutScreenOf(session: GameSession): LayoutScreen | null {
  const s = current.value;
  return s && s.session === session ? s : null;
}

/** One connection for the visit: the game session keeps its own for settings. */
let db: Promise<AppDb> | null = null;
const openDb = (): Promise<AppDb> =>
  (db ??= import('../../../../core/storage/db.ts')
    .then((m) => m.openAppDb())
    .catch((e: unknown) => {
      db = null;
      throw e;
    }));

export function createLayoutScreen(session: GameSession, game: Pick<Game, 'id' | 'game_key' | 'default_op_type'>, opType: OpType = game.default_op_type): LayoutScreen {
  const controller = createLayoutController({
    gameId: game.id,
    owner: { username: auth.$auth.get().loginInfo?.username ?? '', gameKey: game.game_key },
    clock,
    getOpPlan: (req) => api.getOpPlan(req, { silent: true }),
    openStore: async () => createDbLayoutStore(await openDb()),
    fallbackStore: createMemoryLayoutStore,
    settings: session.settings,
    updateSettings: (patch) => session.updateSettings(patch),
    // One note for now (plans-failed); its text is read when it is said, in the language then showing.
    notify: () => toaster.show({ title: msgs.get().plansFailed, icon: 'none', duration: 3000 }),
    log: (m) => console.warn(m),
  });
  return { session, controller, opType: signal(opType), editing: signal(null) };
}

/** Makes `screen` the one the game screen's pieces read; the returned function takes it back. */
export function publishLayoutScreen(screen: LayoutScreen): () => void {
  current.value = screen;
  return () => {
    screen.controller.dispose();
    if (current.peek() === screen) current.value = null;
  };
}
