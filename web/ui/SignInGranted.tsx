import type { ReadableAtom } from 'nanostores';
import { formatPlayTime } from '../state/format.ts';
import { locale } from '../core/i18n/locale.ts';
import { messages, params } from '../core/i18n/messages.ts';
import { useStore } from './use-store.ts';

const msgs = messages('ui/signin-granted', { today: params('Signed in today: +{gain}') });

/** Under the play-time figure (Home, Mine): what today's daily sign-in granted (SPEC §4), once there is a grant. */
export function SignInGranted({ granted }: { granted: ReadableAtom<number | null> }) {
  const seconds = useStore(granted);
  const t = useStore(msgs);
  const lang = useStore(locale);
  if (seconds === null || seconds <= 0) return null;
  return (
    <p className="signin-line small" data-testid="signin-granted">
      {t.today({ gain: formatPlayTime(seconds, lang) })}
    </p>
  );
}
