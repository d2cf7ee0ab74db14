/** System group (SPEC §7): app configuration, download links, the game shield list and the agreements. */
import { PATH, type ProtocolType } from '../../web/api/contract.ts';
import { ok } from '../http/envelope.ts';
import * as z from 'zod';
import { oneOf } from '../validate.ts';
import { defineRoute, NO_INPUT, type Route } from './route.ts';

const PROTOCOL_TYPES = ['user', 'privacy'] as const satisfies readonly ProtocolType[];

export const systemRoutes: Route[] = [
  defineRoute(PATH.systemInfo, NO_INPUT(), (_req, ctx) => ok(ctx.fixtures.systemInfo)),

  // GET: any `/key/value` pairs (e.g. /lang/en) are accepted and do not change the answer.
  defineRoute(PATH.downurl, NO_INPUT(), (_req, ctx) => ok(ctx.fixtures.downUrl)),

  defineRoute(PATH.psShield, NO_INPUT(), (_req, ctx) => ok(ctx.fixtures.shield), { shieldList: true }),

  defineRoute(
    PATH.protocol,
    () => z.object({ type: oneOf(PROTOCOL_TYPES) }),
    (req, ctx) => ok(ctx.fixtures.protocols[req.type]),
  ),
];
