import { api } from '../../../app/services.ts';
import { goBack } from '../../../app/navigation.ts';
import { NavBar } from '../../../ui/NavBar.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import { Button } from '../../../ui/Button.tsx';
import { Icon } from '../../../ui/icons.tsx';
import { useAsync } from '../../../ui/use-async.ts';

export default function DownloadPage() {
  const [links, retry] = useAsync(() => api.downurl({}, { silent: true }), []);
  const ios = /iPhone|iPad|iPod/i.test(navigator.userAgent);
  return (
    <div className="scroll">
      <NavBar title="Download the app" onBack={() => goBack()} />
      <div className="center-stack">
        <img className="app-icon" src="/favicon.svg" alt="" width={88} height={88} />
        <h2>Cloud Play for your phone</h2>
        <p className="muted">Smoother streams, controller support and notifications when your seat is ready.</p>
        {links.status === 'loading' && <Spinner />}
        {links.status === 'error' && <Button onClick={retry}>Try again</Button>}
        {links.status === 'ready' && (
          <>
            <a className={`btn btn--${ios ? 'secondary' : 'primary'} btn--block`} href={links.value.android_url} rel="noopener">
              <Icon name="download" size={20} /> Android
            </a>
            <a className={`btn btn--${ios ? 'primary' : 'secondary'} btn--block`} href={links.value.ios_url} rel="noopener">
              <Icon name="download" size={20} /> iPhone and iPad
            </a>
            <p className="muted small">Version {links.value.version}</p>
          </>
        )}
      </div>
    </div>
  );
}
