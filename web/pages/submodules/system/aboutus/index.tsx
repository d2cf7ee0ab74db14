import { useLocation } from 'wouter';
import { goBack } from '../../../../app/navigation.ts';
import { APP_VERSION, APP_VERSION_CODE } from '../../../../api/contract.ts';
import { NavBar } from '../../../../ui/NavBar.tsx';
import { Icon } from '../../../../ui/icons.tsx';
import { REGISTRY_URL, siteRegistration } from '../../../../state/registration.ts';
import { protocolUrl } from '../../../../core/paths.ts';

export default function AboutUsPage() {
  const [, navigate] = useLocation();
  const registration = siteRegistration(location.hostname);
  return (
    <div className="scroll">
      <NavBar title="About us" onBack={() => goBack()} />
      <div className="center-stack">
        <img className="app-icon" src="/favicon.svg" alt="" width={88} height={88} />
        <h2>Cloud Play</h2>
        <p className="muted small">
          Version {APP_VERSION} ({APP_VERSION_CODE})
        </p>
        <p className="muted">
          Play console and PC games on any phone. The games run on our servers and stream to you, so there is nothing to download and
          no storage to free.
        </p>
      </div>
      <div className="content">
        <nav className="list" aria-label="Legal">
          <button type="button" className="list__item" onClick={() => navigate(protocolUrl('user'))}>
            <Icon name="doc" size={20} />
            <span className="list__label">User Agreement</span>
            <Icon name="chevron" size={16} />
          </button>
          <button type="button" className="list__item" onClick={() => navigate(protocolUrl('privacy'))}>
            <Icon name="doc" size={20} />
            <span className="list__label">Privacy Policy</span>
            <Icon name="chevron" size={16} />
          </button>
        </nav>
        {registration && (
          <p className="muted small about-registration">
            <a href={REGISTRY_URL} target="_blank" rel="noopener noreferrer">
              {registration.number}
            </a>
          </p>
        )}
      </div>
    </div>
  );
}
