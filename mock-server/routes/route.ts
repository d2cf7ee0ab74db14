/**
 * What a route file provides: each API group (`routes/system.ts`,
 * `routes/user.ts`, …) exports a list of routes built with `defineRoute`,
 * typed end to end by the contract's `Endpoints` map.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { BODY_CODE, DEFAULT_MESSAGES, ENDPOINT_METHOD, type ApiEnvelope, type Endpoints } from '../../web/api/contract.ts';
import type { Clock } from '../../web/core/clock.ts';
import { ApiError } from '../http/envelope.ts';
import type { Fixtures } from '../fixtures/index.ts';
import type { MockSession } from '../sessions/session.ts';
import type { Store, UserRecord } from '../sessions/store.ts';
import type { Fields } from '../validate.ts';

export type Method = 'GET' | 'POST';

export interface RouteContext {
  /** The session's clock (virtual once QA switched it): `ctx.session.clock`. */
  clock: Clock;
  /** The session's users, tokens and SMS sends: `ctx.session.store`. */
  store: Store;
  /** The mock session this request belongs to (X-Mock-Session): its script, journal, faults and sockets. */
  session: MockSession;
  fixtures: Fixtures;
  /** The request headers (names lower-case). */
  headers: IncomingHttpHeaders;
  /** The `token` header, when sent and non-empty. */
  token: string | undefined;
  /** True when the call came in under the game API base. */
  game: boolean;
}

export interface Route {
  /** A PATH value from the contract, relative to the API base. */
  path: string;
  method: Method;
  /** Parse the input (body or GET pairs) and answer. Throws FieldError / ApiError for bad input. */
  handle(input: Fields, ctx: RouteContext): ApiEnvelope<unknown>;
}

/** Declare one endpoint: `parse` checks the input into the contract's request type, `handle` answers. */
export function defineRoute<P extends keyof Endpoints>(
  path: P,
  parse: (input: Fields) => Endpoints[P]['req'],
  handle: (req: Endpoints[P]['req'], ctx: RouteContext) => ApiEnvelope<Endpoints[P]['res'] | null>,
): Route {
  return {
    path,
    method: ENDPOINT_METHOD[path],
    handle: (input, ctx) => handle(parse(input), ctx),
  };
}

/** Like defineRoute, for calls that need a login: the token is checked before the input, and `handle` gets the user. */
export function defineUserRoute<P extends keyof Endpoints>(
  path: P,
  parse: (input: Fields) => Endpoints[P]['req'],
  handle: (req: Endpoints[P]['req'], ctx: RouteContext, user: UserRecord) => ApiEnvelope<Endpoints[P]['res'] | null>,
): Route {
  return {
    path,
    method: ENDPOINT_METHOD[path],
    handle: (input, ctx) => {
      const user = requireUser(ctx);
      return handle(parse(input), ctx, user);
    },
  };
}

/** The logged-in user of this request; answers 30001 (SPEC §8) when the token is missing, unknown or expired. */
export function requireUser(ctx: RouteContext): UserRecord {
  const user = ctx.token === undefined ? undefined : ctx.store.userForToken(ctx.token);
  if (!user) throw new ApiError(BODY_CODE.tokenExpired, DEFAULT_MESSAGES.tokenExpired);
  return user;
}
