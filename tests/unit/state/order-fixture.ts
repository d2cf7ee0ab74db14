import type { Order, OrderStatus } from '../../../web/api/contract.ts';

/** A monthly membership order (SPEC §7 h5_pay) in `status`, as order_status answers it. */
export const anOrder = (status: OrderStatus, orderId = 'o1'): Order => ({
  order_id: orderId,
  product_id: 101,
  product_type: 'member',
  title: 'Monthly membership',
  amount: '30.00',
  pay_type: 'wxpay',
  status,
  pay_url: `/mock-pay/${orderId}`,
  created_at: 0,
  paid_at: 0,
  expire_at: 0,
});
