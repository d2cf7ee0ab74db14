/**
 * What the device is (SPEC §3): device and app info built on the client, and
 * the model play_game sends. All browser objects are passed in so tests can
 * describe a phone, a tablet or a desktop without a browser. Only the game
 * session imports this (lazily), so the user agent parser is not in home's
 * first load; the persisted device id every request carries is device-id.ts.
 */
import { systemClock, type Clock, type TimerId } from './clock.ts';
import { parseUserAgent, platformOf, systemLabel, type DeviceType } from './device-ua.ts';

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

/** The part of `navigator.userAgentData` (User-Agent Client Hints, Chromium only) the device model needs. */
export interface UaDataLike {
  /** Low entropy: "Android", "Windows", "macOS", … */
  platform?: string;
  getHighEntropyValues?(hints: string[]): Promise<{ model?: string }>;
}

export interface ModelEnv {
  userAgent: string;
  maxTouchPoints?: number;
  userAgentData?: UaDataLike;
}

/** How long the client hints may take before the user agent's answer is used. */
export const UA_HINTS_WAIT_MS = 1000;

/**
 * play_game's `model_name` (SPEC §3 device model): the model the client hints
 * give where the browser has them (Chrome's reduced user agent no longer
 * names the phone), else the one the user agent names, else the platform's
 * name; never empty. Only the model is asked for: nothing else high-entropy
 * is sent anywhere.
 */
export async function getDeviceModel(env: ModelEnv = globalThis.navigator, clock: Clock = systemClock, waitMs = UA_HINTS_WAIT_MS): Promise<string> {
  const ua = parseUserAgent(env.userAgent, env.maxTouchPoints ?? 0);
  const hinted = await hintedModel(env.userAgentData, clock, waitMs);
  return hinted || ua.model || env.userAgentData?.platform?.trim() || platformOf(ua.osName);
}

/** The client hints' model, '' when there are none, they are refused (permissions policy) or they do not come in time. */
async function hintedModel(data: UaDataLike | undefined, clock: Clock, waitMs: number): Promise<string> {
  if (typeof data?.getHighEntropyValues !== 'function') return '';
  let timer: TimerId | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = clock.setTimeout(() => resolve(undefined), waitMs);
  });
  try {
    const values = await Promise.race([data.getHighEntropyValues(['model']), late]);
    return values?.model?.trim() ?? '';
  } catch {
    return '';
  } finally {
    clock.clearTimeout(timer);
  }
}
