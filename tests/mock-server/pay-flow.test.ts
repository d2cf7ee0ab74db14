import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_FIXTURES_DIR } from '../../mock-server/app.ts';
import {
  BODY_CODE,
  HEADER,
  PATH,
  type LoginInfo,
  type MemberCardListResponse,
  type Order,
  type ProductListResponse,
  type Property,
  type UserInfo,
} from '../../web/api/contract.ts';
import { ORDER_EXPIRE_MS } from '../../mock-server/limits.ts';
import { call, login, rawRequest, startApp, T0, tempDir, EXPIRED, type Started, useApp } from './helpers.ts';

const DAY_S = 86400;

let s: Started;
let user: LoginInfo;
useApp(async (started) => {
  s = started;
  user = await login(s.port, '13800000000');
});

const createOrder = (product_id: number, pay_type = 'wxpay', u: LoginInfo = user, headers?: Record<string, string>) =>
  call<Order>(s.port, PATH.createOrder, { data: { product_id, pay_type }, token: u.gly_token, headers });
const status = (order_id: string, u: LoginInfo = user, headers?: Record<string, string>) =>
  call<Order>(s.port, PATH.orderStatus, { method: 'GET', data: { order_id }, token: u.gly_token, headers });
const balance = async (u: LoginInfo = user): Promise<UserInfo> =>
  (await call<UserInfo>(s.port, PATH.getUserBalance, { data: { uid: u.swcloud_uid }, token: u.gly_token })).envelope.data;
/** The path part of an absolute pay_url. */
const local = (url: string): string => url.replace(/^http:\/\/127\.0\.0\.1:\d+/, '');
const press = (order: Order, button: 'pay' | 'cancel') => {
  const [p, q] = local(order.pay_url).split('?');
  return rawRequest(s.port, { method: 'POST', path: `${p}/${button}${q ? `?${q}` : ''}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: '' });
};

describe('GET pay/member_card_list and pay/product_list', () => {
  it('member cards: member and quick kinds with prices, benefits and the compare table', async () => {
    const r = await call<MemberCardListResponse>(s.port, PATH.memberCardList, { method: 'GET' });
    expect(r.envelope.code).toBe(BODY_CODE.success);
    const { list, compare } = r.envelope.data;
    expect(list.map((c) => c.kind)).toEqual(['member', 'member', 'member', 'quick', 'quick']);
    for (const c of list) {
      expect(c.price).toMatch(/^\d+\.\d{2}$/);
      expect(c.benefits.length).toBeGreaterThan(0);
    }
    expect(list.filter((c) => c.is_recommend === 1)).toHaveLength(1);
    expect(compare.length).toBeGreaterThanOrEqual(3);
    expect((await call(s.port, PATH.memberCardList)).status).toBe(405);
  });

  it('products: all, or one kind by /kind/…', async () => {
    const all = (await call<ProductListResponse>(s.port, PATH.productList, { method: 'GET' })).envelope.data.list;
    expect(new Set(all.map((p) => p.kind))).toEqual(new Set(['coin', 'duration']));
    const coins = (await call<ProductListResponse>(s.port, PATH.productList, { method: 'GET', data: { kind: 'coin' } })).envelope.data.list;
    expect(coins.length).toBeGreaterThan(0);
    expect(coins.every((p) => p.kind === 'coin' && p.coin > 0)).toBe(true);
    const bad = await call(s.port, PATH.productList, { method: 'GET', data: { kind: 'gems' } });
    expect(bad.envelope.code).toBe(BODY_CODE.badRequest);
    expect(bad.envelope.msg).toContain('"kind"');
  });
});

describe('h5_pay: create → mock pay page → order_status → balance', () => {
  it('paying a member card makes the user a member (SPEC §3 member_status, buy_member)', async () => {
    const before = await balance();
    expect(before).toMatchObject({ member_status: 0, buy_member: 0, member_end_time: 0 });

    const created = await createOrder(101);
    expect(created.envelope.code).toBe(BODY_CODE.success);
    const order = created.envelope.data;
    expect(order).toMatchObject({
      product_id: 101,
      product_type: 'member',
      title: 'Monthly membership',
      amount: '30.00',
      pay_type: 'wxpay',
      status: 'pending',
      created_at: Math.floor(T0 / 1000),
      paid_at: 0,
      expire_at: Math.floor((T0 + ORDER_EXPIRE_MS) / 1000),
    });
    expect(order.order_id).toMatch(/^CG20250301100000\d{8}$/);
    expect(order.pay_url).toBe(`http://127.0.0.1:${s.port}/mock-pay/${order.order_id}`);

    const page = await rawRequest(s.port, { path: local(order.pay_url) });
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.text).toContain('¥30.00');
    expect(page.text).toContain('WeChat Pay');
    expect(page.text).toContain(`action="/mock-pay/${order.order_id}/pay"`);
    expect(page.text).toContain(`action="/mock-pay/${order.order_id}/cancel"`);

    s.clock.advance(30_000);
    const paid = await press(order, 'pay');
    expect(paid.status).toBe(303);
    expect(paid.headers.location).toBe(`/submodules/pay/result/index?order_id=${order.order_id}`);

    const st = await status(order.order_id);
    expect(st.envelope).toMatchObject({ code: 1, data: { order_id: order.order_id, status: 'paid', paid_at: Math.floor(T0 / 1000) + 30 } });
    const after = await balance();
    expect(after).toMatchObject({ member_status: 1, buy_member: 1, member_end_time: Math.floor(T0 / 1000) + 30 + 30 * DAY_S });
    expect(after.member_endtime).toBe('2025-03-31 10:00:30');
    expect(after.duration).toBe(before.duration + 36000);
    expect(after.duration_coin).toBe(before.duration_coin + 36000);

    // The page now only shows the outcome; paying again changes nothing.
    expect((await rawRequest(s.port, { path: local(order.pay_url) })).text).toContain('<strong>paid</strong>');
    expect((await press(order, 'pay')).status).toBe(303);
    expect(await balance()).toEqual({ ...after, current_time: after.current_time });
    const records = (await call<Property>(s.port, PATH.cgPropertyDetail, { token: user.gly_token })).envelope.data.records;
    expect(records.map((r) => [r.kind, r.duration])).toEqual([['order', 36000]]);
  });

  it("the cashier page speaks the browser's language (decision 0010): zh-CN Simplified, zh-TW Traditional, else English", async () => {
    const order = (await createOrder(101)).envelope.data;
    const page = (lang: string) => rawRequest(s.port, { path: local(order.pay_url), headers: { 'accept-language': lang } });
    const hans = await page('zh-CN,zh;q=0.9');
    expect(hans.headers.vary).toContain('Accept-Language');
    expect(hans.text).toContain('<html lang="zh-Hans">');
    expect(hans.text).toContain('微信支付');
    expect(hans.text).toContain('支付 ¥30.00');
    expect(hans.text).not.toMatch(/WeChat|Cancel|Order /);
    const hant = await page('zh-TW');
    expect(hant.text).toContain('付款 ¥30.00');
    expect(hant.text).toContain('模擬收銀台');
    expect((await page('fr-FR')).text).toContain('Pay ¥30.00');
    const missing = await rawRequest(s.port, { path: '/mock-pay/CG2025030110000000010000', headers: { 'accept-language': 'zh-CN' } });
    expect(missing.status).toBe(404);
    expect(missing.text).toContain('找不到订单');
  });

  it('a member card extends a current membership and keeps member_status 2', async () => {
    const quick = await login(s.port, '13800000002');
    const before = await balance(quick);
    const order = (await createOrder(102, 'alipay', quick)).envelope.data;
    expect(order.pay_type).toBe('alipay');
    expect((await rawRequest(s.port, { path: local(order.pay_url) })).text).toContain('Alipay');
    await press(order, 'pay');
    const after = await balance(quick);
    expect(after.member_status).toBe(2);
    expect(after.member_end_time).toBe(before.member_end_time + 90 * DAY_S);
  });

  it('coins, play time and the quick card', async () => {
    const before = await balance();
    for (const id of [202, 212, 111]) await press((await createOrder(id)).envelope.data, 'pay');
    const after = await balance();
    expect(after.coin_balance).toBe(before.coin_balance + 330);
    expect(after.coin_balance_duration).toBe(before.coin_balance_duration + 36000);
    expect(after.duration_coin).toBe(before.duration_coin + 36000);
    expect(after.duration).toBe(before.duration);
    expect(after).toMatchObject({ quick_status: 1, quick_end_time: Math.floor(T0 / 1000) + 7 * DAY_S, member_status: 0, buy_member: 0 });
  });

  it('Cancel marks the order cancelled and grants nothing; it cannot be paid afterwards', async () => {
    const before = await balance();
    const order = (await createOrder(203)).envelope.data;
    const cancelled = await press(order, 'cancel');
    expect(cancelled.status).toBe(303);
    expect(cancelled.headers.location).toBe(`/submodules/pay/result/index?order_id=${order.order_id}`);
    expect((await status(order.order_id)).envelope.data.status).toBe('cancelled');
    await press(order, 'pay');
    expect((await status(order.order_id)).envelope.data.status).toBe('cancelled');
    expect((await balance()).coin_balance).toBe(before.coin_balance);
  });

  it('an order not paid within 15 minutes expires', async () => {
    const order = (await createOrder(201)).envelope.data;
    s.clock.advance(ORDER_EXPIRE_MS - 1);
    expect((await status(order.order_id)).envelope.data.status).toBe('pending');
    s.clock.advance(1);
    expect((await status(order.order_id)).envelope.data.status).toBe('expired');
    expect((await rawRequest(s.port, { path: local(order.pay_url) })).text).toContain('<strong>expired</strong>');
    await press(order, 'pay');
    expect((await status(order.order_id)).envelope.data.status).toBe('expired');
  });

  it('pay_url is built from the Host (decision 0008 §5) the app reached, never from X-Forwarded-Host / -Proto', async () => {
    const order = (await createOrder(101, 'wxpay', user, { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' })).envelope.data;
    expect(order.pay_url).toBe(`http://127.0.0.1:${s.port}/mock-pay/${order.order_id}`);
  });

  it('a mock session keeps its orders: the pay_url and the redirect carry mock_session', async () => {
    const headers = { [HEADER.mockSession]: 'qa-pay-1' };
    const qa = (await call<LoginInfo>(s.port, PATH.webLogin, {
      data: { mobile: '13800000000', area_code: '86', code: '123456', device_id: 'd' },
      headers,
    })).envelope.data;
    const order = (await createOrder(101, 'wxpay', qa, headers)).envelope.data;
    expect(order.pay_url).toBe(`http://127.0.0.1:${s.port}/mock-pay/${order.order_id}?mock_session=qa-pay-1`);
    // The default session does not have it.
    expect((await rawRequest(s.port, { path: `/mock-pay/${order.order_id}` })).status).toBe(404);
    const page = await rawRequest(s.port, { path: local(order.pay_url) });
    expect(page.text).toContain(`action="/mock-pay/${order.order_id}/pay?mock_session=qa-pay-1"`);
    const paid = await press(order, 'pay');
    expect(paid.headers.location).toBe(`/submodules/pay/result/index?order_id=${order.order_id}&mock_session=qa-pay-1`);
    expect((await status(order.order_id, qa, headers)).envelope.data.status).toBe('paid');
    expect((await balance()).member_status).toBe(0); // the default session's user is untouched
  });

  it('another user cannot read the order', async () => {
    const order = (await createOrder(201)).envelope.data;
    const other = await login(s.port, '13800000001');
    expect((await status(order.order_id, other)).envelope).toEqual({ code: 0, msg: 'Order not found', data: null });
  });

  it('bad input, unknown products and missing tokens', async () => {
    expect((await call(s.port, PATH.createOrder, { data: { pay_type: 'wxpay' }, token: user.gly_token })).envelope).toMatchObject({
      code: BODY_CODE.badRequest,
      msg: 'Missing field "product_id"',
    });
    const payType = await createOrder(101, 'paypal');
    expect(payType.envelope.code).toBe(BODY_CODE.badRequest);
    expect(payType.envelope.msg).toContain('"pay_type"');
    expect((await createOrder(999)).envelope).toEqual({ code: 0, msg: 'Product not found', data: null });
    const badId = await status('12345');
    expect(badId.envelope.code).toBe(BODY_CODE.badRequest);
    expect(badId.envelope.msg).toContain('"order_id"');
    expect((await call(s.port, PATH.createOrder, { data: { product_id: 101, pay_type: 'wxpay' } })).envelope).toEqual(EXPIRED);
    expect((await call(s.port, PATH.orderStatus, { method: 'GET', data: { order_id: 'CG2025030110000000010000' } })).envelope).toEqual(EXPIRED);
  });
});

describe('the mock pay page', () => {
  it('refuses unknown orders, wrong methods and bad session names', async () => {
    expect((await rawRequest(s.port, { path: '/mock-pay/CG2025030110000000010000' })).status).toBe(404);
    expect((await rawRequest(s.port, { path: '/mock-pay/../users.json' })).status).toBe(404);
    expect((await rawRequest(s.port, { method: 'POST', path: '/mock-pay/CG2025030110000000010000/pay' })).status).toBe(404);
    const order = (await createOrder(201)).envelope.data;
    const id = order.order_id;
    expect((await rawRequest(s.port, { method: 'PUT', path: `/mock-pay/${id}` })).status).toBe(405);
    expect((await rawRequest(s.port, { path: `/mock-pay/${id}/pay` })).status).toBe(405);
    expect((await rawRequest(s.port, { method: 'POST', path: `/mock-pay/${id}/refund` })).status).toBe(404);
    const bad = await rawRequest(s.port, { path: `/mock-pay/${id}?mock_session=${encodeURIComponent('a b')}` });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('Invalid mock session name');
    expect((await status(id)).envelope.data.status).toBe('pending');
  });
});

describe('pay types follow system_info pay_config', () => {
  it('a disabled method answers code 0', async () => {
    const d = tempDir('mock-pay-config');
    cpSync(DEFAULT_FIXTURES_DIR, d.dir, { recursive: true });
    const file = path.join(d.dir, 'system_info.json');
    const info = JSON.parse(readFileSync(file, 'utf8')) as { pay_config: { h5_alipay: number } };
    info.pay_config.h5_alipay = 0;
    writeFileSync(file, JSON.stringify(info));
    const other = await startApp({ fixturesDir: d.dir });
    try {
      const u = await login(other.port, '13800000000');
      const r = await call(other.port, PATH.createOrder, { data: { product_id: 101, pay_type: 'alipay' }, token: u.gly_token });
      expect(r.envelope).toEqual({ code: 0, msg: 'Payment method "alipay" is not available', data: null });
      const ok = await call(other.port, PATH.createOrder, { data: { product_id: 101, pay_type: 'wxpay' }, token: u.gly_token });
      expect(ok.envelope.code).toBe(BODY_CODE.success);
    } finally {
      await other.close();
      d.remove();
    }
  });
});
