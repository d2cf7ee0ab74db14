import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import type { ConsoleModel } from '../model/console.ts';
import { formatRate } from '../model/figures.ts';

/** The session's streams, measured once a second by the mock, and its network conditions. */
export function Stream({ model }: { model: ConsoleModel }) {
  useSignals();
  const [latency, setLatency] = useState('0');
  const [bitrate, setBitrate] = useState('0');
  const [drop, setDrop] = useState('0');
  const [loss, setLoss] = useState('0');
  const [link, setLink] = useState('0');
  const [stall, setStall] = useState(false);
  const streams = model.streams.value;
  const net = model.network.value;
  const busy = model.busy.value || model.selected.value === '';
  return (
    <section className="panel" aria-labelledby="stream-title">
      <h2 id="stream-title">Stream</h2>
      {streams.length === 0 ? (
        <p className="hint">No game stream in this session.</p>
      ) : (
        <table className="figures">
          <thead>
            <tr><th>sc_id</th><th>status</th><th>fps</th><th>dropped/s</th><th>input/s</th><th>lost %</th><th>kbit/s</th></tr>
          </thead>
          <tbody>
            {streams.map((s) => (
              <tr key={s.sc_id}>
                <td>{s.sc_id}</td>
                <td>{s.status}</td>
                <td data-testid="stream-fps">{formatRate(s.fps)}</td>
                <td>{formatRate(s.droppedPerSecond)}</td>
                <td>{formatRate(s.inputsPerSecond, 1)}</td>
                <td title="packets towards the player the network path lost">{formatRate(s.lossPct, 1)}</td>
                <td title="the clarity's bitrate, and the network cap when set">{s.levelKbps}{s.capKbps > 0 ? ` (cap ${s.capKbps})` : ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {net && <p className="hint">In force: {net.latencyMs} ms latency, {net.bitrateKbps || 'no'} kbit/s cap, {net.dropPercent} % frames dropped, {net.lossPercent} % packets lost, {net.bandwidthKbps ? `a ${net.bandwidthKbps} kbit/s` : 'an unlimited'} link{net.stall ? ', stalled' : ''}.</p>}
      <form
        className="grid2"
        aria-label="Network conditions"
        onSubmit={(e) => {
          e.preventDefault();
          void model.setNetwork({ latencyMs: Number(latency) || 0, bitrateKbps: Number(bitrate) || 0, dropPercent: Number(drop) || 0, lossPercent: Number(loss) || 0, bandwidthKbps: Number(link) || 0, stall });
        }}
      >
        <label><span className="label">Latency ms</span><input inputMode="numeric" value={latency} onChange={(e) => setLatency(e.target.value)} /></label>
        <label><span className="label">Bitrate cap kbit/s</span><input inputMode="numeric" value={bitrate} onChange={(e) => setBitrate(e.target.value)} /></label>
        <label><span className="label">Drop frames %</span><input inputMode="numeric" value={drop} onChange={(e) => setDrop(e.target.value)} /></label>
        <label><span className="label">Lose packets %</span><input inputMode="numeric" value={loss} onChange={(e) => setLoss(e.target.value)} /></label>
        <label><span className="label">Link kbit/s</span><input inputMode="numeric" value={link} onChange={(e) => setLink(e.target.value)} /></label>
        <label className="check"><input type="checkbox" checked={stall} onChange={(e) => setStall(e.target.checked)} /> Stall</label>
        <div className="row span2">
          <button type="submit" disabled={busy}>Set network</button>
          <button type="button" disabled={busy} onClick={() => void model.setNetwork(null)}>Back to scenario</button>
        </div>
      </form>
    </section>
  );
}
