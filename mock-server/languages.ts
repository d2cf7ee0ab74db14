/**
 * The languages the mock's content is written in: English (the fixture
 * files' own) and the translations of `fixtures/i18n/` (fixtures/translations.ts).
 * Its own module because every layer names them (the fixtures, the
 * Accept-Language reader http/language.ts, the words of http/words.ts, the
 * routes, the art) and none of them owns the list.
 */

/** The languages fixture content exists in besides English. */
export const TRANSLATED_LANGUAGES = ['zh-Hans', 'zh-Hant'] as const;
export type TranslatedLanguage = (typeof TRANSLATED_LANGUAGES)[number];

/** A language content answers in. */
export type ContentLanguage = 'en' | TranslatedLanguage;
export const CONTENT_LANGUAGES: readonly ContentLanguage[] = ['en', ...TRANSLATED_LANGUAGES];
