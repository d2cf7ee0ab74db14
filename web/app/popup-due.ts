/** The purchase pop-up on screen now (null: none), set by popups.ts and cleared when it closes; light enough for the shell. */
import { atom } from 'nanostores';
import type { PopupKind } from '../state/popup.ts';

export const shownPopup = atom<PopupKind | null>(null);
