import { useState } from 'react';
import { useLocation } from 'wouter';
import type { GameSummary } from '../../../api/contract.ts';
import { api, auth } from '../../../app/services.ts';
import { detailUrl, gameScreenUrl } from '../../../core/paths.ts';
import type { ActionSheet as ActionSheetType } from '../../../ui/ActionSheet.tsx';

// The sheet only shows on a long press: it loads then, not with home's first load (95 KB budget).
let ActionSheet: typeof ActionSheetType | null = null;
const loadSheet = (): Promise<unknown> =>
  ActionSheet ? Promise.resolve() : import('../../../ui/ActionSheet.tsx').then((m) => (ActionSheet = m.ActionSheet));

/**
 * Opens the game screen. A logged-in player's play is recorded (playgame);
 * a visitor is sent to login by the guard with targetUrl = the game screen.
 */
export function playGame(id: number, navigate: (to: string) => void): void {
  const info = auth.$auth.get().loginInfo;
  if (auth.isLoggedIn() && info) api.playgame({ uid: info.swcloud_uid, game_id: id }).catch(() => undefined);
  navigate(gameScreenUrl(id));
}

/** Tap opens a game's detail; a long press shows the quick action sheet (detail / play). */
export function useGameMenu() {
  const [, navigate] = useLocation();
  const [game, setGame] = useState<GameSummary | null>(null);
  const open = (g: GameSummary) => navigate(detailUrl(g.id));
  const sheet = game && ActionSheet && (
    <ActionSheet
      title={game.title}
      onClose={() => setGame(null)}
      actions={[
        { label: 'Open details', onSelect: () => open(game) },
        { label: 'Play now', onSelect: () => playGame(game.id, navigate) },
      ]}
    />
  );
  const menu = (g: GameSummary) => void loadSheet().then(() => setGame(g), () => setGame(null));
  return { open, menu, sheet };
}
