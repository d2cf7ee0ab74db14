import { describe, expect, it, vi } from 'vitest';
import { createManualClock } from '../../../web/core/clock';
import { getDeviceInfo, getDeviceModel, UA_HINTS_WAIT_MS, type DeviceEnv, type UaDataLike } from '../../../web/core/device.ts';
import { getDeviceId } from '../../../web/core/device-id.ts';
import { parseUserAgent } from '../../../web/core/device-ua';
import { createLocalStore } from '../../../web/core/storage/local';
import { createMemoryStorage } from '../../../web/core/storage/memory';

const UA = {
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1',
  ipad: 'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/119.0.6045.169 Mobile/15E148 Safari/604.1',
  ipadDesktop:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15',
  samsung:
    'Mozilla/5.0 (Linux; Android 13; SM-S908B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/23.0 Chrome/115.0.0.0 Mobile Safari/537.36',
  wechat:
    'Mozilla/5.0 (Linux; Android 12; Redmi Note 11 Build/SKQ1.211103.001; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/107.0.5304.141 Mobile Safari/537.36 XWEB/5023 MMWEBSDK/20230202 MicroMessenger/8.0.33.2320(0x2800213D) WeChat/arm64',
  androidTablet:
    'Mozilla/5.0 (Linux; Android 11; Lenovo TB-J606F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
  windowsEdge:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.2210.91',
  macFirefox: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10.15; rv:121.0) Gecko/20100101 Firefox/121.0',
  /** Chrome's reduced user agent: the model is the placeholder "K". */
  reducedAndroid: 'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
  odd: 'SomeBot/1.0',
};

function env(over: Partial<DeviceEnv> & { ua: string; touch?: number }): DeviceEnv {
  return {
    navigator: { userAgent: over.ua, language: 'zh-CN', maxTouchPoints: over.touch ?? 0 },
    window: { innerWidth: 390, innerHeight: 844, devicePixelRatio: 3, matchMedia: () => ({ matches: true }) },
    screen: { width: 390, height: 844 },
    safeAreaInsets: () => ({ top: 47, right: 0, bottom: 34, left: 0 }),
    deviceId: 'dev-1',
    ...over,
  };
}

describe('device info from the user agent (SPEC §3)', () => {
  it('reads an iPhone as ios/phone with brand, model, system and browser (SPEC §3)', () => {
    const info = getDeviceInfo(env({ ua: UA.iphone, touch: 5 }));
    expect(info).toMatchObject({
      brand: 'apple',
      model: 'iPhone',
      platform: 'ios',
      osName: 'ios',
      osVersion: '17.1.2',
      system: 'iOS 17.1.2',
      deviceType: 'phone',
      browserName: 'safari',
      browserVersion: '17.1',
    });
  });

  it.each([
    ['ipad', UA.ipad, 5, { osName: 'ios', deviceType: 'pad', browserName: 'chrome', model: 'iPad' }],
    ['iPad in desktop mode', UA.ipadDesktop, 5, { osName: 'ios', deviceType: 'pad', model: 'iPad' }],
    ['a real Mac', UA.ipadDesktop, 0, { osName: 'macos', platform: 'mac', deviceType: 'pc' }],
    ['samsung', UA.samsung, 5, { osName: 'android', osVersion: '13', brand: 'samsung', model: 'SM-S908B', deviceType: 'phone', browserName: 'samsung' }],
    ['wechat webview', UA.wechat, 5, { brand: 'xiaomi', model: 'Redmi Note 11', browserName: 'wechat', deviceType: 'phone' }],
    ['android tablet', UA.androidTablet, 5, { osName: 'android', deviceType: 'pad', browserName: 'chrome' }],
    ['windows edge', UA.windowsEdge, 0, { osName: 'windows', system: 'Windows 10', deviceType: 'pc', browserName: 'edge', browserVersion: '120.0.2210.91' }],
    ['mac firefox', UA.macFirefox, 0, { osName: 'macos', osVersion: '10.15', browserName: 'firefox', deviceType: 'pc' }],
  ] as const)('classifies %s (SPEC §3 deviceType phone/pad/pc)', (_name, ua, touch, expected) => {
    expect(getDeviceInfo(env({ ua, touch }))).toMatchObject(expected);
  });

  it('falls back to the screen size for an unknown touch device, else unknown (SPEC §3)', () => {
    expect(getDeviceInfo(env({ ua: UA.odd, touch: 0 })).deviceType).toBe('unknown');
    expect(getDeviceInfo(env({ ua: UA.odd, touch: 2 })).deviceType).toBe('phone');
    expect(getDeviceInfo(env({ ua: UA.odd, touch: 2, screen: { width: 800, height: 1280 } })).deviceType).toBe('pad');
    expect(parseUserAgent('').osName).toBe('unknown');
  });

  it('reports sizes, pixel ratio, language, theme, orientation, safe area and device id (SPEC §3)', () => {
    const info = getDeviceInfo(env({ ua: UA.iphone }));
    expect(info).toMatchObject({
      screenWidth: 390,
      screenHeight: 844,
      windowWidth: 390,
      windowHeight: 844,
      devicePixelRatio: 3,
      language: 'zh-CN',
      theme: 'dark',
      deviceOrientation: 'portrait',
      deviceId: 'dev-1',
      safeAreaInsets: { top: 47, right: 0, bottom: 34, left: 0 },
    });
    const wide = getDeviceInfo(env({ ua: UA.iphone, screen: { width: 390, height: 844, orientation: { type: 'landscape-primary' } } }));
    expect(wide.deviceOrientation).toBe('landscape');
    const light = getDeviceInfo(env({ ua: UA.iphone, window: { innerWidth: 900, innerHeight: 400 } }));
    expect(light).toMatchObject({ theme: 'light', deviceOrientation: 'landscape', devicePixelRatio: 1 });
  });

  it('measures safe-area insets through the document without crashing where env() is unsupported (SPEC §3)', () => {
    const { safeAreaInsets: _drop, ...rest } = env({ ua: UA.iphone });
    const info = getDeviceInfo({ ...rest, document });
    expect(info.safeAreaInsets).toEqual({ top: 0, right: 0, bottom: 0, left: 0 });
    expect(document.body.children).toHaveLength(0);
  });
});

describe('device id (SPEC §3)', () => {
  it('is made from the timestamp plus a random number and persisted (SPEC §3)', () => {
    const backend = createMemoryStorage();
    const local = createLocalStore(backend);
    const id = getDeviceId(local, createManualClock(1_700_000_000_000), () => 0.123456789);
    expect(id).toBe('170000000000012345678');
    expect(local.get('device_id')).toBe(id);
  });

  it('is created once and reused afterwards (SPEC §3)', () => {
    const local = createLocalStore(createMemoryStorage());
    const first = getDeviceId(local, createManualClock(1), () => 0.5);
    const second = getDeviceId(local, createManualClock(2), () => 0.9);
    expect(second).toBe(first);
  });

  it('replaces a corrupt stored id (SPEC §3)', () => {
    const local = createLocalStore(createMemoryStorage({ device_id: '{oops' }));
    expect(getDeviceId(local, createManualClock(5), () => 0)).toBe('500000000');
  });
});

describe('device model for play_game model_name (SPEC §3)', () => {
  const hints = (model: string | undefined, platform = 'Android'): UaDataLike => ({
    platform,
    getHighEntropyValues: async (asked) => {
      expect(asked).toEqual(['model']);
      return model === undefined ? {} : { model };
    },
  });

  it('prefers the client hints model where the browser has it', async () => {
    await expect(getDeviceModel({ userAgent: UA.reducedAndroid, userAgentData: hints('Pixel 8') })).resolves.toBe('Pixel 8');
    // The hints win over what the user agent says.
    await expect(getDeviceModel({ userAgent: UA.samsung, userAgentData: hints(' SM-S918B ') })).resolves.toBe('SM-S918B');
  });

  it('without hints, or with an empty or withheld model, takes the model the user agent names', async () => {
    await expect(getDeviceModel({ userAgent: UA.samsung })).resolves.toBe('SM-S908B');
    await expect(getDeviceModel({ userAgent: UA.iphone, maxTouchPoints: 5 })).resolves.toBe('iPhone');
    await expect(getDeviceModel({ userAgent: UA.windowsEdge, userAgentData: hints('', 'Windows') })).resolves.toBe('PC');
    await expect(getDeviceModel({ userAgent: UA.samsung, userAgentData: hints(undefined) })).resolves.toBe('SM-S908B');
  });

  it('never sends the reduced user agent placeholder "K": the platform name instead, never empty', async () => {
    expect(parseUserAgent(UA.reducedAndroid).model).toBe('');
    await expect(getDeviceModel({ userAgent: UA.reducedAndroid, userAgentData: { platform: 'Android' } })).resolves.toBe('Android');
    await expect(getDeviceModel({ userAgent: UA.reducedAndroid })).resolves.toBe('android');
    await expect(getDeviceModel({ userAgent: UA.odd })).resolves.toBe('other');
    await expect(getDeviceModel({ userAgent: '' })).resolves.toBe('other');
  });

  it('hints that are refused fall back to the user agent', async () => {
    const refused: UaDataLike = { platform: 'Android', getHighEntropyValues: () => Promise.reject(new DOMException('denied', 'NotAllowedError')) };
    await expect(getDeviceModel({ userAgent: UA.samsung, userAgentData: refused })).resolves.toBe('SM-S908B');
  });

  it('hints that never answer do not hold the game up: the user agent answers after UA_HINTS_WAIT_MS on the clock', async () => {
    const clock = createManualClock();
    const silent: UaDataLike = { platform: 'Android', getHighEntropyValues: () => new Promise(() => undefined) };
    let model: string | null = null;
    void getDeviceModel({ userAgent: UA.reducedAndroid, userAgentData: silent }, clock).then((m) => (model = m));
    clock.advance(UA_HINTS_WAIT_MS - 1);
    await Promise.resolve();
    expect(model).toBeNull();
    clock.advance(1);
    await vi.waitFor(() => expect(model).toBe('Android'));
  });
});

