/**
 * The games the mock cloud streams: which one a catalogue game gets, and
 * making one. Each is pure and deterministic: the caller ticks it at 60 Hz
 * and draws it into any canvas-like context.
 */
import { createCatcher } from './catcher.ts';
import { createRacer } from './racer.ts';
import { createShooter } from './shooter.ts';
import type { GameKind, StreamGame } from './types.ts';
import { STREAM_WORDS } from './words.ts';
import type { ContentLanguage } from '../../languages.ts';

export type { Ctx2D, GameKind, StreamGame } from './types.ts';

export const GAME_KINDS: readonly GameKind[] = ['racer', 'shooter', 'catcher'];

const RACER_TAGS = new Set(['racing', 'sports']);
const CATCHER_TAGS = new Set(['casual', 'puzzle']);

/** Racing or Sports → racer; Casual or Puzzle → catcher; anything else → shooter. Racing wins over Casual. */
export function gameKindFor(tagNames: readonly string[]): GameKind {
  const tags = tagNames.map((t) => t.trim().toLowerCase());
  if (tags.some((t) => RACER_TAGS.has(t))) return 'racer';
  if (tags.some((t) => CATCHER_TAGS.has(t))) return 'catcher';
  return 'shooter';
}

/** `language` words the HUD (English when not given); the title comes already in it. */
export function createStreamGame(opts: { kind: GameKind; title: string; seed: number; language?: ContentLanguage }): StreamGame {
  const { title, seed } = opts;
  const words = STREAM_WORDS[opts.language ?? 'en'];
  switch (opts.kind) {
    case 'racer':
      return createRacer({ title, seed, words });
    case 'catcher':
      return createCatcher({ title, seed, words });
    default:
      // A kind from a newer caller than this file still gets a game.
      return createShooter({ title, seed, words });
  }
}
