/**
 * `/__db/orders`: the orders of a session (content/state.ts), the records
 * order_status and the mock pay page read. QA can move an order on (set its
 * status, make it expire by moving `expireMs` into the past), retitle or
 * reprice it, or remove it. This edits the record only: marking an order
 * paid here grants nothing, as the pay page's "Pay" does (SPEC §4 shop).
 * Orders are made by create_order, so there is no POST or PUT; what makes
 * an order whose (orderId, uid, product, pay type, payUrl, createdMs) cannot
 * change.
 */
import type { NextFunction, Request, Response } from 'express';
import * as z from 'zod';
import { contentState, type OrderRecord } from '../content/state.ts';
import { check, FieldError, int, isObj, oneOf, text } from '../validate.ts';
import { DbError } from './db-fixtures.ts';
import { createListReader } from './db-list-reader.ts';
import type { MockSession } from './session.ts';

const EDITABLE = z.strictObject({
  status: oneOf(['pending', 'paid', 'cancelled'] as const),
  title: text({ max: 60 }),
  amount: text({ pattern: /^\d{1,6}\.\d{2}$/, hint: 'a price in yuan like "30.00"' }),
  expireMs: int({ min: 0 }),
  paidMs: int({ min: 0 }),
});

const FIXED = ['orderId', 'uid', 'productId', 'productType', 'payType', 'createdMs', 'payUrl'] as const;

export interface OrdersDb {
  match(path: string): { id: string | undefined } | undefined;
  handle(session: MockSession, id: string | undefined, req: Request, res: Response, next: NextFunction): void;
  all(session: MockSession): OrderRecord[];
}

export function createOrdersDb(log: (line: string) => void): OrdersDb {
  const readList = createListReader<{ orders: OrderRecord[] }>({ orders: [] }, 'orderId');
  const all = (session: MockSession): OrderRecord[] => [...contentState(session).orders.values()];

  return {
    match(path) {
      const m = /^\/orders(?:\/([^/]+))?\/?$/.exec(path);
      return m ? { id: m[1] === undefined ? undefined : decodeURIComponent(m[1]) } : undefined;
    },
    all,
    handle(session, id, req, res, next) {
      const orders = contentState(session).orders;
      const method = req.method;
      try {
        const existing = id === undefined ? undefined : orders.get(id);
        if (id !== undefined && !existing) throw new DbError(404, `No order with orderId ${id}`);
        if (method === 'GET' || method === 'HEAD') {
          if (existing) res.json(existing);
          else {
            readList({ orders: all(session) }, req, res, next);
          }
          return;
        }
        if (method !== 'PATCH' && method !== 'DELETE') throw new DbError(405, `${method} is not supported on /__db/orders: orders come from create_order; PATCH or DELETE one`);
        if (!existing) throw new DbError(405, `${method} needs an id: /__db/orders/<orderId>`);
        if (method === 'DELETE') {
          orders.delete(existing.orderId);
          res.json({});
        } else {
          const body: unknown = req.body;
          if (!isObj(body)) throw new DbError(400, 'The body must be a JSON object');
          for (const key of FIXED) {
            if (body[key] !== undefined && body[key] !== existing[key]) throw new DbError(400, `"${key}" cannot change; editable: ${Object.keys(EDITABLE.shape).join(', ')}`);
          }
          const { status, title, amount, expireMs, paidMs } = existing;
          const fields = Object.fromEntries(Object.entries(body).filter(([k]) => !(FIXED as readonly string[]).includes(k)));
          let checked: z.output<typeof EDITABLE>;
          try {
            checked = check(EDITABLE, { status, title, amount, expireMs, paidMs, ...fields }, '', 'order');
          } catch (err) {
            if (err instanceof FieldError) throw new DbError(400, `Invalid order: "${err.field}" ${err.problem}`);
            throw err;
          }
          Object.assign(existing, checked);
          res.json(existing);
        }
        log(`/__db/ ${method} ${req.originalUrl.slice(0, 200)} (session ${session.name})`);
      } catch (err) {
        next(err);
      }
    },
  };
}
