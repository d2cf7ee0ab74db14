/**
 * What the mock cashier page says, in each content language: it stands in
 * for the WeChat Pay / Alipay H5 page a player reads, and the browser opens
 * it with its own Accept-Language (http/language.ts picks the language).
 */
import type { OrderStatus } from '../../web/api/contract.ts';
import type { ContentLanguage } from '../languages.ts';

export interface PayPageWords {
  payTypes: { wxpay: string; alipay: string };
  cashier: string;
  order: (id: string) => string;
  pay: (amount: string) => string;
  cancel: string;
  /** The order is no longer pending: `status` is its state in the words below. */
  settled: (status: string) => string;
  statuses: Readonly<Record<Exclude<OrderStatus, 'pending'>, string>>;
  back: string;
  notFound: string;
  notValid: string;
  redirecting: string;
  continue: string;
}

export const PAY_PAGE_WORDS: Readonly<Record<ContentLanguage, PayPageWords>> = {
  en: {
    payTypes: { wxpay: 'WeChat Pay', alipay: 'Alipay' },
    cashier: 'mock cashier',
    order: (id) => `Order ${id}`,
    pay: (amount) => `Pay ¥${amount}`,
    cancel: 'Cancel',
    settled: (status) => `This order is <strong>${status}</strong>.`,
    statuses: { paid: 'paid', cancelled: 'cancelled', expired: 'expired' },
    back: 'Back to the app',
    notFound: 'Order not found',
    notValid: 'This payment link is not valid.',
    redirecting: 'Redirecting',
    continue: 'Continue',
  },
  'zh-Hans': {
    payTypes: { wxpay: '微信支付', alipay: '支付宝' },
    cashier: '模拟收银台',
    order: (id) => `订单号 ${id}`,
    pay: (amount) => `支付 ¥${amount}`,
    cancel: '取消',
    settled: (status) => `此订单<strong>${status}</strong>。`,
    statuses: { paid: '已支付', cancelled: '已取消', expired: '已过期' },
    back: '返回应用',
    notFound: '找不到订单',
    notValid: '此支付链接无效。',
    redirecting: '正在跳转',
    continue: '继续',
  },
  'zh-Hant': {
    payTypes: { wxpay: '微信支付', alipay: '支付寶' },
    cashier: '模擬收銀台',
    order: (id) => `訂單編號 ${id}`,
    pay: (amount) => `付款 ¥${amount}`,
    cancel: '取消',
    settled: (status) => `此訂單<strong>${status}</strong>。`,
    statuses: { paid: '已付款', cancelled: '已取消', expired: '已逾期' },
    back: '返回應用程式',
    notFound: '找不到訂單',
    notValid: '此付款連結無效。',
    redirecting: '正在跳轉',
    continue: '繼續',
  },
};
