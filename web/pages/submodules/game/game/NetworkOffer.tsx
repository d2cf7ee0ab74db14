import { useSignals } from '@preact/signals-react/runtime';
import type { GameSession } from '../../../../game/index.ts';
import { clarityName } from '../../../../game/clarity.ts';
import { messages, params } from '../../../../core/i18n/messages.ts';
import { Button } from '../../../../ui/Button.tsx';
import { useStore } from '../../../../ui/use-store.ts';
import { clarityLabels, clarityWords } from './clarity-words.ts';

const msgs = messages('game/network-offer', {
  poor: 'Poor network',
  switchTo: params('Switch to {clarity}'),
  notNow: 'Not now',
});

/** The lower clarity offered while the network is poor (web/game/network-advice.ts): at the top, over the picture only. */
export function NetworkOffer({ session }: { session: GameSession }) {
  useSignals();
  const t = useStore(msgs);
  const clarity = clarityLabels(useStore(clarityWords));
  const offer = session.networkOffer.value;
  if (offer === null) return null;
  return (
    <div className="gs-net-offer" role="status" data-testid="network-offer">
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
        <path d="M3 20h3v-4H3zm5 0h3v-8H8z" fill="currentColor" />
        <path d="M13 20h3V8h-3zm5 0h3V4h-3z" fill="currentColor" opacity="0.3" />
      </svg>
      <span className="gs-net-offer__text">{t.poor}</span>
      <Button onClick={() => session.takeNetworkOffer()}>{t.switchTo({ clarity: clarity[clarityName(offer)] })}</Button>
      <Button variant="ghost" onClick={() => session.dismissNetworkOffer()}>
        {t.notNow}
      </Button>
    </div>
  );
}
