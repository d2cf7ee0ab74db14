/**
 * The clarity names a player reads (SPEC §3 clarity list), in the game menu and in the lower clarity a poor network
 * is offered: their own words, so the offer over the picture does not load the menu with it.
 */
import type { ClarityName } from '../../../../game/clarity.ts';
import { messages } from '../../../../core/i18n/messages.ts';

export const clarityWords = messages('game/clarity', {
  standard: 'Standard',
  hd: 'HD',
  ultra: 'Ultra',
  bluray: 'Blu-ray',
});

/** Each clarity's name in the words the reader has (`useStore(clarityWords)`). */
export const clarityLabels = (w: ReturnType<typeof clarityWords.get>): Readonly<Record<ClarityName, string>> => ({
  standard: w.standard,
  hd: w.hd,
  ultra: w.ultra,
  bluray: w.bluray,
});
