import { useLocation } from 'wouter';
import { goBack } from '../../app/navigation.ts';
import { findRoute, HOME_PATH } from '../../app/route-table.ts';
import { NavBar } from '../../ui/NavBar.tsx';
import { Button } from '../../ui/Button.tsx';
import { Icon } from '../../ui/icons.tsx';

/** Routes whose feature has not opened yet say so plainly, with a way back. */
export default function UnavailablePage() {
  const [pathname, navigate] = useLocation();
  const title = findRoute(pathname)?.title ?? 'Coming soon';
  return (
    <div className="scroll">
      <NavBar title={title} onBack={() => goBack()} />
      <div className="center-stack">
        <Icon name="clock" size={44} />
        <h2>{title} is not open yet</h2>
        <p className="muted">This part of the service is still being prepared. Please check back soon.</p>
        <Button onClick={() => navigate(HOME_PATH)}>Back to home</Button>
      </div>
    </div>
  );
}
