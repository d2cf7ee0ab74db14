import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import { PUSH_CHOICES, type ConsoleModel } from '../model/console.ts';

/** Send a SPEC code to the session's stream or duration sockets now. */
export function Push({ model }: { model: ConsoleModel }) {
  useSignals();
  const [choice, setChoice] = useState(0);
  const picked = PUSH_CHOICES[choice];
  const busy = model.busy.value || model.selected.value === '';
  return (
    <section className="panel" aria-labelledby="push-title">
      <h2 id="push-title">Push a message</h2>
      <div className="row">
        <label className="grow">
          <span className="label">Code</span>
          <select value={choice} onChange={(e) => setChoice(Number(e.target.value))}>
            {PUSH_CHOICES.map((c, i) => (
              <option key={c.label} value={i}>
                {c.label}
              </option>
            ))}
          </select>
        </label>
        <button type="button" disabled={busy || !picked} onClick={() => picked && void model.push(picked.socket, picked.code)}>
          Push
        </button>
      </div>
    </section>
  );
}
