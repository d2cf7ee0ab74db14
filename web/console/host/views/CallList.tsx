import { useSignals } from '@preact/signals-react/runtime';
import type { HostModel } from '../model.ts';
import { timeText } from '../log.ts';

/** The app's calls and the host's events, newest first. */
export function CallList({ model }: { model: HostModel }) {
  useSignals();
  const rows = model.rows.value;
  const calls = rows.filter((r) => r.dir === 'call').length;
  return (
    <section className="panel sim-calls" aria-labelledby="sim-calls-title">
      <h2 id="sim-calls-title">
        Calls <span className="count">{calls} from the app, {rows.length - calls} sent</span>
        <button type="button" className="sim-small" disabled={rows.length === 0} onClick={() => model.clear()}>
          Clear
        </button>
      </h2>
      {rows.length === 0 ? (
        <p className="hint">The app’s calls to the host appear here as it makes them, newest first.</p>
      ) : (
        <ol className="entries" data-testid="sim-calls" reversed>
          {rows.map((r) => (
            <li key={r.id} className={`sim-row sim-row--${r.dir}${r.flag ? ' sim-row--flag' : ''}`} data-dir={r.dir} data-name={r.name}>
              <span className="entry__seq">{timeText(r.at)}</span>
              <span className="entry__kind">{r.dir === 'call' ? 'app → host' : 'host → app'}</span>
              <strong className="sim-row__name">{r.name}</strong>
              {r.flag && <span className="entry__fault">{r.flag}</span>}
              {r.detail !== undefined && <code className="entry__line">{r.detail}</code>}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
