/**
 * The host bridge's protocol (docs/host-bridge.md): how a host app that embeds the player app in its webview
 * announces itself, what the app may ask of it, and what it may tell the app. The app's side is web/core/bridge.ts;
 * the host simulator (/__mock/host/) and the QA client's simulated host speak the same types.
 *
 * Announcement: before the page's scripts run the host defines `window.cgHostInfo` ({@link HostInfo}). The app asks
 * only for the methods listed in `capabilities`; a host that announces nothing gets only `closeWebview`.
 * Out: `{ v, method, params? }` ({@link BridgeCall}) to `CGHostAndroid.postMessage(json)`,
 * `webkit.messageHandlers.cgHost.postMessage(object)` or `CGHost.postMessage(json)`.
 * In: the host calls `window.cgBridgeReceive({ event, data? })` (an object or its JSON); a malformed message is
 * dropped with a console warning. Nothing the app asks waits for an answer: the host answers with events.
 */

/** The protocol version this app speaks. A host announcing a newer one still gets every method both know. */
export const BRIDGE_PROTOCOL_VERSION = 1;

export const BRIDGE_METHODS = ['closeWebview', 'getNetworkType', 'setOrientation', 'vibrate', 'openUrl', 'setClipboard', 'share', 'pay'] as const;
export type BridgeMethod = (typeof BRIDGE_METHODS)[number];

export type HostOrientation = 'landscape' | 'portrait';

/** An order the host's cashier pays (the app made it with the pay API first, SPEC §7 shop). */
export interface HostPayParams {
  order_id: string;
  /** The product bought (a member card or a play-time pack). */
  product_id: number;
  /** What the player pays, in yuan, as the order says it ("30.00"). */
  amount: string;
  /** The product's name, for the cashier's sheet. */
  title: string;
}

/** What each method carries (`undefined`: no params). */
export interface BridgeMethodParams {
  /** Close the webview (SPEC §2): the app is done. */
  closeWebview: undefined;
  /** Ask for the network: the host answers with a `network` event. */
  getNetworkType: undefined;
  /** Turn the screen: landscape when the game screen opens on a phone, portrait when it closes. */
  setOrientation: { orientation: HostOrientation };
  /** Rumble for `ms` milliseconds; `strength` 0–1 where the game gave one. */
  vibrate: { ms: number; strength?: number };
  /** Open a link outside the app (the system browser or an app store). */
  openUrl: { url: string };
  /** Put text on the clipboard. */
  setClipboard: { text: string };
  /** The system share sheet. */
  share: { title: string; text: string; url?: string };
  /** Pay an order with the host's cashier: the host answers with a `payResult` event. */
  pay: HostPayParams;
}

export type BridgeCall = {
  [M in BridgeMethod]: BridgeMethodParams[M] extends undefined
    ? { v: number; method: M }
    : { v: number; method: M; params: BridgeMethodParams[M] };
}[BridgeMethod];

export interface SafeArea {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

/** `window.cgHostInfo`, defined by the host before the page's scripts run. */
export interface HostInfo {
  /** The protocol version the host speaks ({@link BRIDGE_PROTOCOL_VERSION} or newer). */
  version: number;
  platform: 'android' | 'ios' | (string & {});
  /** The methods the host implements; names this app does not know are ignored. */
  capabilities: string[];
  /** The screen's insets the host's own bars cover, in CSS pixels (the game screen's controls keep clear of them). */
  safeArea?: SafeArea;
}

export const HOST_NETWORK_TYPES = ['wifi', 'ethernet', '5g', '4g', '3g', '2g', 'unknown', 'none'] as const;
export type HostNetworkType = (typeof HOST_NETWORK_TYPES)[number];

export const PAY_RESULTS = ['success', 'cancel', 'fail'] as const;
export type PayResultStatus = (typeof PAY_RESULTS)[number];

/** What each event carries (`undefined`: nothing). */
export interface BridgeEventData {
  /** The host's back gesture or button (SPEC §2). */
  back: undefined;
  /** The network changed, or the answer to getNetworkType (SPEC §4). */
  network: { isConnected: boolean; networkType: HostNetworkType };
  /** The host app went to the background: the same as the page hidden (SPEC §4 hang-up). */
  pause: undefined;
  /** The host app came back: the same as the page shown. */
  resume: undefined;
  /** The host app's language, a BCP 47 tag (decision 0010). */
  language: string;
  /** The cashier's answer to `pay`. */
  payResult: { order_id: string; status: PayResultStatus; message?: string };
  /** The insets changed (the host turned the screen). */
  safeArea: SafeArea;
}

export type BridgeEvent = keyof BridgeEventData;
export const BRIDGE_EVENTS: readonly BridgeEvent[] = ['back', 'network', 'pause', 'resume', 'language', 'payResult', 'safeArea'];

export type BridgeMessage = {
  [E in BridgeEvent]: BridgeEventData[E] extends undefined ? { event: E; data?: undefined } : { event: E; data: BridgeEventData[E] };
}[BridgeEvent];
