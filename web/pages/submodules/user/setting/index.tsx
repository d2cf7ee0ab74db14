import { useLocation } from 'wouter';
import { auth } from '../../../../app/services.ts';
import { goBack } from '../../../../app/navigation.ts';
import { PAGE_PATH, protocolUrl } from '../../../../core/paths.ts';
import { NavBar } from '../../../../ui/NavBar.tsx';
import { Button } from '../../../../ui/Button.tsx';
import { Icon } from '../../../../ui/icons.tsx';
import { APP_VERSION } from '../../../../api/contract.ts';

export default function SettingPage() {
  const [, navigate] = useLocation();
  return (
    <div className="scroll">
      <NavBar title="Settings" onBack={() => goBack(PAGE_PATH.user)} />
      <div className="content">
        <nav className="list" aria-label="Settings">
          <button type="button" className="list__item" onClick={() => navigate(protocolUrl('user'))}>
            <span className="list__label">User Agreement</span>
            <Icon name="chevron" size={16} />
          </button>
          <button type="button" className="list__item" onClick={() => navigate(protocolUrl('privacy'))}>
            <span className="list__label">Privacy Policy</span>
            <Icon name="chevron" size={16} />
          </button>
          <button type="button" className="list__item" onClick={() => navigate(PAGE_PATH.aboutus)}>
            <span className="list__label">About us</span>
            <span className="list__value">v{APP_VERSION}</span>
            <Icon name="chevron" size={16} />
          </button>
        </nav>
        <Button
          variant="secondary"
          block
          onClick={() => {
            auth.logout();
            navigate(PAGE_PATH.home, { replace: true });
          }}
        >
          Log out
        </Button>
      </div>
    </div>
  );
}
