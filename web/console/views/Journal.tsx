import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import type { JournalEntry, JournalKind } from '../../../mock-server/client/types.ts';
import type { ConsoleModel } from '../model/console.ts';
import { entryBody, entryLine, gapBefore, KINDS } from '../model/journal.ts';

/** Entries drawn at once (newest first); the filter narrows the rest. */
const SHOWN = 300;

/** The watched session's journal, live: newest first, filterable, each entry expandable to its body. */
export function Journal({ model }: { model: ConsoleModel }) {
  useSignals();
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const f = model.filter.value;
  const visible = model.visible.value;
  const shown = visible.slice(-SHOWN);
  const toggleKind = (k: JournalKind): void => {
    const kinds = new Set(f.kinds);
    if (kinds.has(k)) kinds.delete(k);
    else kinds.add(k);
    model.setFilter({ ...f, kinds });
  };
  const toggle = (seq: number): void => {
    const next = new Set(open);
    if (next.has(seq)) next.delete(seq);
    else next.add(seq);
    setOpen(next);
  };
  return (
    <section className="panel journal" aria-labelledby="journal-title">
      <h2 id="journal-title">
        Journal <span className="count">{visible.length} of {model.entries.value.length}</span>
      </h2>
      <div className="row wrap" role="group" aria-label="Kinds">
        {KINDS.map((k) => (
          <label key={k} className="chip">
            <input type="checkbox" checked={f.kinds.has(k)} onChange={() => toggleKind(k)} /> {k}
          </label>
        ))}
      </div>
      <label>
        <span className="label">Filter</span>
        <input type="search" value={f.text} onChange={(e) => model.setFilter({ ...f, text: e.target.value })} placeholder="path, message or body text" />
      </label>
      <ol className="entries" data-testid="journal">
        {shown
          .map((e, i) => <Entry key={`${e.seq}-${e.t}`} e={e} gap={gapBefore(shown, i)} open={open.has(e.seq)} onToggle={() => toggle(e.seq)} />)
          .reverse()}
        {visible.length === 0 && <li className="hint">No entries{model.entries.value.length > 0 ? ' match the filter' : ' yet'}.</li>}
      </ol>
    </section>
  );
}

function Entry({ e, gap, open, onToggle }: { e: JournalEntry; gap: number; open: boolean; onToggle: () => void }) {
  const bad = e.kind === 'http' && ((e.status ?? 200) >= 400 || e.status === 0 || (e.code !== undefined && e.code !== 1 && e.code !== 0));
  return (
    <li className={`entry entry--${e.kind}${bad ? ' entry--bad' : ''}`} data-kind={e.kind}>
      <button type="button" className="entry__head" aria-expanded={open} onClick={onToggle}>
        <span className="entry__seq">#{e.seq}</span>
        <span className="entry__kind">{e.kind}</span>
        {e.fault && <span className="entry__fault">fault: {e.fault}</span>}
        <span className="entry__line">{entryLine(e)}</span>
      </button>
      {open && <pre className="entry__body">{entryBody(e)}</pre>}
      {gap > 0 && <p className="hint">{gap} older entries dropped by the journal’s caps</p>}
    </li>
  );
}
