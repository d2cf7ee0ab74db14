import { useEffect, useState } from 'react';

const QUERY = '(prefers-reduced-motion: reduce)';
const list = (): MediaQueryList | null => (typeof matchMedia === 'function' ? matchMedia(QUERY) : null);

/** Whether the player asked the system for less motion, followed as it changes. */
export function useReducedMotion(): boolean {
  const [reduced, setReduced] = useState(() => list()?.matches === true);
  useEffect(() => {
    const l = list();
    if (!l) return;
    const update = (): void => setReduced(l.matches);
    update();
    l.addEventListener('change', update);
    return () => l.removeEventListener('change', update);
  }, []);
  return reduced;
}
