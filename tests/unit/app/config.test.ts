import { describe, expect, it } from 'vitest';
import { runtimeConfigFromEnv } from '../../../build/config.ts';
import { loadRuntimeConfig, parseRuntimeConfig } from '../../../web/app/config.ts';
import { DEFAULT_RUNTIME_CONFIG } from '../../../web/api/contract.ts';

describe('runtime config.json (one build serves any backend)', () => {
  it('takes the bases it is given and adds a trailing slash', () => {
    expect(parseRuntimeConfig({ apiBase: 'https://api.example.com/v1', socketBase: 'wss://ws.example.com/' })).toEqual({
      apiBase: 'https://api.example.com/v1/',
      gameApiBase: DEFAULT_RUNTIME_CONFIG.gameApiBase,
      socketBase: 'wss://ws.example.com/',
      sdk: 'mock-webrtc',
      serviceWorker: true,
    });
  });

  it('switches the service worker off only on an explicit false (decision 0021), in the file or SERVICE_WORKER', () => {
    expect(parseRuntimeConfig({ serviceWorker: false }).serviceWorker).toBe(false);
    for (const value of [true, 'false', 0, null, undefined]) expect(parseRuntimeConfig({ serviceWorker: value }).serviceWorker).toBe(true);
    expect(runtimeConfigFromEnv({ SERVICE_WORKER: '0' }).serviceWorker).toBe(false);
    expect(runtimeConfigFromEnv({ SERVICE_WORKER: 'false' }).serviceWorker).toBe(false);
    expect(runtimeConfigFromEnv({ SERVICE_WORKER: '1' }).serviceWorker).toBe(true);
  });

  it('names the stream SDK adapter: mock-webrtc by default, any other name kept as given (trimmed, no slash added)', () => {
    expect(DEFAULT_RUNTIME_CONFIG.sdk).toBe('mock-webrtc');
    expect(parseRuntimeConfig({}).sdk).toBe('mock-webrtc');
    expect(parseRuntimeConfig({ sdk: ' vendor-x ' }).sdk).toBe('vendor-x');
    expect(parseRuntimeConfig({ sdk: '' }).sdk).toBe('mock-webrtc');
    expect(parseRuntimeConfig({ sdk: 7 }).sdk).toBe('mock-webrtc');
  });

  it('falls back to the same-origin defaults on a broken or missing file', async () => {
    expect(parseRuntimeConfig('nonsense')).toEqual(DEFAULT_RUNTIME_CONFIG);
    expect(parseRuntimeConfig({ apiBase: 42 })).toEqual(DEFAULT_RUNTIME_CONFIG);
    const failing = (async () => {
      throw new TypeError('network');
    }) as unknown as typeof fetch;
    await expect(loadRuntimeConfig(failing)).resolves.toEqual(DEFAULT_RUNTIME_CONFIG);
    const notFound = (async () => new Response('nope', { status: 404 })) as unknown as typeof fetch;
    await expect(loadRuntimeConfig(notFound)).resolves.toEqual(DEFAULT_RUNTIME_CONFIG);
  });

  it('the build writes every field from the environment, blank variables keeping the default (STREAM_SDK → sdk)', () => {
    expect(runtimeConfigFromEnv({})).toEqual(DEFAULT_RUNTIME_CONFIG);
    expect(runtimeConfigFromEnv({ STREAM_SDK: 'vendor-x', SOCKET_BASE: '  ', API_BASE: 'https://api.example.com/' })).toEqual({
      ...DEFAULT_RUNTIME_CONFIG,
      apiBase: 'https://api.example.com/',
      sdk: 'vendor-x',
    });
  });
});
