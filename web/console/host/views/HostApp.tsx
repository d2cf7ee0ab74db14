import { useSignals } from '@preact/signals-react/runtime';
import type { HostModel } from '../model.ts';
import { CallList } from './CallList.tsx';
import { HostSettingsPanel } from './HostSettingsPanel.tsx';
import { PhoneStage, type FrameRef } from './PhoneStage.tsx';
import { SendPanel } from './SendPanel.tsx';

/** The simulator: the host's settings and what it sends, the phone with the app, and the calls the app made. */
export function HostApp({ model, frameRef }: { model: HostModel; frameRef: FrameRef }) {
  useSignals();
  const notice = model.notice.value;
  return (
    <div className="console sim">
      <header className="top">
        <h1>Host simulator</h1>
        <a className="top__link" href="/__mock/">
          Mock console
        </a>
      </header>
      {/* Over the page, not in its flow: a notice must not move the phone the stage has just fitted. */}
      <div className="sim-toast" role="status" aria-live={notice?.kind === 'error' ? 'assertive' : 'polite'} data-testid="sim-notice">
        {notice && (
          <p className={`notice notice--${notice.kind}`}>
            <span>{notice.text}</span>
            <button type="button" className="sim-small" aria-label="Dismiss" onClick={() => model.dismiss()}>
              ×
            </button>
          </p>
        )}
      </div>
      <div className="sim-columns">
        <div className="sim-controls">
          <HostSettingsPanel model={model} />
          <SendPanel model={model} />
        </div>
        <PhoneStage model={model} frameRef={frameRef} />
        <CallList model={model} />
      </div>
    </div>
  );
}
