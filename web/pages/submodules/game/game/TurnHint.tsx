import { useSignals } from '@preact/signals-react/runtime';
import { messages } from '../../../../core/i18n/messages.ts';
import { Button } from '../../../../ui/Button.tsx';
import { useStore } from '../../../../ui/use-store.ts';
import type { Landscape } from './landscape.ts';

const msgs = messages('game/screen', { rotate: 'Turn your phone sideways for the best view', dismiss: 'Got it' });

/**
 * "Turn your phone" over the game while a phone is held upright and the browser could not turn the screen
 * (landscape.ts): it goes by itself once the phone is turned, or when the player closes it to play upright.
 */
export function TurnHint({ landscape }: { landscape: Landscape }) {
  useSignals();
  const t = useStore(msgs);
  if (!landscape.hint.value) return null;
  return (
    <div className="gs-turn" data-testid="turn-hint">
      <svg className="gs-turn__art" viewBox="0 0 64 64" width="72" height="72" aria-hidden="true" focusable="false">
        <path className="gs-turn__arrow" d="M40 9a22 22 0 0 1 15 15M55 16v8h-8" />
        <g className="gs-turn__phone">
          <rect x="14" y="12" width="24" height="42" rx="4" />
          <path d="M22 48h8" />
        </g>
      </svg>
      <p className="gs-turn__text" role="status">
        {t.rotate}
      </p>
      <Button variant="secondary" onClick={() => landscape.dismiss()}>
        {t.dismiss}
      </Button>
    </div>
  );
}
