/**
 * Pay group: GET pay/product_list, POST h5_pay/create_order and GET
 * h5_pay/order_status. An order's `pay_url` is the mock payment page on this
 * server (pay-page.ts), whose Pay / Cancel buttons settle the order and send
 * the browser back to the app's pay result page.
 */
import { BODY_CODE, HEADER, PATH, type PayType, type ProductKind } from '../../web/api/contract.ts';
import { contentState } from '../content/state.ts';
import { fail, ok } from '../http/envelope.ts';
import { wordsIn } from '../http/words.ts';
import { requestOrigin } from '../content/media.ts';
import { createOrder, findShopItem, ORDER_ID, orderView } from '../content/orders.ts';
import * as z from 'zod';
import { oneOf, optional, text } from '../validate.ts';
import { defineRoute, defineUserRoute, type Route } from './route.ts';

const PAY_TYPES = ['wxpay', 'alipay'] as const satisfies readonly PayType[];
const KINDS = ['coin', 'duration'] as const satisfies readonly ProductKind[];

function mockSession(headers: Parameters<typeof requestOrigin>[0]): string | undefined {
  const v = headers[HEADER.mockSession];
  const s = Array.isArray(v) ? v[0] : v;
  return s === undefined || s === '' ? undefined : s;
}

export const payRoutes: Route[] = [
  // GET: /kind/coin or /kind/duration, or all.
  defineRoute(
    PATH.productList,
    () => z.object({ kind: optional(oneOf(KINDS)) }),
    (req, ctx) => ok({ list: ctx.fixtures.content.shop.products.filter((p) => req.kind === undefined || p.kind === req.kind).map((p) => ({ ...p })) }),
  ),

  defineUserRoute(
    PATH.createOrder,
    (n) => z.object({ product_id: n.int({ min: 1 }), pay_type: oneOf(PAY_TYPES) }),
    (req, ctx, user) => {
      const item = findShopItem(ctx.fixtures, req.product_id);
      if (!item) return fail(BODY_CODE.failed, wordsIn(ctx.language, 'productNotFound'));
      const pay = ctx.fixtures.systemInfo.pay_config;
      if ((req.pay_type === 'wxpay' ? pay.h5_wxpay : pay.h5_alipay) !== 1) {
        return fail(BODY_CODE.failed, wordsIn(ctx.language, 'payTypeUnavailable', { payType: req.pay_type }));
      }
      const now = ctx.clock.now();
      const rec = createOrder(contentState(ctx.session), user.uid, item, req.pay_type, now, {
        // The Host the app reached us at, never X-Forwarded-Host: the app opens this URL (docs/decisions/0008-hardening.md §5).
        origin: requestOrigin(ctx.headers, { proxy: false }),
        session: mockSession(ctx.headers),
      });
      return ok(orderView(rec, now), 'Order created');
    },
  ),

  // GET: /order_id/CG…
  defineUserRoute(
    PATH.orderStatus,
    () => z.object({ order_id: text({ pattern: ORDER_ID, hint: 'an order id like "CG2025030110000000010042"' }) }),
    (req, ctx, user) => {
      const rec = contentState(ctx.session).orders.get(req.order_id);
      if (!rec || rec.uid !== user.uid) return fail(BODY_CODE.failed, wordsIn(ctx.language, 'orderNotFound'));
      return ok(orderView(rec, ctx.clock.now()));
    },
  ),
];
