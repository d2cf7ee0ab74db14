import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import type { GameSession } from '../../../../game/index.ts';
import { Button } from '../../../../ui/Button.tsx';
import { formatClock } from '../../../../state/format.ts';
import { enterFullScreen, exitFullScreen } from './fullscreen.ts';
import { LayoutMenuRow } from './LayoutMenuRow.tsx';

const SavesPanel = lazy(() => import('./SavesPanel.tsx'));

const CLARITY_LABEL = { standard: 'Standard', hd: 'HD', ultra: 'Ultra', bluray: 'Blu-ray' } as const;

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="gm-row">
      <span className="gm-row__label">{label}</span>
      <div className="gm-row__body">{children}</div>
    </div>
  );
}

function Toggle({ label, on, onChange }: { label: string; on: boolean; onChange: (on: boolean) => void }) {
  return (
    <Row label={label}>
      <button type="button" role="switch" aria-checked={on} aria-label={label} className="gm-switch" onClick={() => onChange(!on)}>
        <span />
      </button>
    </Row>
  );
}

/** The in-game menu (a side sheet in landscape): clarity, hang-up, brightness, toggles, mouse, saves, quit. */
export default function GameMenu({ session, onClose }: { session: GameSession; onClose: () => void }) {
  useSignals();
  const [saves, setSaves] = useState(false);
  const s = session.settings.value;
  const clarity = session.clarity.value;
  const canVibrate = typeof navigator.vibrate === 'function';

  return (
    <div className="gm-backdrop" onClick={(e) => e.target === e.currentTarget && onClose()}>
      <aside className="gm" role="dialog" aria-modal="true" aria-label="Game menu">
        <header className="gm-head">
          <strong>{saves ? 'Saves' : 'Game menu'}</strong>
          <button type="button" className="gm-close" aria-label={saves ? 'Back to menu' : 'Close menu'} onClick={() => (saves ? setSaves(false) : onClose())}>
            ×
          </button>
        </header>
        <div className="gm-body">
          {saves ? (
            <Suspense fallback={<p className="muted">Loading saves…</p>}>
              <SavesPanel session={session} />
            </Suspense>
          ) : (
            <>
              <Row label="Clarity">
                <div className="gm-chips">
                  {session.clarityOptions.value.map((o) => (
                    <button
                      key={o.index}
                      type="button"
                      className="gm-chip"
                      aria-pressed={o.index === clarity}
                      disabled={!o.available}
                      onClick={() => void session.setClarity(o.index)}
                    >
                      {CLARITY_LABEL[o.name]}
                      {o.trial && <small> trial {formatClock(session.trialSecondsLeft.value)}</small>}
                      {!o.available && <small> members</small>}
                    </button>
                  ))}
                </div>
              </Row>
              <Row label="Hang-up time">
                <div className="gm-chips">
                  {session.hangOptions.value.map((h) => (
                    <button
                      key={h.duration}
                      type="button"
                      className="gm-chip"
                      aria-pressed={h.duration === session.hangupMinutes.value}
                      disabled={!h.available}
                      onClick={() => void session.setHangupDuration(h.duration)}
                    >
                      {h.duration} min{h.type === 2 && <small> members</small>}
                    </button>
                  ))}
                </div>
              </Row>
              <Row label={`Brightness ${s.brightness}`}>
                <input type="range" min={10} max={100} value={s.brightness} aria-label="Brightness" onChange={(e) => void session.updateSettings({ brightness: Number(e.target.value) })} />
              </Row>
              {canVibrate && <Toggle label="Vibration" on={s.vibrates === 1} onChange={(on) => void session.updateSettings({ vibrates: on ? 1 : 0 })} />}
              <Toggle label="Realtime info" on={s.realtime_info === 1} onChange={(on) => void session.updateSettings({ realtime_info: on ? 1 : 0 })} />
              <Toggle label="Keyboard" on={s.show_keyboard === 1} onChange={(on) => void session.updateSettings({ show_keyboard: on ? 1 : 0 })} />
              <Toggle
                label="Full screen"
                on={s.full_screen === 1}
                onChange={(on) => {
                  if (on) enterFullScreen();
                  else exitFullScreen();
                  void session.updateSettings({ full_screen: on ? 1 : 0 });
                }}
              />
              <Row label="Mouse mode">
                <div className="gm-chips">
                  {[
                    { v: 1, label: 'Touch' },
                    { v: 2, label: 'Touchpad' },
                  ].map((m) => (
                    <button key={m.v} type="button" className="gm-chip" aria-pressed={s.mouse_type === m.v} onClick={() => void session.updateSettings({ mouse_type: m.v })}>
                      {m.label}
                    </button>
                  ))}
                </div>
              </Row>
              <Row label={`Mouse sensitivity ${s.mouse_sensitivity}`}>
                <input type="range" min={0} max={100} value={s.mouse_sensitivity} aria-label="Mouse sensitivity" onChange={(e) => void session.setMouseSensitivity(Number(e.target.value))} />
              </Row>
              <LayoutMenuRow session={session} onEdit={onClose} />
              <div className="gm-actions">
                <Button variant="secondary" onClick={() => setSaves(true)}>
                  Saves
                </Button>
                <Button
                  variant="secondary"
                  className="gm-quit"
                  onClick={() => {
                    onClose();
                    session.openQuitDialog();
                  }}
                >
                  Quit game
                </Button>
              </div>
            </>
          )}
        </div>
      </aside>
    </div>
  );
}
