import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { OP_TYPE, type OpType } from '../../../../api/contract.ts';
import type { GameSession, ScreenControls } from '../../../../game/index.ts';
import { Button } from '../../../../ui/Button.tsx';
import { formatClock } from '../../../../state/format.ts';
import { enterFullScreen, exitFullScreen } from './fullscreen.ts';
import { LayoutMenuRow } from './LayoutMenuRow.tsx';

const SavesPanel = lazy(() => import('./SavesPanel.tsx'));

const CLARITY_LABEL = { standard: 'Standard', hd: 'HD', ultra: 'Ultra', bluray: 'Blu-ray' } as const;
const OP_LABEL: Record<OpType, string> = { [OP_TYPE.gamepad]: 'Gamepad', [OP_TYPE.keyboard]: 'Keyboard & mouse', [OP_TYPE.touch]: 'Touch' };

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

/** The op type in force: a chip per mode the game lets the player switch to, or the one it is kept on (decision 0007). */
function ControlsRow({ session }: { session: GameSession }) {
  useSignals();
  const opType = session.opType.value;
  const opTypes = session.opTypes.value;
  return (
    <Row label="Controls">
      {opTypes.length > 1 ? (
        <div className="gm-chips" role="group" aria-label="Controls">
          {opTypes.map((t) => (
            <button key={t} type="button" className="gm-chip" aria-pressed={t === opType} onClick={() => void session.setOpType(t)}>
              {OP_LABEL[t]}
            </button>
          ))}
        </div>
      ) : (
        <p className="gm-fixed" data-testid="controls-fixed">
          {OP_LABEL[opType]} <small>set by this game</small>
        </p>
      )}
    </Row>
  );
}

/**
 * The in-game menu (a side sheet in landscape): controls, clarity, hang-up, brightness, toggles, mouse, saves, quit.
 * `controls` is what the screen shows now (op-type.ts); `canRumble`: a pad with motors or a phone that vibrates is there.
 */
export default function GameMenu({ session, controls, canRumble, onClose }: { session: GameSession; controls: ScreenControls; canRumble: boolean; onClose: () => void }) {
  useSignals();
  const [saves, setSaves] = useState(false);
  const s = session.settings.value;
  const clarity = session.clarity.value;
  const relativeMouse = controls.stream === 'pointer-lock' || (controls.stream === 'touch' && s.mouse_type === 2);

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
              <ControlsRow session={session} />
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
              {canRumble && <Toggle label="Vibration" on={s.vibrates === 1} onChange={(on) => void session.updateSettings({ vibrates: on ? 1 : 0 })} />}
              <Toggle label="Realtime info" on={s.realtime_info === 1} onChange={(on) => void session.updateSettings({ realtime_info: on ? 1 : 0 })} />
              {controls.keyboardSwitch && (
                <Toggle label="Keyboard" on={controls.overlay === 'keyboard'} onChange={(on) => void session.updateSettings({ show_keyboard: on ? 1 : 0 })} />
              )}
              <Toggle
                label="Full screen"
                on={controls.fullScreen}
                onChange={(on) => {
                  if (on) enterFullScreen();
                  else exitFullScreen();
                  void session.updateSettings({ full_screen: on ? 1 : 0 });
                }}
              />
              {controls.stream === 'touch' && (
                <Row label="Mouse mode">
                  <div className="gm-chips">
                    {[
                      { v: 1, label: 'Direct touch' },
                      { v: 2, label: 'Touchpad' },
                    ].map((m) => (
                      <button key={m.v} type="button" className="gm-chip" aria-pressed={s.mouse_type === m.v} onClick={() => void session.updateSettings({ mouse_type: m.v })}>
                        {m.label}
                      </button>
                    ))}
                  </div>
                </Row>
              )}
              {relativeMouse && (
                <Row label={`Mouse sensitivity ${s.mouse_sensitivity}`}>
                  <input type="range" min={0} max={100} value={s.mouse_sensitivity} aria-label="Mouse sensitivity" onChange={(e) => void session.setMouseSensitivity(Number(e.target.value))} />
                </Row>
              )}
              {controls.overlay !== 'none' && <LayoutMenuRow session={session} opType={session.opType.value} onEdit={onClose} />}
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
