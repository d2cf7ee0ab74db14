/**
 * The API pipeline, one small step per stage of SPEC §7–8:
 *
 *   session → faults → replay → route → limits and signature → handler → envelope
 *
 * Each step either answers (and the request ends there) or hands on what it
 * found; every answer goes through the envelope step (call.ts).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { BODY_CODE, GAME_CLIENT, HEADER } from '../../web/api/contract.ts';
import type { RouteMatch } from '../routes/index.ts';
import type { Route, RouteContext } from '../routes/route.ts';
import { SessionLimitError, SessionNameError } from '../sessions/registry.ts';
import type { MockSession } from '../sessions/session.ts';
import { FieldError } from '../validate.ts';
import { BodyTimeoutError, discardRest, header, readBody } from './body.ts';
import { answer, logUrl, type ApiCall, type ApiOptions } from './call.ts';
import { ApiError, badRequest } from './envelope.ts';
import { answerFault } from './fault.ts';
import { answerReplayed } from './replayed.ts';
import { parseBody, parsePathPairs, requestInput } from './input.ts';
import { verifySignature } from './signature.ts';
import { sessionFixtures } from '../sessions/db-fixtures.ts';
import { localizedFixtures } from '../sessions/db-localized.ts';
import { scriptedFixtures } from '../content/scripted.ts';
import { contentLanguage } from './language.ts';
import { CONTENT_LANGUAGES } from '../languages.ts';

export type { ApiOptions } from './call.ts';

const refuse = (o: ApiOptions, call: ApiCall, status: number, code: number, msg: string, extra: Record<string, string> = {}): Promise<void> => {
  discardRest(call.req);
  return answer(o, call, status, { code, msg, data: null }, extra);
};

/** Session step: the X-Mock-Session the request names (400 for a bad name, 503 when no session can be made). */
async function sessionStep(o: ApiOptions, call: ApiCall): Promise<MockSession | undefined> {
  try {
    return o.sessions.get(header(call.req, HEADER.mockSession));
  } catch (err) {
    if (err instanceof SessionLimitError) await refuse(o, call, 503, BODY_CODE.serverError, err.message);
    else if (err instanceof SessionNameError) await refuse(o, call, 200, BODY_CODE.badRequest, err.message);
    else throw err;
    return undefined;
  }
}

/** Route step: the route for the path (40400), called with its method (40500). */
async function routeStep(o: ApiOptions, call: ApiCall, apiPath: string): Promise<RouteMatch | undefined> {
  const match = o.findRoute(apiPath);
  if (!match) {
    await refuse(o, call, 404, BODY_CODE.notFound, `Unknown API path "${call.pathname}"`);
    return undefined;
  }
  const { route } = match;
  if (call.method === route.method) return match;
  const msg = `Method ${call.method} is not allowed for ${route.path}; use ${route.method}`;
  await refuse(o, call, 405, BODY_CODE.methodNotAllowed, msg, { allow: route.method });
  return undefined;
}

/** Limits and signature step: the body within 1 MiB (41300, answered at once), signed, game calls from the h5 client; then the input. */
async function inputStep(o: ApiOptions, call: ApiCall, match: RouteMatch, game: boolean): Promise<ReturnType<typeof requestInput> | undefined> {
  const body = await readBody(call.req, undefined, o.bodyIdleMs);
  if (!body.ok) {
    // Answer at once and let the upload drain (bounded) so the client can read this.
    await answer(o, call, 413, { code: BODY_CODE.tooLarge, msg: 'Request body is larger than 1 MiB', data: null }, {}, true);
    discardRest(call.req);
    return undefined;
  }
  verifySignature(call.req, body.text);
  // Only a signed body is journalled: anyone can send unsigned ones, as fast as they like.
  call.journal.bodyText = body.text;
  if (game) {
    const client = header(call.req, HEADER.gameClient);
    if (client === undefined) throw badRequest(`Missing header "${HEADER.gameClient}" (required on game calls)`);
    if (client !== GAME_CLIENT) throw badRequest(`Invalid header "${HEADER.gameClient}": expected "${GAME_CLIENT}", got "${client}"`);
  }
  return requestInput(parsePathPairs(match.rest), call.query, parseBody(header(call.req, 'content-type'), body.text));
}

/** Handler step's context: the session's clock and store, the request's token, the fixtures as `route` is to see them. */
function routeContext(o: ApiOptions, call: ApiCall, session: MockSession, route: Route, game: boolean): RouteContext {
  const current = sessionFixtures(session, o.fixtures);
  const language = contentLanguage(call.req.headers['accept-language']);
  return {
    clock: session.clock,
    store: session.store,
    session,
    language,
    fixtures: scriptedFixtures(localizedFixtures(current, o.fixtures, language), session.script, route.shieldList === true),
    fixturesInEveryLanguage: () =>
      CONTENT_LANGUAGES.map((language) => scriptedFixtures(localizedFixtures(current, o.fixtures, language), session.script, false)),
    headers: call.req.headers,
    token: header(call.req, HEADER.token),
    game,
  };
}

/** The `<apiBase>…` and `<gameApiBase>…` request handler. */
export function createApiHandler(o: ApiOptions): (req: IncomingMessage, res: ServerResponse, pathname: string, query: URLSearchParams) => Promise<void> {
  return async (req, res, pathname, query) => {
    const method = req.method ?? 'GET';
    const call: ApiCall = { req, res, method, pathname, query, started: performance.now(), journal: { kind: 'http', method, path: (req.url ?? pathname).slice(0, 512) } };
    try {
      const session = await sessionStep(o, call);
      if (!session) return;
      call.session = session;
      // The game base is checked first: it may sit inside the API base.
      const game = pathname.startsWith(o.gameBase);
      const apiPath = pathname.slice((game ? o.gameBase : o.apiBase).length);
      call.fault = session.faults.take(method, apiPath, pathname);
      if (call.fault && (await answerFault(o, call, session, call.fault))) return;
      if (await answerReplayed(o, call, session)) return;
      const match = await routeStep(o, call, apiPath);
      if (!match) return;
      const input = await inputStep(o, call, match, game);
      if (!input) return;
      await answer(o, call, 200, match.route.handle(input, routeContext(o, call, session, match.route, game)));
    } catch (err) {
      if (err instanceof BodyTimeoutError) {
        o.log(`${method} ${logUrl(req)} → connection closed: ${err.message}`);
      } else if (err instanceof ApiError) {
        await answer(o, call, err.status, { code: err.code, msg: err.textIn(contentLanguage(req.headers['accept-language'])), data: err.data });
      } else if (err instanceof FieldError) {
        await answer(o, call, 200, { code: BODY_CODE.badRequest, msg: err.message, data: null });
      } else {
        throw err;
      }
    }
  };
}
