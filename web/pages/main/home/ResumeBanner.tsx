/**
 * Home's game entry points (SPEC §2, §4): `/?game_id=…` opens that game's
 * screen, and, for a logged-in player, the "still running" card (its own
 * lazy chunk, so home's first load does not carry the game wiring).
 */
import { lazy, Suspense, useEffect } from 'react';
import { useLocation } from 'wouter';
import { auth } from '../../../app/services.ts';
import { gameScreenUrl } from '../../../core/paths.ts';
import { useStore } from '../../../ui/use-store.ts';

const ResumeCard = lazy(() => import('./ResumeCard.tsx'));

export function ResumeBanner() {
  const [, navigate] = useLocation();
  const { loginInfo } = useStore(auth.$auth);
  // Read once, when home opens: a later URL (say a game detail's ?game_id=) must not
  // be taken for home's own query while home is unmounting.
  useEffect(() => {
    const id = Number(new URLSearchParams(location.search).get('game_id'));
    if (Number.isInteger(id) && id > 0) navigate(gameScreenUrl(id), { replace: true });
    // wouter's navigate keeps one identity, so this still runs once.
  }, [navigate]);
  if (!loginInfo) return null;
  return (
    <Suspense fallback={null}>
      <ResumeCard />
    </Suspense>
  );
}
