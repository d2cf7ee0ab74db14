/**
 * What the three games share around their worlds: the top bar, then the
 * game-over card or (in the first 4 s) the hint; a still game-over frame
 * kept as one copy; and the state a frame reports.
 */
import type { StreamGameState } from '../../../web/api/contract.ts';
import { drawGameOver, type HudCache } from './hud.ts';
import { canCache, type Layer } from './layers.ts';
import { START_LIVES, type Round } from './round.ts';
import type { Ctx2D, GameKind } from './types.ts';
import type { StreamWords } from './words.ts';

/** The hint shows for 4 s of a round and fades over its last half second. */
const HINT_TICKS = 240;
const HINT_FADE_TICKS = 30;

const round4 = (v: number): number => Math.round(v * 10000) / 10000;

export function drawChrome(ctx: Ctx2D, w: number, h: number, hud: HudCache, round: Round, o: { title: string; accent: string; kind: GameKind; words: StreamWords }): void {
  hud.drawHud(ctx, w, h, { title: o.title, score: round.score, best: round.best, lives: round.lives, maxLives: START_LIVES, accent: o.accent, words: o.words });
  if (round.over) {
    drawGameOver(ctx, w, h, { score: round.score, best: round.best, newBest: round.newBest, ready: round.ready, accent: o.accent, words: o.words });
  } else if (round.ticks < HINT_TICKS) {
    hud.drawHint(ctx, w, h, o.words.hint[o.kind], Math.min(1, (HINT_TICKS - round.ticks) / HINT_FADE_TICKS));
  }
}

/**
 * Draws the frame with `paint`, except once the game is over and nothing moves
 * (`still`): then the whole frame is one copy of a kept picture, keyed by the
 * round and whether a press restarts yet.
 */
export function drawFrame(ctx: Ctx2D, w: number, h: number, o: { round: Round; roundNo: number; still: boolean; layer: Layer; paint(c: Ctx2D): void }): void {
  if (!o.round.over || !o.still) {
    o.layer.release();
  } else if (canCache(ctx)) {
    ctx.drawImage(o.layer.get(w, h, `${o.roundNo}|${o.round.ready}`, (c) => o.paint(c)), 0, 0);
    return;
  }
  o.paint(ctx);
}

export function gameState(kind: GameKind, round: Round, player: { x: number; y: number }): StreamGameState {
  return {
    kind,
    score: round.score,
    best: round.best,
    lives: round.lives,
    over: round.over,
    player: { x: round4(player.x), y: round4(player.y) },
    presses: round.presses,
  };
}
