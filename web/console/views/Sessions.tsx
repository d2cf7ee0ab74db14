import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import type { ConsoleModel } from '../model/console.ts';

const sockets = (counts: Record<string, number>): string =>
  Object.entries(counts)
    .filter(([, n]) => n > 0)
    .map(([k, n]) => `${n} ${k}`)
    .join(', ') || 'no sockets';

/** Every session (with --admin) or the one named here, and a field to watch any session by name. */
export function Sessions({ model }: { model: ConsoleModel }) {
  useSignals();
  const [name, setName] = useState('');
  const rows = model.sessions.value;
  return (
    <section className="panel" aria-labelledby="sessions-title">
      <h2 id="sessions-title">Sessions</h2>
      {model.listing.value === 'own' && (
        <p className="hint" role="note">
          This mock runs without <code>--admin</code>, so the console lists only the session you name below. Start it with{' '}
          <code>--admin</code> (<code>npm start</code> does) to see every session.
        </p>
      )}
      <ul className="sessions">
        {rows.map((r) => (
          <li key={r.session}>
            <button
              type="button"
              className={`session${r.session === model.selected.value ? ' session--on' : ''}`}
              aria-pressed={r.session === model.selected.value}
              onClick={() => model.select(r.session)}
            >
              <span className="session__name">{r.session}</span>
              <span className="session__meta">
                {r.scenario} · {r.virtual ? 'virtual clock' : 'real clock'} · {sockets(r.sockets)}
              </span>
            </button>
          </li>
        ))}
        {rows.length === 0 && <li className="hint">No session yet.</li>}
      </ul>
      <form
        className="row"
        onSubmit={(e) => {
          e.preventDefault();
          if (name.trim() !== '') model.select(name);
        }}
      >
        <label className="grow">
          <span className="label">Watch session</span>
          <input value={name} onChange={(e) => setName(e.target.value)} placeholder="e.g. qa-42" pattern="[\w.\-]{1,64}" />
        </label>
        <button type="submit">Watch</button>
      </form>
    </section>
  );
}
