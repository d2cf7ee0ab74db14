import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import { BRIDGE_METHODS } from '../../../api/contract/bridge.ts';
import type { HostModel } from '../model.ts';
import { turnedArea } from '../settings.ts';

export type FrameRef = { current: HTMLIFrameElement | null };

/** The phone the app is sized for (CSS pixels, portrait). */
export const PHONE_SIZE = { width: 390, height: 844 } as const;
/** Height kept below the stage: the orientation buttons and status line, and the panel's padding. */
const BELOW_STAGE = 118;
const MIN_HEIGHT = 240;
const BEZEL = 10;

/** The stage's width and the window's height, as they change. */
function useRoom(stage: RefObject<HTMLDivElement | null>): { width: number; height: number } {
  const [room, setRoom] = useState<{ width: number; height: number }>({ width: PHONE_SIZE.width, height: PHONE_SIZE.height });
  useEffect(() => {
    const el = stage.current;
    if (!el) return undefined;
    // From the stage's place on the page, not the window's scroll: the phone fits the first screen, wherever it sits.
    const measure = (): void =>
      setRoom({ width: el.clientWidth, height: Math.max(MIN_HEIGHT, window.innerHeight - (el.getBoundingClientRect().top + window.scrollY) - BELOW_STAGE) });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    window.addEventListener('resize', measure);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [stage]);
  return room;
}

const PLATFORM_NAMES = { android: 'Android', ios: 'iOS', none: 'No host' } as const;

/** The app in a phone-sized frame, scaled to fit, turned as the host turns it. */
export function PhoneStage({ model, frameRef }: { model: HostModel; frameRef: FrameRef }) {
  useSignals();
  const stage = useRef<HTMLDivElement | null>(null);
  const room = useRoom(stage);
  // The frame's first address only: later ones go through model.go, never through a changed src that would reload it.
  const [src] = useState(() => model.address.value);
  const [typed, setTyped] = useState<string | null>(null);
  const s = model.settings.value;
  const orientation = model.orientation.value;
  const landscape = orientation === 'landscape';
  const size = landscape ? { width: PHONE_SIZE.height, height: PHONE_SIZE.width } : PHONE_SIZE;
  // The bezel (margin and shadow) takes BEZEL on each side.
  const scale = Math.max(0.1, Math.min(1, (room.width - 2 * BEZEL) / size.width, (room.height - 2 * BEZEL) / size.height));
  const pulse = model.pulse.value;
  const area = s.safeArea && s.platform !== 'none' && s.announce ? turnedArea(s.safeArea, orientation) : null;
  const net = model.network.value;

  const onLoad = (): void => {
    try {
      const w = frameRef.current?.contentWindow;
      if (!w) return;
      const seen = (): void => model.navigated(`${w.location.pathname}${w.location.search}${w.location.hash}`);
      seen();
      // The app's router announces its own navigations (wouter: "pushState", "replaceState"), the browser the rest.
      for (const type of ['pushState', 'replaceState', 'popstate', 'hashchange']) w.addEventListener(type, seen);
    } catch {
      model.navigated('(another site)');
    }
  };
  const go = (e: FormEvent): void => {
    e.preventDefault();
    if (typed !== null) model.go(typed);
    setTyped(null);
  };

  return (
    <section className="panel sim-stage-panel" aria-label="Phone">
      <form className="row sim-toolbar" onSubmit={go}>
        <input
          className="grow"
          value={typed ?? model.address.value}
          onChange={(e) => setTyped(e.target.value)}
          onBlur={() => typed === '' && setTyped(null)}
          aria-label="Address"
          spellCheck={false}
        />
        <button type="submit">Go</button>
        <button type="button" className="sim-choice" onClick={() => (model.closed.value ? model.reopen() : model.go(model.address.value))}>
          Reload
        </button>
      </form>
      <div className="sim-stage" ref={stage}>
        <div
          className={`sim-phone sim-phone--${orientation}`}
          style={{ width: size.width * scale, height: size.height * scale }}
          data-testid="sim-phone"
          data-orientation={orientation}
          data-pulses={pulse.count}
        >
          <iframe
            ref={(el) => {
              frameRef.current = el;
            }}
            title="The app"
            src={src}
            onLoad={onLoad}
            style={{ width: size.width, height: size.height, transform: `scale(${scale})` }}
          />
          {area && (
            <div className="sim-insets-overlay" aria-hidden="true">
              <i style={{ top: 0, left: 0, right: 0, height: area.top * scale }} />
              <i style={{ bottom: 0, left: 0, right: 0, height: area.bottom * scale }} />
              <i style={{ top: 0, bottom: 0, left: 0, width: area.left * scale }} />
              <i style={{ top: 0, bottom: 0, right: 0, width: area.right * scale }} />
            </div>
          )}
          {pulse.count > 0 && <div key={pulse.count} className="sim-pulse" style={{ animationDuration: `${pulse.ms}ms` }} aria-hidden="true" />}
          {model.closed.value && (
            <div className="sim-closed" role="status">
              <p>The app closed the webview.</p>
              <button type="button" onClick={() => model.reopen()}>
                Open again
              </button>
            </div>
          )}
        </div>
      </div>
      <div className="row wrap sim-under">
        <div className="row" role="group" aria-label="Orientation">
          {(['portrait', 'landscape'] as const).map((o) => (
            <button key={o} type="button" className="sim-choice" aria-pressed={orientation === o} onClick={() => model.turn(o)}>
              {o === 'portrait' ? 'Portrait' : 'Landscape'}
            </button>
          ))}
        </div>
        <p className="hint sim-status" data-testid="sim-status">
          {PLATFORM_NAMES[s.platform]}
          {s.platform !== 'none' &&
            (s.announce ? ` · cgHostInfo v${s.version} · ${s.capabilities.length} of ${BRIDGE_METHODS.length} methods` : ' · announces nothing')}
          {` · ${net.isConnected ? net.networkType : 'offline'}`}
          {model.paused.value ? ' · paused' : ''}
          {` · ${Math.round(scale * 100)} %`}
        </p>
      </div>
    </section>
  );
}
