import { useSignals } from '@preact/signals-react/runtime';
import type { ConsoleModel } from '../model/console.ts';
import { Clock } from './Clock.tsx';
import { Faults } from './Faults.tsx';
import { Journal } from './Journal.tsx';
import { Push } from './Push.tsx';
import { Scenario } from './Scenario.tsx';
import { SessionBar } from './SessionBar.tsx';
import { Sessions } from './Sessions.tsx';
import { Stream } from './Stream.tsx';

const STATUS_TEXT = { connecting: 'Connecting…', open: 'Live', closed: 'Disconnected: retrying' } as const;

/** The QA console: sessions and controls beside the live journal (stacked on a phone). */
export function ConsoleApp({ model }: { model: ConsoleModel }) {
  useSignals();
  const status = model.status.value;
  const notice = model.notice.value;
  return (
    <div className="console">
      <header className="top">
        <h1>Mock console</h1>
        <span className="top__end">
          <a className="top__link" href="/__mock/host/">
            Host simulator
          </a>
          <span className={`status status--${status}`} role="status" data-testid="feed-status">
            {STATUS_TEXT[status]}
          </span>
        </span>
      </header>
      {notice && (
        <p className={`notice notice--${notice.kind}`} role={notice.kind === 'error' ? 'alert' : 'status'} data-testid="notice">
          {notice.text}
        </p>
      )}
      <div className="columns">
        <div className="side">
          <Sessions model={model} />
          <SessionBar model={model} />
          <Clock model={model} />
          <Faults model={model} />
          <Push model={model} />
          <Scenario model={model} />
          <Stream model={model} />
        </div>
        <Journal model={model} />
      </div>
    </div>
  );
}
