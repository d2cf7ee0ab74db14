import { useLocation } from 'wouter';
import { auth } from '../../../../app/services.ts';
import { goBack } from '../../../../app/navigation.ts';
import { chooseLanguage } from '../../../../app/language.ts';
import { PAGE_PATH, protocolUrl } from '../../../../core/paths.ts';
import { LANGS } from '../../../../core/i18n/lang.ts';
import { LANG_NAMES, locale } from '../../../../core/i18n/locale.ts';
import { messages } from '../../../../core/i18n/messages.ts';
import { NavBar } from '../../../../ui/NavBar.tsx';
import { Button } from '../../../../ui/Button.tsx';
import { Icon } from '../../../../ui/icons.tsx';
import { useStore } from '../../../../ui/use-store.ts';
import { APP_VERSION } from '../../../../api/contract.ts';

const msgs = messages('user/setting', {
  title: 'Settings',
  userAgreement: 'User Agreement',
  privacyPolicy: 'Privacy Policy',
  aboutUs: 'About us',
  language: 'Language',
  logOut: 'Log out',
});

export default function SettingPage() {
  const [, navigate] = useLocation();
  const t = useStore(msgs);
  const current = useStore(locale);
  return (
    <div className="scroll">
      <NavBar title={t.title} onBack={() => goBack(PAGE_PATH.user)} />
      <div className="content">
        <nav className="list" aria-label={t.title}>
          <button type="button" className="list__item" onClick={() => navigate(protocolUrl('user'))}>
            <span className="list__label">{t.userAgreement}</span>
            <Icon name="chevron" size={16} />
          </button>
          <button type="button" className="list__item" onClick={() => navigate(protocolUrl('privacy'))}>
            <span className="list__label">{t.privacyPolicy}</span>
            <Icon name="chevron" size={16} />
          </button>
          <button type="button" className="list__item" onClick={() => navigate(PAGE_PATH.aboutus)}>
            <span className="list__label">{t.aboutUs}</span>
            <span className="list__value">v{APP_VERSION}</span>
            <Icon name="chevron" size={16} />
          </button>
        </nav>
        <h2 className="section-title" id="setting-language">
          {t.language}
        </h2>
        {/* Each language named in itself, so a reader finds theirs whatever is showing (decision 0010). */}
        <div className="list" role="radiogroup" aria-labelledby="setting-language">
          {LANGS.map((lang) => (
            <button
              key={lang}
              type="button"
              role="radio"
              aria-checked={lang === current}
              lang={lang}
              className="list__item"
              onClick={() => void chooseLanguage(lang)}
            >
              <span className="list__label">{LANG_NAMES[lang]}</span>
              {lang === current && <Icon name="check" size={16} />}
            </button>
          ))}
        </div>
        <Button
          variant="secondary"
          block
          onClick={() => {
            auth.logout();
            navigate(PAGE_PATH.home, { replace: true });
          }}
        >
          {t.logOut}
        </Button>
      </div>
    </div>
  );
}
