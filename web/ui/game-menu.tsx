import { useState } from 'react';
import { useLocation } from 'wouter';
import type { GameSummary } from '../api/contract.ts';
import { detailUrl, gameScreenUrl } from '../core/paths.ts';
import type { ActionSheet as ActionSheetType } from './ActionSheet.tsx';
import { messages } from '../core/i18n/messages.ts';
import { useStore } from './use-store.ts';

const msgs = messages('ui/game-menu', { openDetails: 'Open details', playNow: 'Play now' });

// The sheet only shows on a long press: it loads then, not with home's first load (95 KB budget).
let ActionSheet: typeof ActionSheetType | null = null;
const loadSheet = (): Promise<unknown> =>
  ActionSheet ? Promise.resolve() : import('./ActionSheet.tsx').then((m) => (ActionSheet = m.ActionSheet));

/**
 * Tap opens a game's detail; a long press shows the quick action sheet (detail / play). Play opens the game
 * screen, whose start records the play (SPEC §7 playgame) and whose guard sends a visitor to login.
 */
export function useGameMenu() {
  const t = useStore(msgs);
  const [, navigate] = useLocation();
  const [game, setGame] = useState<GameSummary | null>(null);
  const open = (g: GameSummary) => navigate(detailUrl(g.id));
  const sheet = game && ActionSheet && (
    <ActionSheet
      title={game.title}
      onClose={() => setGame(null)}
      actions={[
        { label: t.openDetails, onSelect: () => open(game) },
        { label: t.playNow, onSelect: () => navigate(gameScreenUrl(game.id)) },
      ]}
    />
  );
  const menu = (g: GameSummary) => void loadSheet().then(() => setGame(g), () => setGame(null));
  return { open, menu, sheet };
}
