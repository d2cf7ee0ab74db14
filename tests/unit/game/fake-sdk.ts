/** A GameSdk the test drives like a stream: it logs the session's calls and lets the test play progress, events and drops. */
import type { DisplayGrade, StreamEventCode, StreamProgressValue } from '../../../web/api/contract.ts';
import type { GameSdk, Rumble, SdkListener, SdkSound, StreamTarget } from '../../../web/game/sdk.ts';
import type { StreamStats } from '../../../web/game/stream-stats.ts';

export interface FakeSdk extends GameSdk {
  log: string[];
  initResult: 'ok' | 'never' | Error;
  progress(value: StreamProgressValue): void;
  /** 30, 50, 80, 100. */
  stream(): void;
  event(code: StreamEventCode): void;
  disconnect(reason: 'lost' | 'ended' | 'failed', message?: string): void;
  /** The game asks for rumble. */
  vibrate(rumble: Rumble): void;
  /** What `stats()` answers next. */
  nextStats: StreamStats | null;
  statsCalls: number;
  target: StreamTarget | null;
  level: DisplayGrade | null;
  sensitivity: number | null;
  /** The last sound level the session set. */
  sound: SdkSound | null;
  /** The browser holds the sound back (true) or plays it (false). */
  soundBlocked(blocked: boolean): void;
  inputs: unknown[];
}

export function fakeSdk(): FakeSdk {
  const listeners = new Set<SdkListener>();
  let ready = false;
  const each = (fn: (l: SdkListener) => void): void => [...listeners].forEach(fn);
  const sdk: FakeSdk = {
    log: [],
    initResult: 'ok',
    target: null,
    level: null,
    sensitivity: null,
    sound: null,
    inputs: [],
    get ready() {
      return ready;
    },
    init() {
      sdk.log.push('init');
      const r = sdk.initResult;
      if (r === 'never') return new Promise<void>(() => undefined);
      if (r instanceof Error) return Promise.reject(r);
      ready = true;
      return Promise.resolve();
    },
    start(t) {
      sdk.log.push(`start ${t.sc_id}`);
      sdk.target = t;
    },
    pause() {
      sdk.log.push('pause');
    },
    resume() {
      sdk.log.push('resume');
    },
    reconnect(t) {
      sdk.log.push(`reconnect ${t.sc_id}`);
      sdk.target = t;
    },
    stop() {
      sdk.log.push('stop');
    },
    setServiceLevel(g) {
      sdk.level = g;
    },
    setMouseSensitivity(v) {
      sdk.sensitivity = v;
    },
    setSound(s) {
      sdk.sound = s;
    },
    unblockSound() {
      sdk.log.push('unblock sound');
    },
    sendGamepad(i) {
      sdk.inputs.push(i);
    },
    sendKey(key, down) {
      sdk.inputs.push({ key, down });
    },
    sendMouse(i) {
      sdk.inputs.push(i);
    },
    sendTouch(i) {
      sdk.inputs.push(i);
    },
    mount() {},
    unmount() {},
    subscribe(l) {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    destroy() {
      listeners.clear();
    },
    progress: (v) => each((l) => l.progress?.(v)),
    stream() {
      for (const v of [30, 50, 80, 100] as const) sdk.progress(v);
    },
    event: (code) => each((l) => l.event?.(code, '')),
    disconnect: (reason, message) => each((l) => l.disconnect?.(reason, message)),
    vibrate: (rumble) => each((l) => l.vibrate?.(rumble)),
    soundBlocked: (blocked) => each((l) => l.soundBlocked?.(blocked)),
    nextStats: null,
    statsCalls: 0,
    stats() {
      sdk.statsCalls++;
      return Promise.resolve(sdk.nextStats);
    },
  };
  return sdk;
}
