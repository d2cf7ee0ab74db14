import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import type { ConsoleModel } from '../model/console.ts';

/** Apply a named scenario or a pasted one (this resets the session). */
export function Scenario({ model }: { model: ConsoleModel }) {
  useSignals();
  const [name, setName] = useState('');
  const [json, setJson] = useState('');
  const list = model.scenarios.value;
  const chosen = name || list[0]?.name || '';
  const busy = model.busy.value || model.selected.value === '';
  return (
    <section className="panel" aria-labelledby="scenario-title">
      <h2 id="scenario-title">Scenario</h2>
      <div className="row">
        <label className="grow">
          <span className="label">Named scenario</span>
          <select value={chosen} onChange={(e) => setName(e.target.value)}>
            {list.map((s) => (
              <option key={s.name} value={s.name}>
                {s.name}
              </option>
            ))}
          </select>
        </label>
        <button type="button" disabled={busy || chosen === ''} onClick={() => void model.applyScenario({ name: chosen })}>
          Apply
        </button>
      </div>
      <p className="hint">{list.find((s) => s.name === chosen)?.description}</p>
      <label>
        <span className="label">Or paste a scenario (JSON)</span>
        <textarea rows={3} value={json} onChange={(e) => setJson(e.target.value)} placeholder='{"name": "mine", "game": {"queue": {"positions": [3, 2, 1]}}}' />
      </label>
      <button type="button" disabled={busy || json.trim() === ''} onClick={() => void model.applyScenario({ json })}>
        Apply pasted
      </button>
    </section>
  );
}
