/**
 * The messages between the mock's main process and a stream process (pool.ts, child.ts): the main process names each
 * game (`gid`) and each WebRTC peer (`pid`); the stream process answers with what the peer and the game produce.
 */
import type { LevelConfig, StreamFrameMessage, StreamInputMessage, StreamRtcMessage, StreamVibrateMessage } from '../../../web/api/contract.ts';
import type { ContentLanguage } from '../../languages.ts';
import type { GameFigures } from '../engine.ts';
import type { GameKind } from '../games/index.ts';
import type { NetworkConditions } from '../network.ts';

/** What a game's loop and its peers' encoder follow: sent when a game is made and whenever it changes. */
export interface Conditions {
  level: LevelConfig;
  network: NetworkConditions;
}

export type ToStreamProcess =
  | ({ t: 'game'; gid: number; kind: GameKind; title: string; seed: number; language: ContentLanguage } & Conditions)
  | ({ t: 'conditions'; gid: number } & Conditions)
  | { t: 'input'; gid: number; msg: StreamInputMessage }
  | { t: 'dispose'; gid: number }
  | { t: 'peer'; pid: number; gid: number; stallAt?: 30 | 50 | 80 }
  | { t: 'signal'; pid: number; msg: StreamRtcMessage }
  | { t: 'close'; pid: number };

export type FromStreamProcess =
  | { t: 'ready' }
  | { t: 'log'; line: string }
  | { t: 'figures'; gid: number; figures: GameFigures }
  | { t: 'signal'; pid: number; msg: StreamRtcMessage }
  | { t: 'message'; pid: number; text: string }
  | { t: 'input'; pid: number }
  | { t: 'report'; pid: number; msg: StreamFrameMessage | StreamVibrateMessage }
  | { t: 'connected'; pid: number }
  | { t: 'lost'; pid: number; why: string };

/** How often a stream process reports each game's counters. */
export const FIGURES_EVERY_MS = 200;
/** How often the main process looks for a change of a game's clarity or network conditions. */
export const CONDITIONS_EVERY_MS = 50;
