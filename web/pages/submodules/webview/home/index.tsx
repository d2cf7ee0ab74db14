import { useLocation } from 'wouter';
import { api } from '../../../../app/services.ts';
import { LoadFailed } from '../../../../ui/LoadFailed.tsx';
import { Spinner } from '../../../../ui/Spinner.tsx';
import { useAsync } from '../../../../ui/use-async.ts';
import { Sheet } from '../Sheet.tsx';
import { overlayDetailUrl } from '../../../../core/paths.ts';
import { messages } from '../../../../core/i18n/messages.ts';
import { useStore } from '../../../../ui/use-store.ts';
import { NearImage } from '../../../../ui/NearImage.tsx';

const msgs = messages('webview/home', {
  title: 'Games',
  loadFailed: 'Games could not be loaded.',
});

/** Home content (sections of home_list) in a sheet over the host app. */
export default function WebviewHomePage() {
  const [, navigate] = useLocation();
  const t = useStore(msgs);
  const [home, reload] = useAsync(() => api.homeList({}, { silent: true }), []);
  return (
    <Sheet title={t.title}>
      {home.status === 'loading' && <Spinner />}
      {home.status === 'error' && (
        <LoadFailed message={t.loadFailed} onRetry={reload} />
      )}
      {home.status === 'ready' &&
        home.value.sections.map((s) => (
          <section key={s.key} className="wv-section" aria-label={s.title}>
            <h2 className="section-title">{s.title}</h2>
            <ul className="wv-row">
              {s.games.map((g) => (
                <li key={g.id}>
                  <button type="button" className="wv-game" onClick={() => navigate(overlayDetailUrl(g.id))}>
                    <NearImage src={g.cover} alt="" width={96} height={128} />
                    <span className="wv-game__title">{g.title}</span>
                  </button>
                </li>
              ))}
            </ul>
          </section>
        ))}
    </Sheet>
  );
}
