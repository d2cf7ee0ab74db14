import type { ReactNode } from 'react';

export interface Stat {
  label: string;
  value: ReactNode;
  /** A date reads smaller than a number. */
  date?: boolean;
}

/** Past this many characters a value is set smaller, so "12小时30分" fits a third of the row. */
const LONG_VALUE = 6;

/** A row of big numbers with their labels (balance, play time, invitation results); two share the row, three split it. */
export function Stats({ label, items }: { label: string; items: readonly Stat[] }) {
  return (
    <section className={`stats${items.length === 2 ? ' stats--two' : ''}`} aria-label={label}>
      {items.map((s) => (
        <div className="stat" key={s.label}>
          <span className={`stat__value${s.date ? ' stat__value--date' : ''}${typeof s.value === 'string' && s.value.length > LONG_VALUE ? ' stat__value--long' : ''}`}>
            {s.value}
          </span>
          <span className="stat__label">{s.label}</span>
        </div>
      ))}
    </section>
  );
}
