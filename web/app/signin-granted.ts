/** Today's daily sign-in grant of the logged-in user (seconds; null: none yet), set by signin.ts; light enough for Home. */
import { atom } from 'nanostores';

export const signInGranted = atom<number | null>(null);
