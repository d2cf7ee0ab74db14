/**
 * A text a scenario gives the player to read (a play failure's sub_msg, a
 * queue error, a duration socket message): one string for every language, or
 * one per content language so a zh-CN player reads Chinese and an English one
 * English (docs/decisions/0010-i18n.md). A language the scenario leaves out falls back to `en`.
 */
import * as z from 'zod';
import type { ContentLanguage } from '../languages.ts';
import { known, optional, text } from '../validate.ts';

const one = text({ max: 500, empty: true });

export const scriptedMessage = z.union([one, known({ en: one, 'zh-Hans': optional(one), 'zh-Hant': optional(one) })]);
export type ScriptedMessage = z.infer<typeof scriptedMessage>;

/** The scenario's text in `language`, or undefined when it scripted none. */
export function scriptedText(m: ScriptedMessage | undefined, language: ContentLanguage): string | undefined {
  if (m === undefined || typeof m === 'string') return m;
  return m[language] ?? m.en;
}
