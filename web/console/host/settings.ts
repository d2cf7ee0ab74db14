/**
 * The simulated host's settings (docs/decisions/0020-host-simulator.md): which shell, what it announces, and the
 * announcement the framed app reads as `window.cgHostInfo`. Kept in the simulator's local storage, so a reload of
 * the simulator keeps QA's host; anything stored that does not check out is replaced by the defaults.
 */
import {
  BRIDGE_METHODS,
  BRIDGE_PROTOCOL_VERSION,
  type BridgeMethod,
  type HostInfo,
  type HostOrientation,
  type SafeArea,
} from '../../api/contract/bridge.ts';
import type { SimulatedPlatform } from '../../../mock-server/client/host-simulator.ts';

export interface HostSettings {
  platform: SimulatedPlatform;
  /** Whether the host defines `window.cgHostInfo` at all (false: a shell of before the announcement). */
  announce: boolean;
  capabilities: BridgeMethod[];
  version: number;
  /** The insets in portrait; null announces none. */
  safeArea: SafeArea | null;
  /** The framed app sees the platform's phone webview user agent (false: the browser's own). */
  phone: boolean;
}

/** What each platform's webview says it is: an Android System WebView, a WKWebView, a phone's Chrome for no host. */
export const PHONE_USER_AGENTS: Readonly<Record<SimulatedPlatform, string>> = {
  android: 'Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/AP2A.240805.005; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/126.0.6478.122 Mobile Safari/537.36',
  ios: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
  none: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
};

/** An iPhone's notch and home indicator, in CSS pixels: what "Safe area" starts with when ticked. */
export const DEFAULT_SAFE_AREA: SafeArea = { top: 47, right: 0, bottom: 34, left: 0 };

export const DEFAULT_SETTINGS: HostSettings = {
  platform: 'android',
  announce: true,
  capabilities: [...BRIDGE_METHODS],
  version: BRIDGE_PROTOCOL_VERSION,
  safeArea: null,
  phone: true,
};

/** Versions QA may announce: 0 and odd ones too, to see the app refuse a malformed announcement. */
export const MAX_VERSION = 999;
/** The largest inset the form takes (the app itself refuses more than 500). */
export const MAX_INSET = 999;

export const SETTINGS_KEY = 'cg-host-simulator';

const PLATFORMS: readonly SimulatedPlatform[] = ['android', 'ios', 'none'];
const isInset = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= MAX_INSET;

function checkArea(v: unknown): SafeArea | null {
  if (typeof v !== 'object' || v === null) return null;
  const { top, right, bottom, left } = v as Record<string, unknown>;
  return isInset(top) && isInset(right) && isInset(bottom) && isInset(left) ? { top, right, bottom, left } : null;
}

/** Settings from their stored JSON; the defaults for anything missing or malformed. */
export function readSettings(text: string | null): HostSettings {
  if (text === null) return DEFAULT_SETTINGS;
  let v: unknown;
  try {
    v = JSON.parse(text) as unknown;
  } catch {
    return DEFAULT_SETTINGS;
  }
  if (typeof v !== 'object' || v === null) return DEFAULT_SETTINGS;
  const r = v as Record<string, unknown>;
  const platform = PLATFORMS.find((p) => p === r['platform']) ?? DEFAULT_SETTINGS.platform;
  const caps = Array.isArray(r['capabilities']) ? BRIDGE_METHODS.filter((m) => (r['capabilities'] as unknown[]).includes(m)) : DEFAULT_SETTINGS.capabilities;
  const version = typeof r['version'] === 'number' && Number.isInteger(r['version']) && r['version'] >= 0 && r['version'] <= MAX_VERSION ? r['version'] : DEFAULT_SETTINGS.version;
  return {
    platform,
    announce: typeof r['announce'] === 'boolean' ? r['announce'] : true,
    capabilities: caps,
    version,
    safeArea: checkArea(r['safeArea']),
    phone: typeof r['phone'] === 'boolean' ? r['phone'] : true,
  };
}

/**
 * The insets once the phone is turned a quarter to the left (the way a phone is held to play): the notch's side is
 * on the left, the home indicator's on the right.
 */
export function turnedArea(a: SafeArea, orientation: HostOrientation): SafeArea {
  return orientation === 'portrait' ? a : { top: a.right, right: a.bottom, bottom: a.left, left: a.top };
}

/** `window.cgHostInfo` for these settings and this orientation; null when the host announces nothing. */
export function announcement(s: HostSettings, orientation: HostOrientation): HostInfo | null {
  if (s.platform === 'none' || !s.announce) return null;
  return {
    version: s.version,
    platform: s.platform,
    capabilities: [...s.capabilities],
    ...(s.safeArea ? { safeArea: turnedArea(s.safeArea, orientation) } : {}),
  };
}
