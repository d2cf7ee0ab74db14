/**
 * The QA control API under `/__mock/` (docs/qa-guide.md §2). JSON in, JSON
 * out; the session comes from `?session=` or the X-Mock-Session header
 * ("default" without either). Errors answer `{error}` with 400 (bad input,
 * JSON nested too deep), 404 (unknown path or scenario), 405 (wrong method),
 * 413 (body, fault body or pushed message too large; limits.ts) or 503 (a new
 * session over the cap while every session has open sockets).
 *
 * This file finds the handler (the table is control-routes.ts), the session,
 * and turns what the handler answers or throws into the answer.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { HEADER } from '../../web/api/contract.ts';
import { BodyTimeoutError, DEFAULT_BODY_IDLE_MS, discardRest, header } from '../http/body.ts';
import { ApiError } from '../http/envelope.ts';
import { sendJson } from '../http/reply.ts';
import { TooLargeError } from '../limits.ts';
import { ClockNotVirtualError } from '../sessions/clock.ts';
import { RecordingError } from '../sessions/recorder.ts';
import { SessionLimitError, SessionNameError } from '../sessions/registry.ts';
import type { MockSession } from '../sessions/session.ts';
import { FieldError } from '../validate.ts';
import { bad, bodyReaders, ControlError, type ControlHandler, type ControlOptions } from './control-call.ts';
import { CONTROL_ROUTES } from './control-routes.ts';

export const CONTROL_PREFIX = '/__mock/';

/** The handler for `name` and `method`: 404 for an unknown path, 405 (with `allow`) for a method it does not take. */
function handlerFor(res: ServerResponse, pathname: string, method: string): ControlHandler {
  const name = pathname.slice(CONTROL_PREFIX.length).replace(/\/$/, '');
  const route = Object.hasOwn(CONTROL_ROUTES, name) ? CONTROL_ROUTES[name] : undefined;
  if (!route) throw new ControlError(404, `Unknown control path "${pathname.slice(0, 200)}": see GET /__mock/scenarios and docs/qa-guide.md`);
  const handler = method === 'GET' || method === 'POST' || method === 'DELETE' ? route[method] : undefined;
  if (handler) return handler;
  const allowed = Object.keys(route).join(', ');
  res.setHeader('allow', allowed);
  throw new ControlError(405, `Method ${method} is not allowed on ${CONTROL_PREFIX}${name}; use ${allowed}`);
}

function sessionFor(o: ControlOptions, req: IncomingMessage, query: URLSearchParams): MockSession {
  try {
    return o.sessions.get(query.get('session') ?? header(req, HEADER.mockSession) ?? undefined);
  } catch (err) {
    if (err instanceof SessionNameError) throw bad(err.message);
    if (err instanceof SessionLimitError) throw new ControlError(503, err.message);
    throw err;
  }
}

/** What a refusal answers: its status and message; undefined for an error that is no refusal. */
function refusal(err: unknown): { status: number; error: string } | undefined {
  if (err instanceof ControlError || err instanceof RecordingError) return { status: err.status, error: err.message };
  if (err instanceof FieldError) return { status: err instanceof TooLargeError ? err.status : 400, error: err.message };
  if (err instanceof ClockNotVirtualError || err instanceof ApiError) return { status: 400, error: err.message };
  return undefined;
}

/** The `/__mock/` request handler. */
export function createControlApi(o: ControlOptions): (req: IncomingMessage, res: ServerResponse, pathname: string, query: URLSearchParams) => Promise<void> {
  const idleMs = o.bodyIdleMs ?? DEFAULT_BODY_IDLE_MS;
  return async (req, res, pathname, query) => {
    const method = req.method ?? 'GET';
    try {
      const handler = handlerFor(res, pathname, method);
      const session = sessionFor(o, req, query);
      const answer = await handler({ req, session, query, options: o, ...bodyReaders(req, idleMs) });
      if (method !== 'GET') o.onChange?.(session);
      sendJson(res, 200, answer);
    } catch (err) {
      // The stalled upload's connection is already gone.
      if (err instanceof BodyTimeoutError) return;
      // Let an unread upload drain (bounded) so the client can read the answer.
      if (!req.complete) discardRest(req);
      const refused = refusal(err);
      if (!refused) throw err;
      sendJson(res, refused.status, { error: refused.error });
    }
  };
}
