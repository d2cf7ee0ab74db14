import { useLocation } from 'wouter';
import { goBack } from '../../../../app/navigation.ts';
import { externalLinks } from '../../../../app/host-services.ts';
import { APP_VERSION, APP_VERSION_CODE } from '../../../../api/contract.ts';
import { NavBar } from '../../../../ui/NavBar.tsx';
import { Icon } from '../../../../ui/icons.tsx';
import { REGISTRY_URL, siteRegistration } from '../../../../state/registration.ts';
import { protocolUrl } from '../../../../core/paths.ts';
import { messages, params } from '../../../../core/i18n/messages.ts';
import { useStore } from '../../../../ui/use-store.ts';

const msgs = messages('system/aboutus', {
  title: 'About us',
  version: params('Version {version} ({code})'),
  pitch:
    'Play console and PC games on any phone. The games run on our servers and stream to you, so there is nothing to download and no storage to free.',
  legal: 'Legal',
  userAgreement: 'User Agreement',
  privacyPolicy: 'Privacy Policy',
});

export default function AboutUsPage() {
  const [, navigate] = useLocation();
  const t = useStore(msgs);
  const registration = siteRegistration(location.hostname);
  return (
    <div className="scroll">
      <NavBar title={t.title} onBack={() => goBack()} />
      <div className="center-stack">
        <img className="app-icon" src="/favicon.svg" alt="" width={88} height={88} />
        <h2>Cloud Play</h2>
        <p className="muted small">
          {t.version({ version: APP_VERSION, code: APP_VERSION_CODE })}
        </p>
        <p className="muted">
          {t.pitch}
        </p>
      </div>
      <div className="content">
        <nav className="list" aria-label={t.legal}>
          <button type="button" className="list__item" onClick={() => navigate(protocolUrl('user'))}>
            <Icon name="doc" size={20} />
            <span className="list__label">{t.userAgreement}</span>
            <Icon name="chevron" size={16} />
          </button>
          <button type="button" className="list__item" onClick={() => navigate(protocolUrl('privacy'))}>
            <Icon name="doc" size={20} />
            <span className="list__label">{t.privacyPolicy}</span>
            <Icon name="chevron" size={16} />
          </button>
        </nav>
        {registration && (
          <p className="muted small about-registration">
            <a href={REGISTRY_URL} target="_blank" rel="noopener noreferrer" onClick={externalLinks.onClick(REGISTRY_URL)}>
              {registration.number}
            </a>
          </p>
        )}
      </div>
    </div>
  );
}
