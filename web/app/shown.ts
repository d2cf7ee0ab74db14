/**
 * What the shell and home show that lazy modules decide, as atoms light enough for the first load: the chunks that
 * set them (signin.ts, popups.ts) and the shell's pop-up host all read one module that is already there, so none of
 * them waits for a tiny shared chunk of its own (decision 0015).
 */
import { atom } from 'nanostores';
import type { PopupKind } from '../state/popup.ts';

/** The purchase pop-up on screen now (null: none), set by popups.ts and cleared when it closes. */
export const shownPopup = atom<PopupKind | null>(null);

/** Today's daily sign-in grant of the logged-in user (seconds; null: none yet), set by signin.ts. */
export const signInGranted = atom<number | null>(null);
