/** System group (SPEC §7): app configuration, download links, the game shield list and the agreements. */
import { PATH, type ProtocolType } from '../../web/api/contract.ts';
import { ok } from '../http/envelope.ts';
import { defineRoute, type Route } from './route.ts';

const PROTOCOL_TYPES: readonly ProtocolType[] = ['user', 'privacy'];

export const systemRoutes: Route[] = [
  defineRoute(PATH.systemInfo, () => ({}), (_req, ctx) => ok(ctx.fixtures.systemInfo)),

  // GET: any `/key/value` pairs (e.g. /lang/en) are accepted and do not change the answer.
  defineRoute(PATH.downurl, () => ({}), (_req, ctx) => ok(ctx.fixtures.downUrl)),

  defineRoute(PATH.psShield, () => ({}), (_req, ctx) => ok(ctx.fixtures.shield)),

  defineRoute(
    PATH.protocol,
    (input) => ({ type: input.oneOf('type', PROTOCOL_TYPES) }),
    (req, ctx) => ok(ctx.fixtures.protocols[req.type]),
  ),
];
