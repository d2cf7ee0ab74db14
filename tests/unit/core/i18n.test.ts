import { describe, expect, it } from 'vitest';
import { LANGS, STOCK_STRINGS, detectLang, stockString } from '../../../web/core/i18n';

describe('stock strings (SPEC §8)', () => {
  it('has the three stock strings in en, es, fr, zh-Hans and zh-Hant (SPEC §8)', () => {
    expect(LANGS).toEqual(['en', 'es', 'fr', 'zh-Hans', 'zh-Hant']);
    for (const lang of LANGS) {
      for (const key of ['connectionTimeout', 'copied', 'copyFailed'] as const) {
        expect(stockString(key, lang).length).toBeGreaterThan(0);
      }
    }
    expect(new Set(LANGS.map((l) => STOCK_STRINGS[l].copied)).size).toBe(5);
  });

  it('says the SPEC wording in English (SPEC §8)', () => {
    expect(stockString('connectionTimeout', 'en').toLowerCase()).toBe('connection timed out, click the screen to try again');
    expect(stockString('copied', 'en').toLowerCase()).toBe('content copied');
    expect(stockString('copyFailed', 'en').toLowerCase()).toBe('copy failed, please copy manually');
    expect(stockString('copied', 'zh-Hans')).toBe('内容已复制');
  });
});

describe('language detection (SPEC §8)', () => {
  it.each([
    ['zh-TW', 'zh-Hant'],
    ['zh-HK', 'zh-Hant'],
    ['zh-Hant', 'zh-Hant'],
    ['zh-Hant-CN', 'zh-Hant'],
    ['zh_TW', 'zh-Hant'],
    ['zh', 'zh-Hans'],
    ['zh-CN', 'zh-Hans'],
    ['zh-Hans-HK', 'zh-Hans'],
    ['es-MX', 'es'],
    ['fr', 'fr'],
    ['FR-ca', 'fr'],
    ['en-GB', 'en'],
    ['de-DE', 'en'],
    ['', 'en'],
  ] as const)('maps %s to %s (SPEC §8)', (tag, lang) => {
    expect(detectLang(tag)).toBe(lang);
  });
});
