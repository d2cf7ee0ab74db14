/**
 * The stream SDK is chosen by config.json's `sdk` (README "Pointing the static
 * build at another backend"), loaded when a game first needs a stream, and an
 * unknown name is an error on the game screen (the session ends with its
 * message), not a crash.
 */
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_RUNTIME_CONFIG } from '../../../web/api/contract.ts';
import { createManualClock } from '../../../web/core/clock.ts';
import { loadSdk, SDK_ADAPTERS, UnknownSdkError, type SdkAdapter, type SdkContext } from '../../../web/game/adapters.ts';
import { createLazySdk } from '../../../web/game/lazy-sdk.ts';
import type { GameSdk } from '../../../web/game/sdk.ts';
import type { StreamStats } from '../../../web/game/stream-stats.ts';
import { fakeSdk, flush, GAME, harness, playAnswer, type FakeSdk } from './fakes.ts';

const ctx = (): SdkContext => ({ clock: createManualClock(), socketBase: '/socket/', mockSession: 'qa1' });
/** The SDK an adapter in these tests loads. */
let inner: FakeSdk;

describe('stream SDK adapters', () => {
  it('config.json names the mock WebRTC SDK by default, and the build has it', () => {
    expect(DEFAULT_RUNTIME_CONFIG.sdk).toBe('mock-webrtc');
    expect([...SDK_ADAPTERS.keys()]).toContain(DEFAULT_RUNTIME_CONFIG.sdk);
  });

  it('a known name loads its adapter: "mock-webrtc" is the mock cloud SDK, not yet initialised', async () => {
    const sdk = await loadSdk('mock-webrtc', ctx());
    expect(sdk.ready).toBe(false);
    // The mock SDK's own surface (what the QA overlay reads) shows which adapter it is.
    expect(sdk).toMatchObject({ transport: null, target: null, framesPresented: 0 });
    sdk.destroy();
  });

  it('the adapter is given the app context', async () => {
    const made = fakeSdk();
    const adapter = vi.fn<SdkAdapter>(async () => made);
    const c = ctx();
    await expect(loadSdk('vendor-x', c, new Map([['vendor-x', adapter]]))).resolves.toBe(made);
    expect(adapter).toHaveBeenCalledWith(c);
  });

  it('an unknown name rejects with UnknownSdkError naming it and what the build has', async () => {
    const err = await loadSdk('vendor-y', ctx()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UnknownSdkError);
    expect(err).toMatchObject({ sdkName: 'vendor-y', name: 'UnknownSdkError' });
    expect((err as Error).message).toBe('The stream SDK "vendor-y" named in config.json is not part of this app (it has: mock-webrtc).');
    // Names of Object.prototype are not adapters.
    await expect(loadSdk('toString', ctx())).rejects.toBeInstanceOf(UnknownSdkError);
  });
});

describe('createLazySdk: the adapter loads on the first init', () => {
  function lazy(load: () => Promise<GameSdk> = async () => inner) {
    const loads = vi.fn(load);
    return { sdk: createLazySdk(loads), loads };
  }

  it('nothing loads until init; concurrent inits share one load; later inits do not load again', async () => {
    inner = fakeSdk();
    const { sdk, loads } = lazy();
    expect(loads).not.toHaveBeenCalled();
    expect(sdk.ready).toBe(false);
    await Promise.all([sdk.init({ timeoutMs: 1 }), sdk.init({ timeoutMs: 1 })]);
    await sdk.init({ timeoutMs: 1 });
    expect(loads).toHaveBeenCalledTimes(1);
    expect(inner.log).toEqual(['init', 'init', 'init']);
    expect(sdk.ready).toBe(true);
  });

  it('listeners and the element given before the load reach the loaded SDK; stream calls go through after it', async () => {
    inner = fakeSdk();
    const mount = vi.spyOn(inner, 'mount');
    const { sdk } = lazy();
    const heard: string[] = [];
    sdk.subscribe({
      progress: (v) => heard.push(`progress ${v}`),
      event: (c) => heard.push(`event ${c}`),
      disconnect: (r, m) => heard.push(`disconnect ${r} ${m}`),
      vibrate: (r) => heard.push(`vibrate ${r.durationMs}`),
    });
    const el = document.createElement('div');
    sdk.mount(el);
    sdk.start(playAnswer());
    await expect(sdk.stats()).resolves.toBeNull();
    expect(inner.log).toEqual([]);

    await sdk.init({ timeoutMs: 1 });
    expect(mount).toHaveBeenCalledWith(el);
    sdk.start(playAnswer());
    inner.progress(30);
    inner.event(43000);
    inner.vibrate({ durationMs: 200, strong: 1, weak: 0 });
    inner.disconnect('failed', 'why');
    expect(inner.log).toEqual(['init', 'start sc-1']);
    expect(heard).toEqual(['progress 30', 'event 43000', 'vibrate 200', 'disconnect failed why']);
    const figures = { at: 1, transport: 'socket' } as StreamStats;
    inner.nextStats = figures;
    await expect(sdk.stats()).resolves.toBe(figures);
  });

  it('a failed load fails init with its error, and the next init tries again', async () => {
    inner = fakeSdk();
    let fail = true;
    const { sdk, loads } = lazy(async () => {
      if (fail) throw new Error('chunk did not arrive');
      return inner;
    });
    await expect(sdk.init({ timeoutMs: 1 })).rejects.toThrow('chunk did not arrive');
    fail = false;
    await sdk.init({ timeoutMs: 1 });
    expect(loads).toHaveBeenCalledTimes(2);
    expect(sdk.ready).toBe(true);
  });

  it('destroyed while loading: the loaded SDK is destroyed at once and init fails', async () => {
    inner = fakeSdk();
    const destroy = vi.spyOn(inner, 'destroy');
    const { sdk } = lazy();
    const init = sdk.init({ timeoutMs: 1 });
    sdk.destroy();
    await expect(init).rejects.toThrow('closed');
    expect(destroy).toHaveBeenCalledTimes(1);
    expect(inner.log).toEqual([]);
  });
});

describe('the session with the configured SDK', () => {
  it('an unknown adapter name ends the start with a clear message on the game screen; play_game is never sent', async () => {
    const h = harness({ sdk: createLazySdk(() => loadSdk('vendor-z', ctx())) });
    expect(h.session.start(GAME)).toBe(true);
    await flush();
    await flush();
    expect(h.session.phase.value).toBe('ended');
    expect(h.session.end.value).toEqual({ reason: 'error', message: expect.stringContaining('"vendor-z"') });
    expect(h.api.names()).toEqual(['playgame', 'getToken']);
    expect(h.events).toEqual(['ended:error']);
  });

  it('a known adapter loads on start and the game plays through it', async () => {
    inner = fakeSdk();
    const h = harness({ sdk: createLazySdk(async () => inner) });
    h.session.start(GAME);
    await flush();
    inner.stream();
    await flush();
    expect(h.session.phase.value).toBe('playing');
    expect(inner.log).toEqual(['init', 'start sc-1']);
    expect(h.api.last('playGame')?.req).toMatchObject({ model_name: 'Pixel 8' });
  });
});
