/** One React root per test in happy-dom: mounted into a fresh host, unmounted and the body emptied after each test. */
import { act, type ReactElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach } from 'vitest';

export interface Mounter {
  /** Renders `el` into a new host appended to the body; the host. */
  mount(el: ReactElement): HTMLElement;
  /** Renders `el` again into the same root (new props, another tree). */
  render(el: ReactElement): void;
  unmount(): void;
}

export function useMount(): Mounter {
  let root: Root | null = null;
  afterEach(() => {
    act(() => root?.unmount());
    root = null;
    document.body.innerHTML = '';
  });
  return {
    mount(el) {
      const host = document.createElement('div');
      document.body.append(host);
      root = createRoot(host);
      act(() => root?.render(el));
      return host;
    },
    render: (el) => act(() => root?.render(el)),
    unmount: () => act(() => root?.unmount()),
  };
}
