import { useSignals } from '@preact/signals-react/runtime';
import type { ConsoleModel } from '../model/console.ts';

/** Session-clock time as a date and time (UTC), to the second. */
export const clockText = (ms: number): string => new Date(ms).toISOString().replace('T', ' ').slice(0, 19);

/** The watched session at a glance: scenario, clock, sockets, journal size; and Reset. */
export function SessionBar({ model }: { model: ConsoleModel }) {
  useSignals();
  const s = model.summary.value;
  const name = model.selected.value;
  if (name === '') return <p className="panel hint">Pick a session to see its journal and drive it.</p>;
  if (!s) return <p className="panel hint">Session “{name}” does not exist yet: it appears when the app (or a script) first uses it.</p>;
  return (
    <section className="panel bar" aria-label="Session">
      <dl className="facts">
        <div><dt>Session</dt><dd data-testid="session-name">{s.session}</dd></div>
        <div><dt>Scenario</dt><dd data-testid="session-scenario">{s.scenario}</dd></div>
        <div><dt>Clock</dt><dd data-testid="session-clock">{s.clock.virtual ? 'virtual' : 'real'} · {clockText(s.clock.now)}</dd></div>
        <div><dt>Timers</dt><dd>{s.clock.pending}</dd></div>
        <div><dt>Sockets</dt><dd data-testid="session-sockets">{Object.entries(s.sockets).map(([k, n]) => `${k} ${n}`).join(' · ') || 'none'}</dd></div>
        <div><dt>Journal</dt><dd>{s.journal.size} entries{s.journal.dropped > 0 ? `, ${s.journal.dropped} dropped` : ''}</dd></div>
      </dl>
      <button type="button" className="danger" disabled={model.busy.value} onClick={() => void model.reset()}>
        Reset session
      </button>
    </section>
  );
}
