import { Icon } from './icons.tsx';
import { messages } from '../core/i18n/messages.ts';
import { useStore } from './use-store.ts';

const msgs = messages('ui/spinner', { loading: 'Loading' });

export function Spinner({ label }: { label?: string }) {
  const t = useStore(msgs);
  return (
    <div className="spinner" role="status">
      <Icon name="loading" size={28} className="spin" />
      <span className="visually-hidden">{label ?? t.loading}</span>
    </div>
  );
}
