/**
 * Login's LCP is text (decision 0014, "Login says its words before the app"): the shell's first script names the
 * reader's language before the first paint, the same way the app's start does (decision 0010, app/language.ts): the
 * settings choice, else the host's `?lang=`, else the browser's; the skeleton has words in English and both Chinese
 * scripts, so Spanish and French readers see English.
 */
import { describe, expect, it } from 'vitest';
import { encodeEntry } from '../../../web/core/storage/local.ts';
import { nameReaderLanguage, readerLang, wordsLang } from '../../../web/app/words-first.ts';

const sources = (over: Partial<Parameters<typeof readerLang>[0]> = {}): Parameters<typeof readerLang>[0] => ({
  readChoice: () => null,
  search: '',
  languages: ['en-US'],
  ...over,
});

describe('the reader language before the first paint', () => {
  it('a choice stored in settings wins over the host and the browser', () => {
    expect(readerLang(sources({ readChoice: () => encodeEntry('zh-Hant'), search: '?lang=en', languages: ['fr'] }))).toBe('zh-Hant');
  });

  it("then the host's ?lang=, then the browser's first language", () => {
    expect(readerLang(sources({ search: '?lang=zh-TW', languages: ['en-US'] }))).toBe('zh-Hant');
    expect(readerLang(sources({ languages: ['zh-CN', 'en'] }))).toBe('zh-Hans');
    expect(readerLang(sources({ languages: [] }))).toBe('en');
  });

  it('a damaged or foreign stored value, or storage that throws, is passed over, never fatal', () => {
    expect(readerLang(sources({ readChoice: () => '{not json', languages: ['zh-CN'] }))).toBe('zh-Hans');
    expect(readerLang(sources({ readChoice: () => encodeEntry('klingon'), languages: ['zh-HK'] }))).toBe('zh-Hant');
    expect(
      readerLang(
        sources({
          readChoice: () => {
            throw new Error('SecurityError: storage is disabled');
          },
          search: '?lang=zh',
        }),
      ),
    ).toBe('zh-Hans');
  });

  it('words: English for the languages without their own (Spanish, French)', () => {
    expect(['en', 'es', 'fr', 'zh-Hans', 'zh-Hant'].map((l) => wordsLang(l as never))).toEqual(['en', 'en', 'en', 'zh-Hans', 'zh-Hant']);
  });

  it('names it on the document element: lang for readers and fonts, data-words for the skeleton', () => {
    const root = document.createElement('html');
    nameReaderLanguage(root, sources({ languages: ['fr-FR'] }));
    expect([root.lang, root.dataset.words]).toEqual(['fr', 'en']);
  });

  it("shows the page's title in the reader's words, from the translations the build wrote on <title>", () => {
    const page = (languages: string[]): string => {
      const root = document.createElement('html');
      root.innerHTML = '<head><title data-zh-hans="游戏库" data-zh-hant="遊戲庫">Game Library</title></head>';
      nameReaderLanguage(root, sources({ languages }));
      return root.querySelector('title')?.textContent ?? '';
    };
    expect([page(['zh-CN']), page(['zh-TW']), page(['en-GB']), page(['es'])]).toEqual(['游戏库', '遊戲庫', 'Game Library', 'Game Library']);
  });

  it('leaves a title without translations as it is (404.html, a dev build)', () => {
    const root = document.createElement('html');
    root.innerHTML = '<head><title>Cloud Gaming</title></head>';
    nameReaderLanguage(root, sources({ languages: ['zh-CN'] }));
    expect(root.querySelector('title')?.textContent).toBe('Cloud Gaming');
  });
});
