/** What the game screen says for the session's stages and endings, and the channel's home rule. */
import type { SystemInfo } from '../../../../api/contract.ts';
import type { EndReason, ProgressStage } from '../../../../game/index.ts';
import { messages } from '../../../../core/i18n/messages.ts';

/** The session's texts in the current language; a view reads it with useStore so a switch shows at once. */
export const sessionTexts = messages('game/texts', {
  token: 'Getting a play token…',
  sdk: 'Preparing the player…',
  sdkReady: 'Player ready',
  serverConnect: 'Connecting to the server…',
  exchange: 'Exchanging stream details…',
  gameStart: 'Starting the game…',
  streamReceived: 'Stream received',
  userQuit: 'You left the game.',
  streamFailed: 'The video stream could not connect. Check your network and try again.',
  queueCancelled: 'You left the queue.',
  seatExpired: 'Your seat was not taken in time and went to the next player.',
  queueError: 'The queue stopped.',
  playFailed: 'The game could not start.',
  sdkTimeout: 'The player did not start in time.',
  error: 'Something went wrong.',
  hangupOver: 'The hang-up time ran out, so the game was closed.',
  closedByServer: 'The game was closed by the server.',
  sessionEnded: 'The cloud session has ended.',
  idle: 'The game was closed after a minute without input.',
  reconnectFailed: 'Reconnecting failed.',
  reconnectTimeout: 'Reconnecting took too long.',
  outOfTime: 'You are out of play time.',
  relogin: 'Please log in again.',
  durationLost: 'The connection to the play-time service was lost.',
  tokenExpired: 'Your login has expired. Please log in again.',
  minorLimit: 'Play has stopped: players under 18 have reached the play time allowed now by the anti-addiction rules.',
});

type SessionTexts = ReturnType<typeof sessionTexts.get>;

export const stageText = (t: SessionTexts): Record<ProgressStage, string> => ({
  token: t.token,
  sdk: t.sdk,
  sdk_ready: t.sdkReady,
  server_connect: t.serverConnect,
  exchange: t.exchange,
  game_start: t.gameStart,
  stream_received: t.streamReceived,
});

export const endText = (t: SessionTexts): Record<EndReason, string> => ({
  'user-quit': t.userQuit,
  'stream-failed': t.streamFailed,
  'queue-cancelled': t.queueCancelled,
  'seat-expired': t.seatExpired,
  'queue-error': t.queueError,
  'play-failed': t.playFailed,
  'sdk-timeout': t.sdkTimeout,
  error: t.error,
  'hangup-over': t.hangupOver,
  'stream-quit': t.closedByServer,
  'session-ended': t.sessionEnded,
  idle: t.idle,
  'reconnect-failed': t.reconnectFailed,
  'reconnect-timeout': t.reconnectTimeout,
  'out-of-time': t.outOfTime,
  kicked: t.closedByServer,
  relogin: t.relogin,
  'server-quit': t.closedByServer,
  'duration-lost': t.durationLost,
  'token-expired': t.tokenExpired,
  'minor-limit': t.minorLimit,
});

/** Endings after which playing again right away makes sense. */
export const canPlayAgain = (reason: EndReason): boolean => reason !== 'out-of-time' && reason !== 'relogin' && reason !== 'token-expired' && reason !== 'minor-limit';

/** SPEC §6: the channel (agent_code) decides whether going back home is limited (system_info h5_limit_back_home). */
export function isBackHomeLimited(system: SystemInfo | null, agentCode: string | null): boolean {
  if (!system || !agentCode) return false;
  return system.h5_limit_back_home
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .includes(agentCode);
}
