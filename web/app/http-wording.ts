/**
 * The HTTP client's own words (SPEC §8: a failed status, a body that is not
 * an envelope, a 30001 without msg) in the player's language. SPEC §8 gives
 * them in Chinese, which is what zh-Hans shows; an English reader gets English
 * (decision 0010).
 */
import { messages } from '../core/i18n/messages.ts';
import type { HttpWording } from '../core/http/request.ts';

const msgs = messages('app/http', {
  badRequest: 'Bad request',
  unauthorised: 'Not authorised, please log in again',
  notFound: 'Wrong request address',
  timedOut: 'Request timed out',
  badGateway: 'Gateway error',
  gatewayTimeout: 'Gateway timed out',
  versionNotSupported: 'HTTP version not supported',
  connectionError: 'Connection error',
  requestFailed: 'Request failed',
  tokenExpired: 'Your login has expired, please log in again',
});

export function httpWording(): HttpWording {
  const t = msgs.get();
  const byStatus: Readonly<Record<number, string>> = {
    400: t.badRequest,
    401: t.unauthorised,
    404: t.notFound,
    408: t.timedOut,
    502: t.badGateway,
    504: t.gatewayTimeout,
    505: t.versionNotSupported,
  };
  return {
    status: (code) => byStatus[code] ?? t.connectionError,
    requestFailed: t.requestFailed,
    tokenExpired: t.tokenExpired,
  };
}
