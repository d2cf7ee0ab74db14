/**
 * Where the shell draws the queue bar (decision 0012). The bar and the seat dialog load in their own chunk only
 * once a session is queued (game.ts puts the host here), so home's first load carries just this atom.
 */
import { atom } from 'nanostores';
import type { ComponentType } from 'react';

export const queueBarSlot = atom<ComponentType | null>(null);

/** A session is waiting in the queue or holds a ready seat: the seat dialog may open at any moment (pop-ups wait). */
export const queueInProgress = atom(false);
