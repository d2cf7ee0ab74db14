import { useSearch } from 'wouter';
import { api, auth, clock } from '../../../app/services.ts';
import { externalLinks, sharing } from '../../../app/host-services.ts';
import { goBack } from '../../../app/navigation.ts';
import { PAGE_PATH } from '../../../core/paths.ts';
import { Button } from '../../../ui/Button.tsx';
import { NavBar } from '../../../ui/NavBar.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import { LoadFailed } from '../../../ui/LoadFailed.tsx';
import { Icon } from '../../../ui/icons.tsx';
import { useAsync } from '../../../ui/use-async.ts';
import { useStore } from '../../../ui/use-store.ts';
import { messages, params } from '../../../core/i18n/messages.ts';
import { countThenOpen, type LinkClick } from './count-then-open.ts';

const msgs = messages('app/download', {
  title: 'Download the app',
  heading: 'Cloud Play for your phone',
  pitch: 'Smoother streams, controller support and notifications when your seat is ready.',
  linksFailed: 'The download links could not be loaded.',
  iphone: 'iPhone and iPad',
  version: params('Version {version}'),
  share: 'Share the download link',
});

/** The game this page was opened for (`?game_id=`, from its detail page), or none (home's banner). */
const gameIdOf = (search: string): number | null => {
  const id = Number(new URLSearchParams(search).get('game_id'));
  return Number.isInteger(id) && id > 0 ? id : null;
};

export default function DownloadPage() {
  const [links, retry] = useAsync(() => api.downurl({}, { silent: true }), []);
  const t = useStore(msgs);
  const gameId = gameIdOf(useSearch());
  const ios = /iPhone|iPad|iPod/i.test(navigator.userAgent);
  // SPEC §7 update_down counts a game's downloads: only for a logged-in player who came from a game.
  const count = (): Promise<unknown> | null => {
    const uid = auth.$auth.get().loginInfo?.swcloud_uid;
    if (uid === undefined || gameId === null) return null;
    return api.updateDown({ uid, game_id: gameId }, { silent: true, background: true, keepalive: true }).catch(() => undefined);
  };
  // Inside a host app the host opens the store or the package (docs/host-bridge.md openUrl); a webview would not.
  const open = (url: string) => (e: LinkClick) =>
    countThenOpen({ count, openInHost: () => externalLinks.open(url), go: () => location.assign(url), clock }, e);
  // The page without this visit's game_id: update_down counts this player's downloads from a game (SPEC §7), not a friend's.
  const share = (): void => void sharing.share({ title: t.heading, text: t.pitch, url: `${location.origin}${PAGE_PATH.download}` });
  return (
    <div className="scroll">
      <NavBar title={t.title} onBack={() => goBack()} />
      <div className="center-stack">
        <img className="app-icon" src="/favicon.svg" alt="" width={88} height={88} />
        <h2>{t.heading}</h2>
        <p className="muted">{t.pitch}</p>
        {links.status === 'loading' && <Spinner />}
        {links.status === 'error' && <LoadFailed message={t.linksFailed} onRetry={retry} />}
        {links.status === 'ready' && (
          <>
            <a className={`btn btn--${ios ? 'secondary' : 'primary'} btn--block`} href={links.value.android_url} rel="noopener" onClick={open(links.value.android_url)}>
              <Icon name="download" size={20} /> Android
            </a>
            <a className={`btn btn--${ios ? 'primary' : 'secondary'} btn--block`} href={links.value.ios_url} rel="noopener" onClick={open(links.value.ios_url)}>
              <Icon name="download" size={20} /> {t.iphone}
            </a>
            <p className="muted small">{t.version({ version: links.value.version })}</p>
            <Button variant="ghost" onClick={share}>
              {t.share}
            </Button>
          </>
        )}
      </div>
    </div>
  );
}
