import { useLocation } from 'wouter';
import { Button } from '../../../ui/Button.tsx';
import { Icon } from '../../../ui/icons.tsx';

export default function GameLibraryPage() {
  const [, navigate] = useLocation();
  return (
    <div className="scroll">
      <h1 className="page-title">Game Library</h1>
      <div className="content">
        
        <div className="library-empty">
          <Icon name="gamepad" size={44} />
          <p>The catalogue is loading soon.</p>
          <Button onClick={() => navigate('/')}>Back to home</Button>
        </div>
      </div>
    </div>
  );
}
