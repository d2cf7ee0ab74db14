/** Small inline icons used across screens; stroke follows `currentColor`. */
import type { ReactElement } from 'react';

const base = { width: 24, height: 24, viewBox: '0 0 24 24', fill: 'none', stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round', strokeLinejoin: 'round' } as const;

export type IconName = 'back' | 'chevron' | 'check' | 'close' | 'error' | 'search' | 'loading' | 'info' | 'home' | 'gamepad' | 'crown' | 'clock' | 'gift' | 'user' | 'settings' | 'download' | 'doc';

const paths: Record<IconName, ReactElement> = {
  back: <path d="M15 18l-6-6 6-6" />,
  chevron: <path d="M9 6l6 6-6 6" />,
  check: <path d="M5 12.5l4.5 4.5L19 7.5" />,
  close: <path d="M6 6l12 12M18 6L6 18" />,
  error: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7.5v5.5M12 16.5v.01" />
    </>
  ),
  info: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 11v5.5M12 7.5v.01" />
    </>
  ),
  search: (
    <>
      <circle cx="11" cy="11" r="6.5" />
      <path d="M16 16l4 4" />
    </>
  ),
  loading: <path d="M12 3a9 9 0 1 0 9 9" />,
  home: <path d="M4 11l8-7 8 7v9h-5v-6H9v6H4z" />,
  gamepad: (
    <>
      <rect x="2.5" y="7" width="19" height="11" rx="4" />
      <path d="M7.5 10.5v4M5.5 12.5h4M15.5 11.5h.01M17.5 13.5h.01" />
    </>
  ),
  crown: <path d="M3.5 8l4.5 4 4-6 4 6 4.5-4-2 11h-13z" />,
  clock: (
    <>
      <circle cx="12" cy="12" r="8.5" />
      <path d="M12 7.5V12l3 2" />
    </>
  ),
  gift: (
    <>
      <rect x="3.5" y="8.5" width="17" height="12" rx="1.5" />
      <path d="M3.5 12.5h17M12 8.5v12M12 8.5c-1.5-3.5-5-4-5-1.5 0 1.5 2.5 1.5 5 1.5zM12 8.5c1.5-3.5 5-4 5-1.5 0 1.5-2.5 1.5-5 1.5z" />
    </>
  ),
  user: (
    <>
      <circle cx="12" cy="8.5" r="4" />
      <path d="M4.5 20.5c.8-3.8 3.9-6 7.5-6s6.7 2.2 7.5 6" />
    </>
  ),
  settings: (
    <>
      <circle cx="12" cy="12" r="3" />
      <path d="M12 2.5v3M12 18.5v3M4.2 6.5l2.6 1.5M17.2 16l2.6 1.5M4.2 17.5l2.6-1.5M17.2 8l2.6-1.5" />
    </>
  ),
  download: <path d="M12 4v11M7.5 10.5L12 15l4.5-4.5M5 19.5h14" />,
  doc: (
    <>
      <path d="M6.5 3.5h8l3 3v14h-11z" />
      <path d="M9 10.5h6M9 14h6M9 17.5h4" />
    </>
  ),
};

export function Icon({ name, size = 24, className }: { name: IconName; size?: number; className?: string }) {
  return (
    <svg {...base} width={size} height={size} className={className} aria-hidden="true" focusable="false">
      {paths[name]}
    </svg>
  );
}
