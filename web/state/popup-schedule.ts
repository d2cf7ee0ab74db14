/**
 * When the purchase pop-ups appear by themselves (SPEC §5):
 * where a player meets them — arriving on home, and on leaving the game
 * screen for another page — for a non-buyer who is not a member, once each
 * stored expiry has passed. One at a time: when both are due the recommend
 * pop-up comes first and the activity one waits for the next occasion. In
 * single-game mode `single_only_member_dialog` 1 (the local user record's
 * default) keeps it to the member offer (the recommend pop-up). A new
 * player's questionnaire comes first: no pop-up while it is due (home opens
 * it), so the pop-up waits for the next arrival after it is answered or
 * skipped. Nor while the player is queued or holds a seat: the seat dialog
 * (SPEC §4, 40 s) may open at any moment and must not sit under an offer.
 * Pure: the caller hands in the time and what it read.
 */
import type { UserInfo } from '../api/contract.ts';
import { isMember } from './rules.ts';
import { shouldShowPopup, type PopupKind } from './popup.ts';

export type PopupPlace = 'home' | 'game-exit';

/** The order pop-ups take when more than one is due. */
export const POPUP_ORDER: readonly PopupKind[] = ['recommend', 'activity'];

/** Where a change of page (route page names) puts the player for the pop-ups, or null where none belongs. */
export function popupPlace(page: string | null, previous: string | null): PopupPlace | null {
  if (page === null || page === 'game') return null;
  if (previous === 'game') return 'game-exit';
  return page === 'home' ? 'home' : null;
}

export interface PopupFacts {
  user: Pick<UserInfo, 'buy_member' | 'member_status'> | null;
  /** Stored expiry of each pop-up (ms; 0 or missing: never closed). */
  expires: Partial<Record<PopupKind, number>>;
  now: number;
  singleMode: boolean;
  /** The local user record's `single_only_member_dialog` (1 by default). */
  singleOnlyMemberDialog: number;
  /** A new player's questionnaire is due (state/recommend.ts shouldOfferQuestionnaire): one thing at a time, it comes first. */
  questionnaireDue: boolean;
  /** A session is queued or its seat is ready (SPEC §4 Queue). */
  queued: boolean;
}

/** The pop-up to show now, or null. */
export function duePopup(facts: PopupFacts): PopupKind | null {
  if (!facts.user || isMember(facts.user) || facts.questionnaireDue || facts.queued) return null;
  const allowed = facts.singleMode && facts.singleOnlyMemberDialog === 1 ? (['recommend'] as const) : POPUP_ORDER;
  return allowed.find((kind) => shouldShowPopup(facts.user, facts.expires[kind], facts.now)) ?? null;
}
