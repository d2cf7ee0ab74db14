import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import type { ConsoleModel } from '../model/console.ts';

const STEPS = [10, 40, 60];

/** Switch the session to virtual time and move it. */
export function Clock({ model }: { model: ConsoleModel }) {
  useSignals();
  const [custom, setCustom] = useState('120');
  const virtual = model.summary.value?.clock.virtual === true;
  const busy = model.busy.value || model.summary.value === null;
  return (
    <section className="panel" aria-labelledby="clock-title">
      <h2 id="clock-title">Clock</h2>
      {!virtual && (
        <button type="button" disabled={busy} onClick={() => void model.goVirtual()}>
          Switch to virtual clock
        </button>
      )}
      <div className="row wrap">
        {STEPS.map((s) => (
          <button key={s} type="button" disabled={busy || !virtual} onClick={() => void model.advance(s * 1000)}>
            +{s} s
          </button>
        ))}
      </div>
      <form
        className="row"
        onSubmit={(e) => {
          e.preventDefault();
          const seconds = Number(custom);
          if (Number.isFinite(seconds) && seconds > 0) void model.advance(Math.round(seconds * 1000));
        }}
      >
        <label className="grow">
          <span className="label">Seconds</span>
          <input inputMode="decimal" value={custom} onChange={(e) => setCustom(e.target.value)} />
        </label>
        <button type="submit" disabled={busy || !virtual}>
          Advance
        </button>
      </form>
      {!virtual && <p className="hint">Advancing needs the virtual clock: time then moves only when you move it.</p>}
    </section>
  );
}
