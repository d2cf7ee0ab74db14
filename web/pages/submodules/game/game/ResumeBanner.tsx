/**
 * Home's game entry points (SPEC §2, §4): `/?game_id=…` opens that game's
 * screen, and, for a logged-in player, the "still running" card (its own
 * lazy chunk, so home's first load does not carry the game wiring).
 */
import { lazy, Suspense, useEffect } from 'react';
import { useLocation, useSearch } from 'wouter';
import { auth } from '../../../../app/services.ts';
import { GAME_PATH } from '../../../../app/route-table.ts';
import { useStore } from '../../../../ui/use-store.ts';

export const screenUrl = (id: number): string => `${GAME_PATH}?game_id=${id}`;

const ResumeCard = lazy(() => import('./ResumeCard.tsx'));

export function ResumeBanner() {
  const [, navigate] = useLocation();
  const search = useSearch();
  const { loginInfo } = useStore(auth.$auth);
  useEffect(() => {
    const id = Number(new URLSearchParams(search).get('game_id'));
    if (Number.isInteger(id) && id > 0) navigate(screenUrl(id), { replace: true });
  }, [search, navigate]);
  if (!loginInfo) return null;
  return (
    <Suspense fallback={null}>
      <ResumeCard />
    </Suspense>
  );
}
