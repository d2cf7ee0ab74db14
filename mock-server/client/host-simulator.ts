/**
 * What the host simulator page (`/__mock/host/`, web/console/host/) and the mock share (docs/decisions/0020-host-simulator.md):
 * the cookie that asks the mock to inject the simulator's script into the app's HTML, the script's path, and the
 * object the simulator puts on its own window for the script in the framed app to find. No Node modules: the
 * simulator's page and the injected script import it too.
 */
import type { HostInfo } from '../../web/api/contract/bridge.ts';

/** Set by the simulator page (path `/`, session-long); the app's HTML requested with it gets {@link HOST_SIM_SCRIPT}. */
export const HOST_SIM_COOKIE = 'cg_host_sim';
/** The simulator's page. */
export const HOST_SIM_PATH = '/__mock/host/';
/** The script injected first in the app's `<head>`: same origin, so the app's `script-src 'self'` lets it run. */
export const HOST_SIM_SCRIPT = '/__mock/host/inject.js';
/** The tag the mock puts right after `<head>`. */
export const HOST_SIM_TAG = `<script src="${HOST_SIM_SCRIPT}"></script>`;

/** Which shell the simulator plays: "none" is a plain browser (no transport, no announcement). */
export type SimulatedPlatform = 'android' | 'ios' | 'none';

/** `window.cgHostSimulator` of the simulator's page, read by the framed app's injected script before its own scripts run. */
export interface HostSimulatorLink {
  platform: SimulatedPlatform;
  /** The announcement, or null for a host that announces nothing (a shell of before the announcement). */
  info: HostInfo | null;
  /**
   * The user agent the framed app sees (`navigator.userAgent`), or null for the browser's own: the app tells a phone
   * by it (SPEC §3 deviceType), and asks a host for landscape only on a phone.
   */
  userAgent: string | null;
  /** A call from the app: the JSON text (Android) or the object (iOS), as the shell's handler receives it. */
  post(message: unknown): void;
}

export const HOST_SIM_GLOBAL = 'cgHostSimulator';

/** Whether a Cookie header carries the simulator's cookie (any value but empty). */
export function hasHostSimCookie(cookieHeader: string | undefined): boolean {
  if (!cookieHeader) return false;
  return cookieHeader.split(';').some((part) => {
    const eq = part.indexOf('=');
    return eq !== -1 && part.slice(0, eq).trim() === HOST_SIM_COOKIE && part.slice(eq + 1).trim() !== '';
  });
}
