/**
 * The toast model (SPEC §4 Toast, §5, §9): one toast at a time, auto-hidden
 * after its duration through the injected clock; a loading toast stays until
 * hideLoading. The UI component only renders `state`.
 */
import { atom, type ReadableAtom } from 'nanostores';
import { TOAST_DURATION_MS, TOAST_LOADING_DURATION_MS } from './constants.ts';
import type { Clock, TimerId } from './clock';

export type ToastIcon = 'success' | 'error' | 'loading' | 'none';

export const TOAST_ICONS: readonly ToastIcon[] = ['success', 'error', 'loading', 'none'];

export interface ToastState {
  /** Changes on every show, so the UI can restart its entry animation for an identical title. */
  id: number;
  title: string;
  icon: ToastIcon;
  /** Blocks touches on the page underneath while shown. */
  mask: boolean;
  duration: number;
  /** Shown by showLoading: only hideLoading may close it. */
  loading: boolean;
}

export interface ToastOptions {
  title: string;
  icon?: ToastIcon;
  duration?: number;
  mask?: boolean;
}

export interface Toaster {
  state: ReadableAtom<ToastState | null>;
  show(opts: ToastOptions): void;
  showLoading(title: string, opts?: { mask?: boolean }): void;
  hide(): void;
  hideLoading(): void;
}

export const TOAST_WARNING = {
  invalidIcon: (icon: string) => `showToast: icon "${icon}" is not one of ${TOAST_ICONS.join(', ')}; using "none"`,
  unpairedToast: 'showToast must be paired with hideToast',
  unpairedLoading: 'showLoading must be paired with hideLoading',
} as const;

function isIcon(v: unknown): v is ToastIcon {
  return typeof v === 'string' && (TOAST_ICONS as readonly string[]).includes(v);
}

export function createToaster(clock: Clock, warn: (message: string) => void = (m) => console.warn(m)): Toaster {
  const state = atom<ToastState | null>(null);
  let timer: TimerId | undefined;
  let seq = 0;

  const open = (next: Omit<ToastState, 'id'>): void => {
    clock.clearTimeout(timer);
    const id = ++seq;
    state.set({ ...next, id });
    timer = clock.setTimeout(() => {
      // Only close the toast this timer was started for.
      if (state.get()?.id === id) state.set(null);
    }, next.duration);
  };

  const close = (): void => {
    clock.clearTimeout(timer);
    timer = undefined;
    state.set(null);
  };

  return {
    state,
    show({ title, icon = 'none', duration = TOAST_DURATION_MS, mask = false }) {
      // SPEC §5: an unknown icon is a caller bug; the message still matters more than the icon.
      if (!isIcon(icon)) warn(TOAST_WARNING.invalidIcon(String(icon)));
      const ms = Number.isFinite(duration) && duration > 0 ? duration : TOAST_DURATION_MS;
      open({ title: String(title ?? ''), icon: isIcon(icon) ? icon : 'none', mask, duration: ms, loading: false });
    },
    showLoading(title, opts = {}) {
      open({
        title: String(title ?? ''),
        icon: 'loading',
        mask: opts.mask ?? false,
        duration: TOAST_LOADING_DURATION_MS,
        loading: true,
      });
    },
    hide() {
      const cur = state.get();
      if (!cur) return;
      // A mismatched hide is refused (and reported) so a stray hide cannot cut a loading short.
      if (cur.loading) return warn(TOAST_WARNING.unpairedToast);
      close();
    },
    hideLoading() {
      if (!state.get()?.loading) return warn(TOAST_WARNING.unpairedLoading);
      close();
    },
  };
}
