/** Small inline icons used across screens; stroke follows `currentColor`. */

const base = { width: 24, height: 24, viewBox: '0 0 24 24', fill: 'none', stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round', strokeLinejoin: 'round' } as const;

export type IconName = 'back' | 'chevron' | 'check' | 'close' | 'error' | 'search' | 'loading' | 'info' | 'home' | 'gamepad' | 'crown' | 'clock' | 'gift' | 'user' | 'settings' | 'download' | 'doc';

/**
 * Each icon as its shapes, kept as data rather than JSX (a third of the bytes on the first load, whose budget is decision 0018's): a path's
 * `d`; "c" + "cx cy r" for a circle; "r" + "x y width height rx" for a rounded rectangle.
 */
const shapes: Record<IconName, readonly string[]> = {
  back: ['M15 18l-6-6 6-6'],
  chevron: ['M9 6l6 6-6 6'],
  check: ['M5 12.5l4.5 4.5L19 7.5'],
  close: ['M6 6l12 12M18 6L6 18'],
  error: ['c12 12 9', 'M12 7.5v5.5M12 16.5v.01'],
  info: ['c12 12 9', 'M12 11v5.5M12 7.5v.01'],
  search: ['c11 11 6.5', 'M16 16l4 4'],
  loading: ['M12 3a9 9 0 1 0 9 9'],
  home: ['M4 11l8-7 8 7v9h-5v-6H9v6H4z'],
  gamepad: ['r2.5 7 19 11 4', 'M7.5 10.5v4M5.5 12.5h4M15.5 11.5h.01M17.5 13.5h.01'],
  crown: ['M3.5 8l4.5 4 4-6 4 6 4.5-4-2 11h-13z'],
  clock: ['c12 12 8.5', 'M12 7.5V12l3 2'],
  gift: ['r3.5 8.5 17 12 1.5', 'M3.5 12.5h17M12 8.5v12M12 8.5c-1.5-3.5-5-4-5-1.5 0 1.5 2.5 1.5 5 1.5zM12 8.5c1.5-3.5 5-4 5-1.5 0 1.5-2.5 1.5-5 1.5z'],
  user: ['c12 8.5 4', 'M4.5 20.5c.8-3.8 3.9-6 7.5-6s6.7 2.2 7.5 6'],
  settings: ['c12 12 3', 'M12 2.5v3M12 18.5v3M4.2 6.5l2.6 1.5M17.2 16l2.6 1.5M4.2 17.5l2.6-1.5M17.2 8l2.6-1.5'],
  download: ['M12 4v11M7.5 10.5L12 15l4.5-4.5M5 19.5h14'],
  doc: ['M6.5 3.5h8l3 3v14h-11z', 'M9 10.5h6M9 14h6M9 17.5h4'],
};

function Shape({ shape }: { shape: string }) {
  const n = shape.slice(1).split(' ');
  if (shape[0] === 'c') return <circle cx={n[0]} cy={n[1]} r={n[2]} />;
  if (shape[0] === 'r') return <rect x={n[0]} y={n[1]} width={n[2]} height={n[3]} rx={n[4]} />;
  return <path d={shape} />;
}

export function Icon({ name, size = 24, className }: { name: IconName; size?: number; className?: string }) {
  return (
    <svg {...base} width={size} height={size} className={className} aria-hidden="true" focusable="false">
      {shapes[name].map((shape) => (
        <Shape key={shape} shape={shape} />
      ))}
    </svg>
  );
}
