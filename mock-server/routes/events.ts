/**
 * Analytics group (SPEC §7 event_report): the app reports named events with
 * any data; the mock accepts and keeps them (the last MAX_EVENTS per store,
 * with the user when a valid token came along) so tests and QA can read them.
 */
import { PATH, type EventReportRequest } from '../../web/api/contract.ts';
import { optionalUser } from './input.ts';
import { contentState } from '../content/state.ts';
import { ok } from '../http/envelope.ts';
import { FieldError, isObj, type Fields } from '../validate.ts';
import { defineRoute, type Route } from './route.ts';

/** Text data longer than this is refused (objects are bounded by the 1 MiB body limit). */
export const MAX_EVENT_TEXT = 10_000;

function parseEvent(input: Fields): EventReportRequest {
  const event = input.string('event', { pattern: /^[\w.-]{1,64}$/, patternHint: '1 to 64 letters, digits, "_", "." or "-"' });
  const data = input.raw('data');
  if (data === undefined || data === null) return { event };
  if (typeof data === 'string') {
    if (data.length > MAX_EVENT_TEXT) throw new FieldError(input.path('data'), `must be at most ${MAX_EVENT_TEXT} characters`);
    return { event, data };
  }
  if (isObj(data)) return { event, data };
  throw new FieldError(input.path('data'), `must be an object or a string, got ${Array.isArray(data) ? 'an array' : typeof data}`);
}

export const eventRoutes: Route[] = [
  defineRoute(PATH.eventReport, parseEvent, (req, ctx) => {
    const now = ctx.clock.now();
    const rec = contentState(ctx.session).addEvent(req.event, req.data ?? null, optionalUser(ctx)?.uid ?? null, now);
    return ok({ id: rec.id, received_at: now }, 'Recorded');
  }),
];
