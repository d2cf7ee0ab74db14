/**
 * Served as /__mock/host/inject.js and put first in the app's `<head>` by the mock when the simulator's cookie asks
 * for it (mock-server/console/host-inject.ts, docs/decisions/0020-host-simulator.md). A classic script, so it runs
 * before the app's module scripts on every load: it does what a shell does before the page starts, from the
 * simulator's settings, and only when this window is framed by the simulator on the same origin. Anywhere else (the
 * app in a tab of its own with the cookie still set, a frame inside the app) it does nothing.
 */
import { HOST_SIM_GLOBAL, HOST_SIM_PATH, type HostSimulatorLink } from '../../../mock-server/client/host-simulator.ts';

/** The simulator's link, when its page frames this window; undefined otherwise (another origin throws on reading). */
function simulator(): HostSimulatorLink | undefined {
  try {
    const parent = window.parent;
    if (parent === window || parent.location.origin !== location.origin) return undefined;
    if (!`${parent.location.pathname}/`.startsWith(HOST_SIM_PATH)) return undefined;
    const link = (parent as unknown as Record<string, unknown>)[HOST_SIM_GLOBAL] as HostSimulatorLink | undefined;
    return typeof link?.post === 'function' ? link : undefined;
  } catch {
    return undefined;
  }
}

/** A copy in this window's own objects, as a shell's bridge hands over data (and so the app cannot reach into the simulator's). */
const copy = (v: unknown): unknown => JSON.parse(JSON.stringify(v) ?? 'null') as unknown;

/** The phone's user agent on this window's navigator (the HTTP requests keep the browser's own). */
function actAsPhone(userAgent: string): void {
  try {
    Object.defineProperty(navigator, 'userAgent', { configurable: true, get: () => userAgent });
    // A touch screen; and no client hints, which would still name the laptop's platform.
    Object.defineProperty(navigator, 'maxTouchPoints', { configurable: true, get: () => 5 });
    Object.defineProperty(navigator, 'userAgentData', { configurable: true, get: () => undefined });
  } catch {
    // A browser that will not let them be redefined: the app sees the browser as it is.
  }
}

const link = simulator();
if (link) {
  if (typeof link.userAgent === 'string') actAsPhone(link.userAgent);
  const w = window as unknown as Record<string, unknown>;
  const info = link.info;
  if (info) w['cgHostInfo'] = copy(info);
  const post = link.post;
  // Android's JavascriptInterface takes a string; WKWebView's handler takes what structured cloning keeps of an object.
  if (link.platform === 'android') w['CGHostAndroid'] = { postMessage: (json: unknown) => post(String(json)) };
  else if (link.platform === 'ios') w['webkit'] = { messageHandlers: { cgHost: { postMessage: (m: unknown) => post(copy(m)) } } };
}
