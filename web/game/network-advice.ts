/**
 * A lower clarity offered when the network is poor (docs/stream-stats.md "Network advice"): the stream's own figures,
 * one second at a time, decide. A second is poor when the network's figures grade poor: packets lost, the round trip,
 * or the frames that reach the player against the clarity's rate. `NETWORK_POOR_SECONDS` of them in a row offer the
 * next lower clarity the player may use (SPEC §3 clarity list, §5 blu-ray rule: only an available one); there is
 * none below standard. The offer goes when the network has been good for `NETWORK_GOOD_SECONDS`, when the clarity
 * changes (taken or chosen in the menu), and for the rest of the game once the player dismisses it.
 */
import { computed, effect, signal, type ReadonlySignal } from '@preact/signals-core';
import type { LevelConfig } from '../api/contract.ts';
import { NETWORK_GOOD_SECONDS, NETWORK_POOR_SECONDS } from '../core/constants.ts';
import type { ClarityOption } from './clarity.ts';
import { gradeStat, type GradedStat, type StreamStats } from './stream-stats.ts';

/** The figures that are the network's; the bitrate is not one (a still picture needs little) nor the decode time. */
const NETWORK_FIGURES: readonly GradedStat[] = ['packetLossPct', 'rttMs', 'fps'];

/** Whether one second's figures say the network is poor; null when they say nothing (no WebRTC figures yet). */
export function poorSecond(stats: StreamStats, level: Pick<LevelConfig, 'fps'> | null): boolean | null {
  if (stats.transport !== 'webrtc' || stats.packetLossPct === null) return null;
  const expected = level ? { fps: level.fps } : undefined;
  return NETWORK_FIGURES.some((name) => gradeStat(name, stats[name], expected) === 'poor');
}

/** The clarity to offer below `current`: the highest available one under it, or null. */
export function lowerClarity(current: number, options: readonly Pick<ClarityOption, 'index' | 'available'>[]): number | null {
  const below = options.filter((o) => o.available && o.index < current).map((o) => o.index);
  return below.length > 0 ? Math.max(...below) : null;
}

export interface AdviceState {
  poorRun: number;
  goodRun: number;
  /** The clarity offered, shown until it goes. */
  offer: number | null;
  /** The clarity the run was counted at: a change starts again. */
  at: number | null;
  dismissed: boolean;
}

export const NO_ADVICE: AdviceState = { poorRun: 0, goodRun: 0, offer: null, at: null, dismissed: false };

/** The advice after one more second at clarity `clarity`, whose next lower one is `lower`. */
export function adviseSecond(s: AdviceState, poor: boolean | null, clarity: number, lower: number | null): AdviceState {
  const base = s.at === clarity ? s : { ...s, poorRun: 0, goodRun: 0, offer: null, at: clarity };
  if (poor === null) return base;
  const poorRun = poor ? base.poorRun + 1 : 0;
  const goodRun = poor ? 0 : base.goodRun + 1;
  let offer = base.offer;
  if (goodRun >= NETWORK_GOOD_SECONDS) offer = null;
  else if (offer === null && !base.dismissed && poorRun >= NETWORK_POOR_SECONDS && lower !== null) offer = lower;
  return { ...base, poorRun, goodRun, offer };
}

export interface NetworkAdvice {
  /** The lower clarity offered now, or null. */
  readonly offer: ReadonlySignal<number | null>;
  /** Takes the offer: the clarity goes down as if chosen in the menu. */
  accept(): void;
  /** No more offers this game. */
  dismiss(): void;
  /** A new game: the offers start again. */
  reset(): void;
  dispose(): void;
}

export function createNetworkAdvice(o: {
  stats: ReadonlySignal<StreamStats | null>;
  clarity: ReadonlySignal<number>;
  options: ReadonlySignal<readonly ClarityOption[]>;
  level: ReadonlySignal<LevelConfig | null>;
  setClarity(index: number): unknown;
}): NetworkAdvice {
  const state = signal<AdviceState>(NO_ADVICE);
  // Runs once per second's figures (the only signal it reads): the stats are the clock.
  const stop = effect(() => {
    const stats = o.stats.value;
    if (!stats) return;
    const clarity = o.clarity.peek();
    state.value = adviseSecond(state.peek(), poorSecond(stats, o.level.peek()), clarity, lowerClarity(clarity, o.options.peek()));
  });
  return {
    offer: computed(() => (state.value.at === o.clarity.value ? state.value.offer : null)),
    accept() {
      const to = state.peek().offer;
      if (to === null) return;
      state.value = { ...state.peek(), offer: null };
      o.setClarity(to);
    },
    dismiss() {
      state.value = { ...state.peek(), offer: null, dismissed: true };
    },
    reset() {
      state.value = NO_ADVICE;
    },
    dispose: stop,
  };
}
