import { useState } from 'react';
import { useLocation } from 'wouter';
import type { GameSummary } from '../../../api/contract.ts';
import { api, auth } from '../../../app/services.ts';
import { detailUrl, gameScreenUrl } from '../../../state/catalogue.ts';
import { ActionSheet } from '../../../ui/ActionSheet.tsx';

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
  const sheet = game && (
    <ActionSheet
      title={game.title}
      onClose={() => setGame(null)}
      actions={[
        { label: 'Open details', onSelect: () => open(game) },
        { label: 'Play now', onSelect: () => playGame(game.id, navigate) },
      ]}
    />
  );
  return { open, menu: setGame, sheet };
}
