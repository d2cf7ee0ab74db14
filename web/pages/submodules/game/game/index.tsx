/**
 * The game screen (SPEC §2, §4): `?game_id=` plays that game; `agent_code`
 * without `game_id` is single-game mode and plays the channel's game — the
 * first hot game, since system_info names no game (the channel's catalogue
 * is what hot_game answers for its agent code).
 */
import { useEffect, useState } from 'react';
import { useSearch } from 'wouter';
import type { Game } from '../../../../api/contract.ts';
import { api, session as sessionStore } from '../../../../app/services.ts';
import { isSingleGameMode } from '../../../../app/channel.ts';
import { getGameSession } from '../../../../app/game.ts';
import { systemInfo } from '../../../../app/system-info.ts';
import { goBack } from '../../../../app/navigation.ts';
import type { GameSession } from '../../../../game/index.ts';
import { Button } from '../../../../ui/Button.tsx';
import { Spinner } from '../../../../ui/Spinner.tsx';
import type { GameScreen } from './GameScreen.tsx';
import { targetOf } from './begin.ts';
import { exitFullScreen } from './fullscreen.ts';
import { useNoPageZoom } from './no-zoom.ts';
import { useHostScreen } from './use-host-screen.ts';
import { messages, params } from '../../../../core/i18n/messages.ts';
import { useStore } from '../../../../ui/use-store.ts';

const msgs = messages('game/page', {
  badId: params('"{raw}" is not a game id: this link is broken.'),
  noGame: 'No game was chosen: open one from the library.',
  loading: 'Loading game',
  notOpened: 'This game could not be opened',
  back: 'Back',
});

type Load =
  | { kind: 'loading' }
  | { kind: 'ready'; session: GameSession; game: Game; single: boolean; Screen: typeof GameScreen }
  | { kind: 'error'; message: string };

const parseId = (v: string | null): number | null => {
  const n = Number(v);
  return v && Number.isInteger(n) && n > 0 ? n : null;
};

async function pickGameId(search: string): Promise<{ id: number; single: boolean } | null> {
  const id = parseId(new URLSearchParams(search).get('game_id'));
  if (id) return { id, single: false };
  if (!isSingleGameMode(location.pathname, search, sessionStore.getAgentCode())) return null;
  const hot = await api.hotGame({ page: 1, page_size: 1 });
  const first = hot.list[0];
  return first ? { id: first.id, single: true } : null;
}

export default function GamePage() {
  const t = useStore(msgs);
  const search = useSearch();
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  useNoPageZoom();
  useHostScreen();
  // The tap that started the game may have entered full screen (start-tap.ts): a game that could not be opened leaves it too.
  useEffect(() => exitFullScreen, []);

  useEffect(() => {
    let live = true;
    setLoad({ kind: 'loading' });
    void (async () => {
      try {
        const pick = await pickGameId(search);
        if (!pick) {
          // A game_id that is not a positive whole number is a broken link, not a missing choice.
          const raw = new URLSearchParams(search).get('game_id');
          throw new Error(raw ? msgs.get().badId({ raw }) : msgs.get().noGame);
        }
        // The screen's code comes with the session's: the first view is this page's loading state, drawn before either
        // (docs/decisions/0015-first-load.md, "The two-file first view").
        const [session, game, , screen] = await Promise.all([getGameSession(), api.gameInfo({ game_id: pick.id }, { silent: true }), systemInfo.load().catch(() => null), import('./GameScreen.tsx')]);
        if (!live) return;
        // Whether this resumes, keeps, replaces or starts a session is the machine's rule (SPEC §4), not the page's.
        session.open(targetOf(game));
        setLoad({ kind: 'ready', session, game, single: pick.single, Screen: screen.GameScreen });
      } catch (e) {
        if (live) setLoad({ kind: 'error', message: e instanceof Error ? e.message : String(e) });
      }
    })();
    return () => {
      live = false;
    };
  }, [search]);

  if (load.kind === 'ready') return <load.Screen session={load.session} game={load.game} single={load.single} />;
  return (
    <div className="gs gs--center">
      {load.kind === 'loading' ? (
        <Spinner label={t.loading} />
      ) : (
        <div className="gs-card" role="alert">
          <h2>{t.notOpened}</h2>
          <p className="muted">{load.message}</p>
          <Button variant="secondary" onClick={() => goBack()}>
            {t.back}
          </Button>
        </div>
      )}
    </div>
  );
}
