/**
 * The shop and h5 pay (SPEC §5, §7): member cards, recharge products and
 * orders. Prices are yuan as "0.00" strings; use the decimal helpers.
 */

// ---- member cards and recharge products

export type MemberCardKind = 'member' | 'quick';
export interface MemberCard {
  /** Unique across member cards and products: create_order takes either. */
  id: number;
  /** member: sets member_status and member_end_time; quick: the quick card (better queue grade, SPEC §6). */
  kind: MemberCardKind;
  name: string;
  days: number;
  price: string;
  original_price: string;
  /** Play time granted on purchase, seconds (0 for none). */
  duration: number;
  /** Short label such as "Best value"; "" for none. */
  tag: string;
  is_recommend: 0 | 1;
  benefits: string[];
}
export interface MemberCompareRow {
  name: string;
  free: string;
  member: string;
}
export interface MemberCardListResponse {
  list: MemberCard[];
  /** The member/compare page's table. */
  compare: MemberCompareRow[];
}

/** coin: adds to coin_balance; duration: play time added to coin_balance_duration and duration_coin. */
export type ProductKind = 'coin' | 'duration';
export interface Product {
  id: number;
  kind: ProductKind;
  name: string;
  coin: number;
  bonus_coin: number;
  /** Seconds, for duration products (0 for coin products). */
  duration: number;
  price: string;
  original_price: string;
  tag: string;
  is_recommend: 0 | 1;
}
export interface ProductListRequest {
  kind?: ProductKind;
}
export interface ProductListResponse {
  list: Product[];
}

// ---- h5 pay

export type PayType = 'wxpay' | 'alipay';
/** expired: not paid in time (the mock: 15 minutes). */
export type OrderStatus = 'pending' | 'paid' | 'cancelled' | 'expired';
export type OrderProductType = MemberCardKind | ProductKind;
export interface Order {
  order_id: string;
  product_id: number;
  product_type: OrderProductType;
  title: string;
  /** Yuan, "0.00". */
  amount: string;
  pay_type: PayType;
  status: OrderStatus;
  /** The payment page to open (on the mock: `/mock-pay/<order_id>`, which returns to /submodules/pay/result/index?order_id=…). */
  pay_url: string;
  created_at: number;
  /** 0 until paid. */
  paid_at: number;
  expire_at: number;
}
export interface CreateOrderRequest {
  /** A member card or product id. */
  product_id: number;
  /** Must be enabled in system_info pay_config (h5_wxpay / h5_alipay). */
  pay_type: PayType;
}
export interface OrderStatusRequest {
  order_id: string;
}
/** The mock cloud's payment pages (`<prefix><order_id>`): the only pay_url a mock build follows off the cashier list. */
export const MOCK_PAY_PAGE_PREFIX = '/mock-pay/';
