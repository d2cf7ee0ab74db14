/**
 * Device and app info built on the client (SPEC §3), and the persisted device
 * id every request carries. All browser objects are passed in so tests can
 * describe a phone, a tablet or a desktop without a browser.
 */
import { systemClock, type Clock } from './clock';
import { parseUserAgent, platformOf, systemLabel, type DeviceType } from './device-ua';
import { STORAGE_KEY } from './storage/keys';
import type { LocalStore } from './storage/local';

export type { DeviceType } from './device-ua';

export interface SafeAreaInsets {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

export interface DeviceEnv {
  navigator: { userAgent: string; language?: string; maxTouchPoints?: number };
  window: {
    innerWidth: number;
    innerHeight: number;
    devicePixelRatio?: number;
    matchMedia?: (query: string) => { matches: boolean };
  };
  screen: { width: number; height: number; orientation?: { type: string } };
  /** Used to measure CSS safe-area insets; omitted → zeros. */
  document?: Document;
  /** Overrides the CSS probe (the host app may know the insets better). */
  safeAreaInsets?: () => SafeAreaInsets;
  deviceId?: string;
}

export interface DeviceInfo {
  brand: string;
  model: string;
  platform: string;
  system: string;
  osName: string;
  osVersion: string;
  deviceId: string;
  deviceOrientation: 'portrait' | 'landscape';
  deviceType: DeviceType;
  devicePixelRatio: number;
  browserName: string;
  browserVersion: string;
  language: string;
  theme: 'light' | 'dark';
  screenWidth: number;
  screenHeight: number;
  windowWidth: number;
  windowHeight: number;
  safeAreaInsets: SafeAreaInsets;
}

/** Shortest screen side from which a touch device without UA hints counts as a tablet. */
export const PAD_MIN_SIDE = 600;

const ZERO_INSETS: SafeAreaInsets = { top: 0, right: 0, bottom: 0, left: 0 };

/** env() values only exist in computed styles, so a hidden element is measured. */
export function measureSafeArea(doc: Document | undefined): SafeAreaInsets {
  if (!doc?.body || !doc.defaultView) return { ...ZERO_INSETS };
  const probe = doc.createElement('div');
  probe.style.cssText =
    'position:fixed;visibility:hidden;pointer-events:none;' +
    'padding:env(safe-area-inset-top) env(safe-area-inset-right) env(safe-area-inset-bottom) env(safe-area-inset-left)';
  doc.body.appendChild(probe);
  const cs = doc.defaultView.getComputedStyle(probe);
  const px = (v: string): number => parseFloat(v) || 0;
  const insets = { top: px(cs.paddingTop), right: px(cs.paddingRight), bottom: px(cs.paddingBottom), left: px(cs.paddingLeft) };
  probe.remove();
  return insets;
}

function defaultEnv(): DeviceEnv {
  return { navigator: globalThis.navigator, window: globalThis.window, screen: globalThis.screen, document: globalThis.document };
}

export function getDeviceInfo(env: DeviceEnv = defaultEnv()): DeviceInfo {
  const touch = env.navigator.maxTouchPoints ?? 0;
  const ua = parseUserAgent(env.navigator.userAgent, touch);
  const { width: sw, height: sh } = env.screen;
  const ww = env.window.innerWidth;
  const wh = env.window.innerHeight;
  let deviceType: DeviceType = ua.deviceType ?? 'unknown';
  if (ua.deviceType === null && touch > 0) deviceType = Math.min(sw, sh) >= PAD_MIN_SIDE ? 'pad' : 'phone';
  const orientationType = env.screen.orientation?.type;
  const landscape = orientationType ? orientationType.startsWith('landscape') : ww > wh;
  return {
    brand: ua.brand,
    model: ua.model,
    platform: platformOf(ua.osName),
    system: systemLabel(ua.osName, ua.osVersion),
    osName: ua.osName,
    osVersion: ua.osVersion,
    deviceId: env.deviceId ?? '',
    deviceOrientation: landscape ? 'landscape' : 'portrait',
    deviceType,
    devicePixelRatio: env.window.devicePixelRatio ?? 1,
    browserName: ua.browserName,
    browserVersion: ua.browserVersion,
    language: env.navigator.language ?? '',
    theme: env.window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light',
    screenWidth: sw,
    screenHeight: sh,
    windowWidth: ww,
    windowHeight: wh,
    safeAreaInsets: env.safeAreaInsets ? env.safeAreaInsets() : measureSafeArea(env.document),
  };
}

/**
 * SPEC §3: a random id from the timestamp plus a random number, made once and
 * kept in local storage so the server sees one device across visits.
 */
export function getDeviceId(local: LocalStore, clock: Clock = systemClock, random: () => number = Math.random): string {
  const existing = local.getOr<unknown>(STORAGE_KEY.deviceId, null);
  if (typeof existing === 'string' && existing !== '') return existing;
  const id = `${clock.now()}${String(Math.floor(random() * 1e8)).padStart(8, '0')}`;
  try {
    local.set(STORAGE_KEY.deviceId, id);
  } catch {
    // Storage full or blocked: the id still serves this visit.
  }
  return id;
}
