/** Which language shows (decision 0010), and how switching reaches a component's texts (SPEC §8 languages). */
import { afterEach, describe, expect, it } from 'vitest';
import { resolveLang, locale } from '../../../web/core/i18n/locale.ts';
import { messages, setLocale, i18n } from '../../../web/core/i18n/messages.ts';
import { formatCount } from '../../../web/core/i18n/count.ts';
import { formatDate, formatDuration } from '../../../web/core/i18n/format-time.ts';
import { formatPrice } from '../../../web/core/i18n/money.ts';

afterEach(() => locale.set('en'));

describe('resolveLang', () => {
  it('takes the stored choice first', () => {
    expect(resolveLang({ chosen: 'zh-Hant', host: 'en', browser: ['fr'] })).toBe('zh-Hant');
  });
  it('ignores a stored value that is not a language', () => {
    expect(resolveLang({ chosen: 'klingon', host: null, browser: ['zh-CN'] })).toBe('zh-Hans');
  });
  it('then the host app, then the browser', () => {
    expect(resolveLang({ host: 'zh-TW', browser: ['en-US'] })).toBe('zh-Hant');
    expect(resolveLang({ host: '', browser: ['zh-SG', 'en'] })).toBe('zh-Hans');
    expect(resolveLang({ browser: ['zh'] })).toBe('zh-Hans');
    expect(resolveLang({ browser: ['zh-HK'] })).toBe('zh-Hant');
    expect(resolveLang({ browser: ['zh-MO'] })).toBe('zh-Hant');
  });
  it('falls back to English', () => {
    expect(resolveLang({ browser: ['de-DE'] })).toBe('en');
    expect(resolveLang({})).toBe('en');
  });
});

describe('switching', () => {
  const msgs = messages('user/setting', { title: 'Settings', userAgreement: 'User Agreement', privacyPolicy: 'Privacy Policy', aboutUs: 'About us', language: 'Language', logOut: 'Log out' });

  it('shows the language once its file is loaded, and English again after', async () => {
    const seen: string[] = [];
    const stop = msgs.subscribe((t) => seen.push(t.title));
    await setLocale('zh-Hans');
    expect(msgs.get().title).toBe('设置');
    await setLocale('zh-Hant');
    expect(msgs.get().title).toBe('設定');
    await setLocale('en');
    expect(msgs.get().title).toBe('Settings');
    stop();
    // One step per switch: never English in between.
    expect(seen).toEqual(['Settings', '设置', '設定', 'Settings']);
  });

  it('falls back to English key by key for a language with only stock strings', async () => {
    const stop = msgs.listen(() => undefined);
    await setLocale('fr');
    expect(msgs.get().logOut).toBe('Log out');
    expect(i18n.loading.get()).toBe(false);
    stop();
  });
});

describe('format', () => {
  it('prices in yuan with the narrow symbol', () => {
    expect(formatPrice(30, 'zh-Hans')).toBe('¥30.00');
    expect(formatPrice(30, 'en')).toBe('¥30.00');
    expect(formatPrice(Number.NaN, 'en')).toBe('¥0.00');
  });
  it('counts the language’s way', () => {
    expect(formatCount(184_000, 'zh-Hans')).toBe('18.4万');
    expect(formatCount(184_000, 'en')).toBe('184K');
  });
  it('durations in hours and minutes', () => {
    expect(formatDuration(9000, 'zh-Hans')).toBe('2小时30分钟');
    expect(formatDuration(9000, 'en')).toBe('2h 30m');
    expect(formatDuration(59, 'en')).toBe('0m');
    expect(formatDuration(-5, 'zh-Hans')).toBe('0分钟');
    expect(formatDuration(3600, 'zh-Hans')).toBe('1小时');
  });
  it('dates in the language’s order', () => {
    const ms = Date.UTC(2026, 10, 24, 12);
    expect(formatDate(ms, 'zh-Hans')).toMatch(/^2026\/11\/2[45]$/);
    expect(formatDate(ms, 'en')).toMatch(/^11\/2[45]\/2026$/);
  });
});
