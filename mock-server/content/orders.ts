/**
 * Orders of the h5 pay flow: create (pending), then paid or cancelled on the
 * mock payment page, or expired after ORDER_EXPIRE_MS. Paying applies the
 * purchase exactly once: a member card sets member_status (1 unless already
 * 2), extends member_end_time and sets buy_member; a quick card sets the
 * quick card; coins add to coin_balance; play time to duration_coin.
 */
import {
  MOCK_PAY_PAGE_PREFIX,
  type MemberCard,
  type Order,
  type OrderProductType,
  type OrderStatus,
  type PayType,
  type Product,
} from '../../web/api/contract.ts';
// The app's page, named where every page path is (decision 0004).
import { PAGE_PATH } from '../../web/core/paths.ts';
import { ORDER_EXPIRE_MS } from '../limits.ts';
import type { ContentState, OrderRecord } from './state.ts';
import { cstStamp, DAY_MS } from './days.ts';
import type { Fixtures } from '../fixtures/index.ts';
import type { Store } from '../sessions/store.ts';

/** The app checks a pay_url against the same prefix (web/state/cashier.ts). */
export const PAY_PAGE_PREFIX = MOCK_PAY_PAGE_PREFIX;
export const ORDER_ID = /^CG\d{22,30}$/;

export type ShopItem = { type: OrderProductType; title: string; amount: string } & ({ card: MemberCard } | { product: Product });

/** A member card or recharge product by id. */
export function findShopItem(fixtures: Fixtures, id: number): ShopItem | undefined {
  const shop = fixtures.content.shop;
  const card = shop.cards.find((c) => c.id === id);
  if (card) return { type: card.kind, title: card.name, amount: card.price, card };
  const product = shop.products.find((p) => p.id === id);
  if (product) return { type: product.kind, title: product.name, amount: product.price, product };
  return undefined;
}

export function orderStatus(rec: OrderRecord, now: number): OrderStatus {
  return rec.status === 'pending' && now >= rec.expireMs ? 'expired' : rec.status;
}

export function orderView(rec: OrderRecord, now: number): Order {
  return {
    order_id: rec.orderId,
    product_id: rec.productId,
    product_type: rec.productType,
    title: rec.title,
    amount: rec.amount,
    pay_type: rec.payType,
    status: orderStatus(rec, now),
    pay_url: rec.payUrl,
    created_at: Math.floor(rec.createdMs / 1000),
    paid_at: Math.floor(rec.paidMs / 1000),
    expire_at: Math.floor(rec.expireMs / 1000),
  };
}

/** The query that keeps a mock session across full page loads ("" without one). */
export function sessionQuery(session: string | undefined): string {
  return session === undefined ? '' : `mock_session=${encodeURIComponent(session)}`;
}

export function resultUrl(orderId: string, session: string | undefined): string {
  const q = sessionQuery(session);
  return `${PAGE_PATH.payResult}?order_id=${encodeURIComponent(orderId)}${q ? `&${q}` : ''}`;
}

export function createOrder(
  state: ContentState,
  uid: number,
  item: ShopItem,
  payType: PayType,
  now: number,
  at: { origin: string; session: string | undefined },
): OrderRecord {
  const orderId = state.newOrderId(cstStamp(now));
  const q = sessionQuery(at.session);
  const rec: OrderRecord = {
    orderId,
    uid,
    productId: 'card' in item ? item.card.id : item.product.id,
    productType: item.type,
    title: item.title,
    amount: item.amount,
    payType,
    status: 'pending',
    createdMs: now,
    paidMs: 0,
    expireMs: now + ORDER_EXPIRE_MS,
    payUrl: `${at.origin}${PAY_PAGE_PREFIX}${orderId}${q ? `?${q}` : ''}`,
  };
  state.orders.set(orderId, rec);
  return rec;
}

/**
 * Pay or cancel a pending order on the mock payment page. Answers the status
 * afterwards; an order that is no longer pending (paid, cancelled, expired)
 * is left as it is.
 */
export function settleOrder(fixtures: Fixtures, store: Store, state: ContentState, rec: OrderRecord, action: 'pay' | 'cancel', now: number): OrderStatus {
  if (orderStatus(rec, now) !== 'pending') return orderStatus(rec, now);
  if (action === 'cancel') {
    rec.status = 'cancelled';
    return rec.status;
  }
  const user = store.userByUid(rec.uid);
  const item = findShopItem(fixtures, rec.productId);
  rec.status = 'paid';
  rec.paidMs = now;
  if (!user || !item) return rec.status;
  const title = `Purchase: ${item.title} (${rec.orderId})`;
  if ('card' in item) {
    const days = item.card.days * DAY_MS;
    if (item.card.kind === 'member') {
      user.memberEndMs = Math.max(now, user.memberEndMs) + days;
      if (user.memberStatus === 0) user.memberStatus = 1;
      user.buyMember = 1;
    } else {
      user.quickEndMs = Math.max(now, user.quickEndMs) + days;
      user.quickStatus = 1;
    }
    state.grant(user, 'order', title, now, { duration: item.card.duration });
  } else if (item.product.kind === 'coin') {
    state.grant(user, 'order', title, now, { coin: item.product.coin + item.product.bonus_coin });
  } else {
    state.grant(user, 'order', title, now, { duration: item.product.duration, bought: true });
  }
  return rec.status;
}
