/**
 * Analytics group (SPEC §7 event_report): the app reports named events with
 * any data; the mock accepts and keeps them (the last MAX_EVENTS per store,
 * with the user when a valid token came along) so tests and QA can read them.
 */
import { PATH, type EventReportRequest } from '../../web/api/contract.ts';
import { contentState } from '../content/state.ts';
import { ok } from '../http/envelope.ts';
import * as z from 'zod';
import { isObj, problem, text } from '../validate.ts';
import { defineRoute, optionalUser, type Route } from './route.ts';

/** Text data longer than this is refused (objects are bounded by the 1 MiB body limit). */
export const MAX_EVENT_TEXT = 10_000;

/** Any data, as an object or a bounded text (objects are bounded by the 1 MiB body limit). */
const eventData = z.unknown().transform((data, ctx): EventReportRequest['data'] => {
  if (data === undefined || data === null) return undefined;
  if (typeof data === 'string') {
    if (data.length <= MAX_EVENT_TEXT) return data;
    problem(ctx, [], `must be at most ${MAX_EVENT_TEXT} characters`);
  } else if (isObj(data)) {
    return data;
  } else {
    problem(ctx, [], `must be an object or a string, got ${Array.isArray(data) ? 'an array' : typeof data}`);
  }
  return z.NEVER;
});

const eventInput = () =>
  z.object({
    event: text({ pattern: /^[\w.-]{1,64}$/, hint: '1 to 64 letters, digits, "_", "." or "-"' }),
    data: eventData.optional(),
  });

export const eventRoutes: Route[] = [
  defineRoute(PATH.eventReport, eventInput, (req, ctx) => {
    const now = ctx.clock.now();
    const rec = contentState(ctx.session).addEvent(req.event, req.data ?? null, optionalUser(ctx)?.uid ?? null, now);
    return ok({ id: rec.id, received_at: now }, 'Recorded');
  }),
];
