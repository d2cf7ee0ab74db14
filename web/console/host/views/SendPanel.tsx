import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import { PAY_RESULTS } from '../../../api/contract/bridge.ts';
import { LANGUAGES, NETWORKS, type HostModel, type NetworkChoice } from '../model.ts';

const NETWORK_LABELS: Record<NetworkChoice, string> = { wifi: 'Wi-Fi', '4g': '4G', offline: 'Offline' };
const PAY_LABELS = { success: 'Paid', cancel: 'Cancelled', fail: 'Failed' } as const;

/** What the host tells the app: its back, the network, going to the background and back, its language, the cashier. */
export function SendPanel({ model }: { model: HostModel }) {
  useSignals();
  const [raw, setRaw] = useState('{"event": "network", "data": {"isConnected": true, "networkType": "5g"}}');
  const noHost = model.settings.value.platform === 'none';
  const net = model.network.value;
  const paused = model.paused.value;
  const order = model.lastPay.value;
  const language = model.language.value;
  return (
    <section className="panel" aria-labelledby="sim-send-title">
      <h2 id="sim-send-title">Send to the app</h2>
      {noHost && <p className="hint">No host is simulated: pick Android or iOS to send events.</p>}
      <fieldset className="sim-fieldset" disabled={noHost}>
        <div className="row wrap">
          <button type="button" className="sim-choice" onClick={() => model.send('back')}>
            Back
          </button>
          <button type="button" className="sim-choice" aria-pressed={paused} onClick={() => model.send('pause')}>
            Pause
          </button>
          <button type="button" className="sim-choice" aria-pressed={!paused} onClick={() => model.send('resume')}>
            Resume
          </button>
        </div>
        <h3>Network</h3>
        <div className="row wrap" role="group" aria-label="Network">
          {(Object.keys(NETWORKS) as NetworkChoice[]).map((n) => (
            <button
              key={n}
              type="button"
              className="sim-choice"
              aria-pressed={NETWORKS[n].networkType === net.networkType && NETWORKS[n].isConnected === net.isConnected}
              onClick={() => model.setNetwork(n)}
            >
              {NETWORK_LABELS[n]}
            </button>
          ))}
        </div>
        <h3>Language</h3>
        <div className="row wrap" role="group" aria-label="Language">
          {LANGUAGES.map((tag) => (
            <button key={tag} type="button" className="sim-choice" aria-pressed={language === tag} onClick={() => model.send('language', tag)}>
              {tag}
            </button>
          ))}
        </div>
        <h3>Payment</h3>
        <p className="hint" data-testid="sim-pay-order">
          {order ? (
            <>
              Answers the app’s last <code>pay</code>: order <code>{order}</code>
            </>
          ) : (
            'Waiting for the app to call pay.'
          )}
        </p>
        <div className="row wrap" role="group" aria-label="Payment answer">
          {PAY_RESULTS.map((status) => (
            <button key={status} type="button" className="sim-choice" disabled={order === null} onClick={() => model.answerPay(status)}>
              {PAY_LABELS[status]}
            </button>
          ))}
        </div>
        <h3>Anything else</h3>
        <label>
          <span className="label">Raw message (sent as typed, to window.cgBridgeReceive)</span>
          <textarea rows={3} value={raw} onChange={(e) => setRaw(e.target.value)} spellCheck={false} />
        </label>
        <div className="row">
          <button type="button" disabled={raw.trim() === ''} onClick={() => model.sendRaw(raw)}>
            Send raw
          </button>
        </div>
      </fieldset>
    </section>
  );
}
