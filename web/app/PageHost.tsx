import { useEffect, useState, type ComponentType } from 'react';
import type { PageKey } from '../core/paths.ts';
import { pageLoader } from './pages.ts';
import { watchLoad, type LoadPhase } from './page-loader.ts';
import { clock } from './services.ts';
import { Spinner } from '../ui/Spinner.tsx';
import { CONNECTION_TIMEOUT } from '../core/i18n/lang.ts';
import { locale } from '../core/i18n/locale.ts';
import { useStore } from '../ui/use-store.ts';

/** Renders a page whose chunk is loaded at once; otherwise waits with the SPEC §2 placeholders. */
export function PageHost({ pageKey }: { pageKey: PageKey }) {
  const [Page, setPage] = useState<ComponentType | undefined>(() => pageLoader.loaded(pageKey));
  const [phase, setPhase] = useState<LoadPhase>('waiting');
  const [attempt, setAttempt] = useState(0);
  const lang = useStore(locale);

  useEffect(() => {
    const ready = pageLoader.loaded(pageKey);
    if (ready) {
      setPage(() => ready);
      return;
    }
    setPage(undefined);
    setPhase('waiting');
    let live = true;
    const p = attempt === 0 ? pageLoader.load(pageKey) : pageLoader.retry(pageKey);
    const stop = watchLoad(p, clock, (next) => live && setPhase(next));
    p.then((C) => live && setPage(() => C)).catch(() => undefined);
    return () => {
      live = false;
      stop();
    };
  }, [pageKey, attempt]);

  if (Page) return <Page />;
  if (phase === 'loading') return <Spinner />;
  if (phase === 'error') {
    // SPEC §8 stock string: "connection timed out, click the screen to try again": anywhere on the placeholder retries.
    const retry = (): void => setAttempt((n) => n + 1);
    return (
      <div className="page-error page-error--retry" role="alert">
        <button type="button" className="page-error__retry" onClick={retry}>
          {CONNECTION_TIMEOUT[lang]}
        </button>
      </div>
    );
  }
  return null;
}
