/**
 * What the user agent says about the device (SPEC §3 device info). Pure string
 * parsing, kept apart from the DOM reads so each rule can be tested on a UA.
 */

export type OsName = 'ios' | 'android' | 'harmonyos' | 'windows' | 'macos' | 'linux' | 'unknown';
export type DeviceType = 'phone' | 'pad' | 'pc' | 'unknown';

export interface UaInfo {
  osName: OsName;
  osVersion: string;
  brand: string;
  model: string;
  browserName: string;
  browserVersion: string;
  /** What the UA alone proves; null when only the screen size can tell. */
  deviceType: DeviceType | null;
}

const BROWSERS: ReadonlyArray<readonly [string, RegExp]> = [
  // In-app browsers first: they also carry Chrome/Safari tokens.
  ['wechat', /MicroMessenger\/([\d.]+)/i],
  ['qq', /MQQBrowser\/([\d.]+)/i],
  ['uc', /UCBrowser\/([\d.]+)/i],
  ['edge', /Edg(?:e|A|iOS)?\/([\d.]+)/i],
  ['opera', /OPR\/([\d.]+)/i],
  ['samsung', /SamsungBrowser\/([\d.]+)/i],
  ['firefox', /(?:Firefox|FxiOS)\/([\d.]+)/i],
  ['chrome', /(?:Chrome|CriOS)\/([\d.]+)/i],
  ['safari', /Version\/([\d.]+).*Safari/i],
];

const BRANDS: ReadonlyArray<readonly [string, RegExp]> = [
  ['samsung', /^(SM-|GT-)|samsung/i],
  ['huawei', /huawei/i],
  ['honor', /honor/i],
  ['xiaomi', /^(mi\s|mi\d|redmi|xiaomi|poco|M2\d{3})/i],
  ['oppo', /oppo|^CPH\d/i],
  ['vivo', /vivo|^V\d{4}/i],
  ['oneplus', /oneplus/i],
  ['google', /pixel|nexus/i],
  ['meizu', /meizu|^m\d{3}/i],
];

function match(ua: string, re: RegExp): string {
  return re.exec(ua)?.[1] ?? '';
}

function browser(ua: string): [string, string] {
  for (const [name, re] of BROWSERS) {
    const v = re.exec(ua);
    if (v) return [name, v[1] ?? ''];
  }
  return ['unknown', ''];
}

/** Chrome's reduced user agent ("Linux; Android 10; K") puts this placeholder where the model was. */
const REDUCED_UA_MODEL = 'K';

function androidModel(ua: string): string {
  // "Android 13; SM-S908B Build/TP1A; wv)" → "SM-S908B"; a locale token ("zh-cn;") may sit in between.
  const m = /Android[\s/]?[\d.]*;\s*(?:[a-z]{2}[-_][a-z]{2};\s*)?([^;)]+)/i.exec(ua);
  const model = (m?.[1] ?? '').replace(/\s+Build\/.*$/i, '').trim();
  return model === REDUCED_UA_MODEL ? '' : model;
}

function brandOf(model: string): string {
  for (const [brand, re] of BRANDS) if (re.test(model)) return brand;
  return '';
}

/** `maxTouchPoints` tells an iPad in desktop mode (which claims to be a Mac) from a real Mac. */
export function parseUserAgent(ua: string, maxTouchPoints = 0): UaInfo {
  const [browserName, browserVersion] = browser(ua);
  const base = { browserName, browserVersion };

  if (/OpenHarmony|HarmonyOS/i.test(ua)) {
    return { ...base, osName: 'harmonyos', osVersion: match(ua, /(?:OpenHarmony|HarmonyOS)\s*([\d.]+)/i), brand: 'huawei', model: '', deviceType: /Phone|Mobile/i.test(ua) ? 'phone' : null };
  }
  const apple = /(iPhone|iPad|iPod)/.exec(ua);
  const ipadDesktop = !apple && /Macintosh/.test(ua) && maxTouchPoints > 1;
  if (apple || ipadDesktop) {
    const model = apple?.[1] ?? 'iPad';
    // iPadOS desktop mode reports the Safari version, the closest thing to the OS version it exposes.
    const osVersion = apple ? match(ua, /OS (\d+(?:_\d+)*)/).replace(/_/g, '.') : match(ua, /Version\/([\d.]+)/);
    return { ...base, osName: 'ios', osVersion, brand: 'apple', model, deviceType: model === 'iPad' ? 'pad' : 'phone' };
  }
  if (/Android/i.test(ua)) {
    const model = androidModel(ua);
    return { ...base, osName: 'android', osVersion: match(ua, /Android[\s/]?([\d.]+)/i), brand: brandOf(model), model, deviceType: /Mobile/i.test(ua) ? 'phone' : 'pad' };
  }
  if (/Windows/i.test(ua)) {
    const nt = match(ua, /Windows NT ([\d.]+)/i);
    const osVersion = ({ '10.0': '10', '6.3': '8.1', '6.2': '8', '6.1': '7' } as Record<string, string>)[nt] ?? nt;
    return { ...base, osName: 'windows', osVersion, brand: '', model: 'PC', deviceType: 'pc' };
  }
  if (/Macintosh|Mac OS X/i.test(ua)) {
    return { ...base, osName: 'macos', osVersion: match(ua, /Mac OS X (\d+(?:[_.]\d+)*)/).replace(/_/g, '.'), brand: 'apple', model: 'Mac', deviceType: 'pc' };
  }
  if (/Linux|X11|CrOS/i.test(ua)) {
    return { ...base, osName: 'linux', osVersion: '', brand: '', model: 'PC', deviceType: 'pc' };
  }
  return { ...base, osName: 'unknown', osVersion: '', brand: '', model: '', deviceType: null };
}

const OS_LABEL: Record<OsName, string> = {
  ios: 'iOS',
  android: 'Android',
  harmonyos: 'HarmonyOS',
  windows: 'Windows',
  macos: 'macOS',
  linux: 'Linux',
  unknown: 'Unknown',
};

/** "iOS 17.1", as the platform API reported `system`. */
export function systemLabel(os: OsName, version: string): string {
  return version ? `${OS_LABEL[os]} ${version}` : OS_LABEL[os];
}

/** The coarse `platform` value: as the platform API had it, "mac" rather than "macos". */
export function platformOf(os: OsName): string {
  if (os === 'macos') return 'mac';
  return os === 'unknown' ? 'other' : os;
}
