import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { OP_TYPE, type OpType } from '../../../../api/contract.ts';
import type { GameSession, ScreenControls } from '../../../../game/index.ts';
import { Button } from '../../../../ui/Button.tsx';
import { formatClock } from '../../../../state/format.ts';
import { enterFullScreen, exitFullScreen } from './fullscreen.ts';
import { LayoutMenuRow } from './LayoutMenuRow.tsx';
import { clarityLabels, clarityWords } from './clarity-words.ts';
import { messages, params } from '../../../../core/i18n/messages.ts';
import { useStore } from '../../../../ui/use-store.ts';

const SavesPanel = lazy(() => import('./SavesPanel.tsx'));

const msgs = messages('game/menu', {
  gamepad: 'Gamepad',
  keyboardMouse: 'Keyboard & mouse',
  touch: 'Touch',
  controls: 'Controls',
  setByGame: 'set by this game',
  gameMenu: 'Game menu',
  saves: 'Saves',
  backToMenu: 'Back to menu',
  closeMenu: 'Close menu',
  loadingSaves: 'Loading saves…',
  clarity: 'Clarity',
  trial: params(' trial {left}'),
  members: ' members',
  hangupTime: 'Hang-up time',
  minutes: params('{n} min'),
  brightness: 'Brightness',
  brightnessValue: params('Brightness {value}'),
  vibration: 'Vibration',
  sound: 'Sound',
  volume: 'Volume',
  volumeValue: params('Volume {value}'),
  realtimeInfo: 'Realtime info',
  keyboard: 'Keyboard',
  fullScreen: 'Full screen',
  mouseMode: 'Mouse mode',
  directTouch: 'Direct touch',
  touchpad: 'Touchpad',
  mouseSensitivity: 'Mouse sensitivity',
  mouseSensitivityValue: params('Mouse sensitivity {value}'),
  quitGame: 'Quit game',
});

type MenuTexts = ReturnType<typeof msgs.get>;

const opLabel = (t: MenuTexts): Record<OpType, string> => ({ [OP_TYPE.gamepad]: t.gamepad, [OP_TYPE.keyboard]: t.keyboardMouse, [OP_TYPE.touch]: t.touch });

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
  const t = useStore(msgs);
  const OP_LABEL = opLabel(t);
  const opType = session.opType.value;
  const opTypes = session.opTypes.value;
  return (
    <Row label={t.controls}>
      {opTypes.length > 1 ? (
        <div className="gm-chips" role="group" aria-label={t.controls}>
          {opTypes.map((o) => (
            <button key={o} type="button" className="gm-chip" aria-pressed={o === opType} onClick={() => void session.setOpType(o)}>
              {OP_LABEL[o]}
            </button>
          ))}
        </div>
      ) : (
        <p className="gm-fixed" data-testid="controls-fixed">
          {OP_LABEL[opType]} <small>{t.setByGame}</small>
        </p>
      )}
    </Row>
  );
}

/**
 * The in-game menu (a side sheet in landscape): controls, clarity, hang-up, brightness, sound, toggles, mouse, saves, quit.
 * `controls` is what the screen shows now (op-type.ts); `canRumble`: a pad with motors or a phone that vibrates is there.
 */
export default function GameMenu({ session, controls, canRumble, onClose }: { session: GameSession; controls: ScreenControls; canRumble: boolean; onClose: () => void }) {
  useSignals();
  const t = useStore(msgs);
  const CLARITY_LABEL = clarityLabels(useStore(clarityWords));
  const [saves, setSaves] = useState(false);
  const s = session.settings.value;
  const clarity = session.clarity.value;
  const relativeMouse = controls.stream === 'pointer-lock' || (controls.stream === 'touch' && s.mouse_type === 2);

  return (
    <div className="gm-backdrop" onClick={(e) => e.target === e.currentTarget && onClose()}>
      <aside className="gm" role="dialog" aria-modal="true" aria-label={t.gameMenu}>
        <header className="gm-head">
          <strong>{saves ? t.saves : t.gameMenu}</strong>
          <button type="button" className="gm-close" aria-label={saves ? t.backToMenu : t.closeMenu} onClick={() => (saves ? setSaves(false) : onClose())}>
            ×
          </button>
        </header>
        <div className="gm-body">
          {saves ? (
            <Suspense fallback={<p className="muted">{t.loadingSaves}</p>}>
              <SavesPanel session={session} />
            </Suspense>
          ) : (
            <>
              <ControlsRow session={session} />
              <Row label={t.clarity}>
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
                      {o.trial && <small>{t.trial({ left: formatClock(session.trialSecondsLeft.value) })}</small>}
                      {!o.available && <small>{t.members}</small>}
                    </button>
                  ))}
                </div>
              </Row>
              <Row label={t.hangupTime}>
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
                      {t.minutes({ n: h.duration })}
                      {h.type === 2 && <small>{t.members}</small>}
                    </button>
                  ))}
                </div>
              </Row>
              <Row label={t.brightnessValue({ value: s.brightness })}>
                <input type="range" min={10} max={100} value={s.brightness} aria-label={t.brightness} onChange={(e) => void session.updateSettings({ brightness: Number(e.target.value) })} />
              </Row>
              <Toggle label={t.sound} on={s.sound === 1} onChange={(on) => void session.updateSettings({ sound: on ? 1 : 0 })} />
              {s.sound === 1 && (
                <Row label={t.volumeValue({ value: s.volume })}>
                  <input type="range" min={0} max={100} value={s.volume} aria-label={t.volume} onChange={(e) => void session.updateSettings({ volume: Number(e.target.value) })} />
                </Row>
              )}
              {canRumble && <Toggle label={t.vibration} on={s.vibrates === 1} onChange={(on) => void session.updateSettings({ vibrates: on ? 1 : 0 })} />}
              <Toggle label={t.realtimeInfo} on={s.realtime_info === 1} onChange={(on) => void session.updateSettings({ realtime_info: on ? 1 : 0 })} />
              {controls.keyboardSwitch && (
                <Toggle label={t.keyboard} on={controls.overlay === 'keyboard'} onChange={(on) => void session.updateSettings({ show_keyboard: on ? 1 : 0 })} />
              )}
              <Toggle
                label={t.fullScreen}
                on={controls.fullScreen}
                onChange={(on) => {
                  if (on) enterFullScreen();
                  else exitFullScreen();
                  void session.updateSettings({ full_screen: on ? 1 : 0 });
                }}
              />
              {controls.stream === 'touch' && (
                <Row label={t.mouseMode}>
                  <div className="gm-chips">
                    {[
                      { v: 1, label: t.directTouch },
                      { v: 2, label: t.touchpad },
                    ].map((m) => (
                      <button key={m.v} type="button" className="gm-chip" aria-pressed={s.mouse_type === m.v} onClick={() => void session.updateSettings({ mouse_type: m.v })}>
                        {m.label}
                      </button>
                    ))}
                  </div>
                </Row>
              )}
              {relativeMouse && (
                <Row label={t.mouseSensitivityValue({ value: s.mouse_sensitivity })}>
                  <input type="range" min={0} max={100} value={s.mouse_sensitivity} aria-label={t.mouseSensitivity} onChange={(e) => void session.setMouseSensitivity(Number(e.target.value))} />
                </Row>
              )}
              {controls.overlay !== 'none' && <LayoutMenuRow session={session} opType={session.opType.value} onEdit={onClose} />}
              <div className="gm-actions">
                <Button variant="secondary" onClick={() => setSaves(true)}>
                  {t.saves}
                </Button>
                <Button
                  variant="secondary"
                  className="gm-quit"
                  onClick={() => {
                    onClose();
                    session.openQuitDialog();
                  }}
                >
                  {t.quitGame}
                </Button>
              </div>
            </>
          )}
        </div>
      </aside>
    </div>
  );
}
