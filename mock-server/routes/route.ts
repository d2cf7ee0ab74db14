/**
 * What a route file provides: each API group (`routes/system.ts`,
 * `routes/user.ts`, …) exports a list of routes built with `defineRoute`,
 * typed end to end by the contract's `Endpoints` map: a route's input schema
 * must produce the contract's request type.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { BODY_CODE, ENDPOINT_METHOD, type ApiEnvelope, type Endpoints } from '../../web/api/contract.ts';
import type { Clock } from '../../web/core/clock.ts';
import { ApiError } from '../http/envelope.ts';
import { Wording } from '../http/words.ts';
import type { Fixtures } from '../fixtures/index.ts';
import type { ContentLanguage } from '../languages.ts';
import type { MockSession } from '../sessions/session.ts';
import type { Store, UserRecord } from '../sessions/store.ts';
import type { RequestInput } from '../http/input.ts';
import { check } from '../validate.ts';
import { strictNumbers, textNumbers, type Numbers } from './input.ts';
import * as z from 'zod';

export type Method = 'GET' | 'POST';

export interface RouteContext {
  /** The session's clock (virtual once QA switched it): `ctx.session.clock`. */
  clock: Clock;
  /** The session's users, tokens and SMS sends: `ctx.session.store`. */
  store: Store;
  /** The mock session this request belongs to (X-Mock-Session): its script, journal, faults and sockets. */
  session: MockSession;
  /** The request's language (Accept-Language): player-facing failures are worded in it (http/words.ts). */
  language: ContentLanguage;
  /** The session's fixtures (its /__db/ copy once QA edited one) in the request's language (Accept-Language). */
  fixtures: Fixtures;
  /** The same fixtures in every content language, the request's included: search matches a title in any of them. */
  fixturesInEveryLanguage: () => readonly Fixtures[];
  /** The request headers (names lower-case). */
  headers: IncomingHttpHeaders;
  /** The `token` header, when sent and non-empty. */
  token: string | undefined;
  /** True when the call came in under the game API base. */
  game: boolean;
}

/** A route's input schema, built for JSON and for text input (`n` reads numbers accordingly). */
export type InputSchema<T> = (n: Numbers) => z.ZodType<T>;

/** Routes that read no input: whatever comes is ignored. */
export const NO_INPUT = <T>(): InputSchema<T> => () => z.object({}) as unknown as z.ZodType<T>;

/** What a route says about itself beyond its path and method: the pipeline reads these, never the path. */
export interface RouteFlags {
  /**
   * It answers the shield list itself (SPEC §6 "hidden via a shield list"): a scenario's `listShielded` hides the
   * shield from every other call's fixtures, never from this one's (content/scripted.ts).
   */
  shieldList?: true;
}

export interface Route extends RouteFlags {
  /** A PATH value from the contract, relative to the API base. */
  path: string;
  method: Method;
  /** Check the input (body or GET pairs) and answer. Throws FieldError / ApiError for bad input. */
  handle(input: RequestInput, ctx: RouteContext): ApiEnvelope<unknown>;
}

/** The input reader of a schema: its JSON and text builds, made once. */
export function inputReader<T>(schema: InputSchema<T>): (input: RequestInput) => T {
  const json = schema(strictNumbers);
  const text = schema(textNumbers);
  return (input) => check(input.text ? text : json, input.data);
}

/**
 * Declare one endpoint whose `guard` runs before its input is read (so a missing login answers 30001 before any
 * field error); what the guard returns is handed to `handle` with the checked request.
 */
export function defineGuardedRoute<P extends keyof Endpoints, G>(
  path: P,
  input: InputSchema<Endpoints[P]['req']>,
  guard: (ctx: RouteContext) => G,
  handle: (req: Endpoints[P]['req'], ctx: RouteContext, guarded: G) => ApiEnvelope<Endpoints[P]['res'] | null>,
  flags: RouteFlags = {},
): Route {
  const read = inputReader(input);
  return {
    ...flags,
    path,
    method: ENDPOINT_METHOD[path],
    handle: (req, ctx) => {
      const guarded = guard(ctx);
      return handle(read(req), ctx, guarded);
    },
  };
}

/** Declare one endpoint: `input` checks the request into the contract's request type, `handle` answers. */
export function defineRoute<P extends keyof Endpoints>(
  path: P,
  input: InputSchema<Endpoints[P]['req']>,
  handle: (req: Endpoints[P]['req'], ctx: RouteContext) => ApiEnvelope<Endpoints[P]['res'] | null>,
  flags: RouteFlags = {},
): Route {
  return defineGuardedRoute(path, input, () => undefined, handle, flags);
}

/** Like defineRoute, for calls that need a login: the token is checked before the input, and `handle` gets the user. */
export function defineUserRoute<P extends keyof Endpoints>(
  path: P,
  input: InputSchema<Endpoints[P]['req']>,
  handle: (req: Endpoints[P]['req'], ctx: RouteContext, user: UserRecord) => ApiEnvelope<Endpoints[P]['res'] | null>,
): Route {
  return defineGuardedRoute(path, input, requireUser, handle);
}

/** The logged-in user when the request carries a valid token; a visitor (undefined) otherwise. For calls that work both ways. */
export function optionalUser(ctx: RouteContext): UserRecord | undefined {
  return ctx.token === undefined ? undefined : ctx.store.userForToken(ctx.token);
}

/** The logged-in user of this request; answers 30001 (SPEC §8) when the token is missing, unknown or expired. */
export function requireUser(ctx: RouteContext): UserRecord {
  const user = optionalUser(ctx);
  if (!user) throw new ApiError(BODY_CODE.tokenExpired, new Wording('tokenExpired'));
  return user;
}
