import type { ReadableAtom } from 'nanostores';
import type { ToastState } from '../core/toast.ts';
import { Icon } from './icons.tsx';
import { useStore } from './use-store.ts';

/** Renders the core toaster's state (SPEC §4 Toast); the timing lives in core. */
export function Toast({ state }: { state: ReadableAtom<ToastState | null> }) {
  const toast = useStore(state);
  if (!toast) return null;
  const icon = toast.icon;
  return (
    <div className={`toast-layer${toast.mask ? ' toast-layer--mask' : ''}`}>
      <div className={`toast toast--${icon}`} role="status" aria-live="polite">
        {icon === 'success' && <Icon name="check" size={36} />}
        {icon === 'error' && <Icon name="error" size={36} />}
        {icon === 'loading' && <Icon name="loading" size={36} className="spin" />}
        <span className="toast__text">{toast.title}</span>
      </div>
    </div>
  );
}
