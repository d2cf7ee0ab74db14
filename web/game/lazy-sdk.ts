/**
 * A GameSdk that loads the real one on its first `init` (SPEC §4 "Start":
 * the SDK is initialised after get_token, inside SDK_INIT_WAIT_MS), so the
 * session can be built at app start without the adapter's code. A load that
 * fails (an unknown adapter name, a chunk that did not arrive) is an `init`
 * that fails: the session ends with its message on the game screen, and the
 * next start tries the load again.
 *
 * Before the load only what the session may call then is kept: listeners,
 * the element the picture goes to and the sound's level. Stream calls before `init` resolved are
 * dropped (the session makes none but `stop` on an ending).
 */
import { createSdkListeners, type GameSdk, type SdkSound } from './sdk.ts';

export function createLazySdk(load: () => Promise<GameSdk>, log: (msg: string) => void = () => undefined): GameSdk {
  const listeners = createSdkListeners((m) => log(`sdk: ${m}`));
  let inner: GameSdk | null = null;
  let loading: Promise<GameSdk> | null = null;
  let mounted: HTMLElement | null = null;
  let sound: SdkSound | null = null;
  let destroyed = false;

  function adopt(sdk: GameSdk): GameSdk {
    if (destroyed) {
      sdk.destroy();
      throw new Error('the game screen closed while the stream SDK loaded');
    }
    inner = sdk;
    sdk.subscribe({ progress: listeners.progress, event: listeners.event, disconnect: listeners.disconnect, vibrate: listeners.vibrate, soundBlocked: listeners.soundBlocked });
    if (mounted) sdk.mount(mounted);
    if (sound) sdk.setSound(sound);
    return sdk;
  }

  function loaded(): Promise<GameSdk> {
    if (inner) return Promise.resolve(inner);
    loading ??= load().then(adopt, (e: unknown) => {
      loading = null;
      throw e;
    });
    return loading;
  }

  return {
    get ready() {
      return inner?.ready ?? false;
    },
    async init(opts) {
      const sdk = await loaded();
      await sdk.init(opts);
    },
    start: (target) => inner?.start(target),
    pause: () => inner?.pause(),
    resume: () => inner?.resume(),
    reconnect: (target) => inner?.reconnect(target),
    stop: () => inner?.stop(),
    setServiceLevel: (grade) => inner?.setServiceLevel(grade),
    setMouseSensitivity: (value) => inner?.setMouseSensitivity(value),
    // Kept before the load too: the session sets it as soon as the game's settings are read.
    setSound(s) {
      sound = s;
      inner?.setSound(s);
    },
    unblockSound: () => inner?.unblockSound(),
    sendGamepad: (input) => inner?.sendGamepad(input),
    sendKey: (key, down) => inner?.sendKey(key, down),
    sendMouse: (input) => inner?.sendMouse(input),
    sendTouch: (input) => inner?.sendTouch(input),
    mount(el) {
      mounted = el;
      inner?.mount(el);
    },
    unmount() {
      mounted = null;
      inner?.unmount();
    },
    subscribe: listeners.subscribe,
    stats: () => inner?.stats() ?? Promise.resolve(null),
    destroy() {
      destroyed = true;
      inner?.destroy();
      inner = null;
      listeners.clear();
      mounted = null;
    },
  };
}
