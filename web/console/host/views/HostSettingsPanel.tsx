import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState } from 'react';
import { BRIDGE_METHODS, type SafeArea } from '../../../api/contract/bridge.ts';
import type { SimulatedPlatform } from '../../../../mock-server/client/host-simulator.ts';
import type { HostModel } from '../model.ts';
import { DEFAULT_SAFE_AREA, MAX_INSET, MAX_VERSION } from '../settings.ts';

const PLATFORMS: { value: SimulatedPlatform; label: string }[] = [
  { value: 'android', label: 'Android' },
  { value: 'ios', label: 'iOS' },
  { value: 'none', label: 'No host' },
];

/**
 * A whole number that takes effect on Enter or on leaving the field: every change reloads the frame, so typing
 * "12" must not load it twice.
 */
function NumberField({ label, value, max, onCommit, disabled }: { label: string; value: number; max: number; onCommit(n: number): void; disabled?: boolean }) {
  const [text, setText] = useState(String(value));
  useEffect(() => setText(String(value)), [value]);
  const n = Number(text);
  const valid = text.trim() !== '' && Number.isInteger(n) && n >= 0 && n <= max;
  const commit = (): void => {
    if (valid && n !== value) onCommit(n);
    else if (!valid) setText(String(value));
  };
  return (
    <label>
      <span className="label">{label}</span>
      <input
        type="number"
        inputMode="numeric"
        min={0}
        max={max}
        value={text}
        disabled={disabled}
        aria-invalid={!valid}
        onChange={(e) => setText(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => e.key === 'Enter' && commit()}
      />
    </label>
  );
}

const SIDES: (keyof SafeArea)[] = ['top', 'right', 'bottom', 'left'];

/** Which host, and what it announces: every change reloads the frame with the new `window.cgHostInfo`. */
export function HostSettingsPanel({ model }: { model: HostModel }) {
  useSignals();
  const s = model.settings.value;
  const noHost = s.platform === 'none';
  const silent = noHost || !s.announce;
  const area = s.safeArea;
  return (
    <section className="panel" aria-labelledby="sim-host-title">
      <h2 id="sim-host-title">Host</h2>
      <div className="sim-segments" role="radiogroup" aria-label="Platform">
        {PLATFORMS.map((p) => (
          <label key={p.value} className={`sim-segment${s.platform === p.value ? ' sim-segment--on' : ''}`}>
            <input type="radio" name="sim-platform" value={p.value} checked={s.platform === p.value} onChange={() => model.update({ platform: p.value })} />
            {p.label}
          </label>
        ))}
      </div>
      <p className="hint">
        {noHost
          ? 'A plain browser: no transport and no announcement; the app falls back to the web platform.'
          : s.platform === 'android'
            ? 'Calls arrive through CGHostAndroid.postMessage(json).'
            : 'Calls arrive through webkit.messageHandlers.cgHost.postMessage(object).'}
      </p>
      <label className="check">
        <input type="checkbox" checked={s.phone} onChange={(e) => model.update({ phone: e.target.checked })} />
        Phone user agent (the app asks for landscape only on a phone)
      </label>
      <label className="check">
        <input type="checkbox" checked={s.announce} disabled={noHost} onChange={(e) => model.update({ announce: e.target.checked })} />
        Announce window.cgHostInfo
      </label>
      <fieldset className="sim-fieldset" disabled={silent}>
        <legend className="label">Capabilities (closeWebview works for any host)</legend>
        <div className="sim-caps">
          {BRIDGE_METHODS.map((m) => (
            <label key={m} className="check">
              <input
                type="checkbox"
                checked={s.capabilities.includes(m)}
                onChange={(e) => model.update({ capabilities: e.target.checked ? [...s.capabilities, m] : s.capabilities.filter((c) => c !== m) })}
              />
              <code>{m}</code>
            </label>
          ))}
        </div>
        <div className="grid2">
          <NumberField label="Protocol version" value={s.version} max={MAX_VERSION} disabled={silent} onCommit={(version) => model.update({ version })} />
          <label className="check">
            <input type="checkbox" checked={area !== null} onChange={(e) => model.update({ safeArea: e.target.checked ? DEFAULT_SAFE_AREA : null })} />
            Safe area
          </label>
        </div>
        {area && (
          <div className="sim-insets">
            {SIDES.map((side) => (
              <NumberField key={side} label={side} value={area[side]} max={MAX_INSET} onCommit={(n) => model.update({ safeArea: { ...area, [side]: n } })} />
            ))}
          </div>
        )}
      </fieldset>
    </section>
  );
}
