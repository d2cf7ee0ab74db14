import { api } from '../../../app/services.ts';
import { goBack } from '../../../app/navigation.ts';
import { NavBar } from '../../../ui/NavBar.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import { Button } from '../../../ui/Button.tsx';
import { Icon } from '../../../ui/icons.tsx';
import { useAsync } from '../../../ui/use-async.ts';
import { useStore } from '../../../ui/use-store.ts';
import { messages, params } from '../../../core/i18n/messages.ts';

const msgs = messages('app/download', {
  title: 'Download the app',
  heading: 'Cloud Play for your phone',
  pitch: 'Smoother streams, controller support and notifications when your seat is ready.',
  tryAgain: 'Try again',
  iphone: 'iPhone and iPad',
  version: params('Version {version}'),
});

export default function DownloadPage() {
  const [links, retry] = useAsync(() => api.downurl({}, { silent: true }), []);
  const t = useStore(msgs);
  const ios = /iPhone|iPad|iPod/i.test(navigator.userAgent);
  return (
    <div className="scroll">
      <NavBar title={t.title} onBack={() => goBack()} />
      <div className="center-stack">
        <img className="app-icon" src="/favicon.svg" alt="" width={88} height={88} />
        <h2>{t.heading}</h2>
        <p className="muted">{t.pitch}</p>
        {links.status === 'loading' && <Spinner />}
        {links.status === 'error' && <Button onClick={retry}>{t.tryAgain}</Button>}
        {links.status === 'ready' && (
          <>
            <a className={`btn btn--${ios ? 'secondary' : 'primary'} btn--block`} href={links.value.android_url} rel="noopener">
              <Icon name="download" size={20} /> Android
            </a>
            <a className={`btn btn--${ios ? 'primary' : 'secondary'} btn--block`} href={links.value.ios_url} rel="noopener">
              <Icon name="download" size={20} /> {t.iphone}
            </a>
            <p className="muted small">{t.version({ version: links.value.version })}</p>
          </>
        )}
      </div>
    </div>
  );
}
