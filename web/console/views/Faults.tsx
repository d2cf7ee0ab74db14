import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import type { ConsoleModel } from '../model/console.ts';
import { EMPTY_FAULT_FORM, faultFromForm, type FaultEffect, type FaultForm } from '../model/fault-form.ts';

const EFFECTS: readonly FaultEffect[] = ['status', 'body', 'delay', 'drop', 'malformed'];
const METHODS = ['', 'GET', 'POST'];

/** Add a fault with a form; see the pending ones (what is left of each) and the requests that used one. */
export function Faults({ model }: { model: ConsoleModel }) {
  useSignals();
  const [form, setForm] = useState<FaultForm>(EMPTY_FAULT_FORM);
  const [problem, setProblem] = useState('');
  const set = (patch: Partial<FaultForm>): void => setForm({ ...form, ...patch });
  const pending = model.summary.value?.faults ?? [];
  const used = model.faultsUsed.value.slice(0, 20);
  const busy = model.busy.value || model.selected.value === '';
  return (
    <section className="panel" aria-labelledby="faults-title">
      <h2 id="faults-title">Faults</h2>
      <form
        className="grid2"
        aria-label="Add a fault"
        onSubmit={(e) => {
          e.preventDefault();
          const r = faultFromForm(form);
          if ('error' in r) return setProblem(r.error);
          setProblem('');
          void model.addFault(r.fault);
        }}
      >
        <label className="span2">
          <span className="label">Match path</span>
          <input value={form.path} onChange={(e) => set({ path: e.target.value })} placeholder="user/send_code (empty: every request)" />
        </label>
        <label>
          <span className="label">Method</span>
          <select value={form.method} onChange={(e) => set({ method: e.target.value })}>
            {METHODS.map((m) => (
              <option key={m} value={m}>
                {m || 'any'}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span className="label">Count</span>
          <input inputMode="numeric" value={form.count} onChange={(e) => set({ count: e.target.value })} />
        </label>
        <label className="span2">
          <span className="label">Effect</span>
          <select value={form.effect} onChange={(e) => set({ effect: e.target.value as FaultEffect })}>
            {EFFECTS.map((x) => (
              <option key={x} value={x}>
                {x}
              </option>
            ))}
          </select>
        </label>
        {form.effect === 'status' && (
          <label className="span2">
            <span className="label">HTTP status</span>
            <input inputMode="numeric" value={form.status} onChange={(e) => set({ status: e.target.value })} />
          </label>
        )}
        {form.effect === 'body' && (
          <label className="span2">
            <span className="label">Body (JSON or text)</span>
            <textarea rows={3} value={form.body} onChange={(e) => set({ body: e.target.value })} />
          </label>
        )}
        {form.effect === 'delay' && (
          <label className="span2">
            <span className="label">Delay (ms, session clock)</span>
            <input inputMode="numeric" value={form.delayMs} onChange={(e) => set({ delayMs: e.target.value })} />
          </label>
        )}
        {problem && (
          <p className="error span2" role="alert">
            {problem}
          </p>
        )}
        <div className="row span2">
          <button type="submit" disabled={busy}>
            Add fault
          </button>
          <button type="button" disabled={busy || pending.length === 0} onClick={() => void model.clearFaults()}>
            Drop pending
          </button>
        </div>
      </form>
      <h3>Pending</h3>
      <ul className="list" data-testid="faults-pending">
        {pending.map((f, i) => (
          <li key={i}>
            <code>{f.match.method ?? 'any'} {f.match.path ?? '(every request)'}</code> · {describe(f)} · {f.remaining} of {f.count} left
          </li>
        ))}
        {pending.length === 0 && <li className="hint">None.</li>}
      </ul>
      <h3>Used</h3>
      <ul className="list" data-testid="faults-used">
        {used.map((e) => (
          <li key={e.seq}>
            #{e.seq} <code>{e.method} {e.path}</code> · {e.fault}
          </li>
        ))}
        {used.length === 0 && <li className="hint">None in the journal.</li>}
      </ul>
    </section>
  );
}

function describe(f: { status?: number; body?: unknown; delayMs?: number; drop?: boolean; malformed?: boolean }): string {
  const parts: string[] = [];
  if (f.status !== undefined) parts.push(`status ${f.status}`);
  if (f.body !== undefined) parts.push('body');
  if (f.delayMs !== undefined) parts.push(`delay ${f.delayMs} ms`);
  if (f.drop) parts.push('drop');
  if (f.malformed) parts.push('malformed');
  return parts.join(' + ');
}
