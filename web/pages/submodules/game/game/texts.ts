/** What the game screen says for the session's stages and endings, and the channel's home rule. */
import type { SystemInfo } from '../../../../api/contract.ts';
import type { EndReason, ProgressStage } from '../../../../game/index.ts';

export const STAGE_TEXT: Record<ProgressStage, string> = {
  token: 'Getting a play token…',
  sdk: 'Preparing the player…',
  sdk_ready: 'Player ready',
  server_connect: 'Connecting to the server…',
  exchange: 'Exchanging stream details…',
  game_start: 'Starting the game…',
  stream_received: 'Stream received',
};

export const END_TEXT: Record<EndReason, string> = {
  'user-quit': 'You left the game.',
  'stream-failed': 'The video stream could not connect. Check your network and try again.',
  'queue-cancelled': 'You left the queue.',
  'seat-expired': 'Your seat was not taken in time and went to the next player.',
  'queue-error': 'The queue stopped.',
  'play-failed': 'The game could not start.',
  'sdk-timeout': 'The player did not start in time.',
  error: 'Something went wrong.',
  'hangup-over': 'The hang-up time ran out, so the game was closed.',
  'stream-quit': 'The game was closed by the server.',
  'session-ended': 'The cloud session has ended.',
  idle: 'The game was closed after a minute without input.',
  'reconnect-failed': 'Reconnecting failed.',
  'reconnect-timeout': 'Reconnecting took too long.',
  'out-of-time': 'You are out of play time.',
  kicked: 'The game was closed by the server.',
  relogin: 'Please log in again.',
  'server-quit': 'The game was closed by the server.',
  'duration-lost': 'The connection to the play-time service was lost.',
  'token-expired': 'Your login has expired. Please log in again.',
};

/** Endings after which playing again right away makes sense. */
export const canPlayAgain = (reason: EndReason): boolean => reason !== 'out-of-time' && reason !== 'relogin' && reason !== 'token-expired';

/** SPEC §6: the channel (agent_code) decides whether going back home is limited (system_info h5_limit_back_home). */
export function isBackHomeLimited(system: SystemInfo | null, agentCode: string | null): boolean {
  if (!system || !agentCode) return false;
  return system.h5_limit_back_home
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .includes(agentCode);
}
