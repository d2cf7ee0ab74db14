/** Decision 0008 §5: the app opens only a pay_url on a known cashier (https) or, in a mock build, the mock's own payment page. */
import { describe, expect, it } from 'vitest';
import { CASHIER_HOSTS, checkPayUrl, payUrlPolicy, type PayUrlPolicy } from '../../../web/state/cashier.ts';

const MOCK: PayUrlPolicy = { pageOrigin: 'http://127.0.0.1:8080', mockOrigin: 'http://127.0.0.1:8080' };
const PROD: PayUrlPolicy = { pageOrigin: 'https://play.example.com', mockOrigin: null };

describe('checkPayUrl (decision 0008 §5)', () => {
  it('https on a known cashier host is opened as given', () => {
    for (const host of CASHIER_HOSTS) {
      expect(checkPayUrl(`https://${host}/pay?order=CG1&sign=a%2Bb`, PROD)).toEqual({ ok: true, url: `https://${host}/pay?order=CG1&sign=a%2Bb` });
    }
  });

  it("a mock build opens the mock's own payment page on the API's origin, relative or absolute", () => {
    expect(checkPayUrl('http://127.0.0.1:8080/mock-pay/CG2025?mock_session=qa', MOCK)).toEqual({ ok: true, url: 'http://127.0.0.1:8080/mock-pay/CG2025?mock_session=qa' });
    expect(checkPayUrl('/mock-pay/CG2025', MOCK)).toEqual({ ok: true, url: 'http://127.0.0.1:8080/mock-pay/CG2025' });
  });

  it.each([
    ['javascript:alert(document.cookie)', MOCK, /not https \(javascript:\)/],
    ['JaVaScRiPt:alert(1)', PROD, /not https \(javascript:\)/],
    ['data:text/html,<script>alert(1)</script>', MOCK, /not https \(data:\)/],
    ['java\tscript:alert(1)', MOCK, /control characters/],
    ['https://wx.tenpay.com\\@evil.example/', PROD, /backslashes/],
    [' https://wx.tenpay.com/', PROD, /control characters, spaces/],
    ['https://evil.example/pay', PROD, /evil\.example is not a known cashier/],
    ['https://wx.tenpay.com.evil.example/pay', PROD, /is not a known cashier/],
    ['https://evil.wx.tenpay.com/pay', PROD, /is not a known cashier/],
    ['https://user:pass@wx.tenpay.com/pay', PROD, /credentials/],
    ['https://wx.tenpay.com@evil.example/pay', PROD, /credentials/],
    ['https://wx.tenpay.com:8443/pay', PROD, /names a port/],
    ['http://wx.tenpay.com/pay', PROD, /not https \(http:\)/],
    ['//evil.example/mock-pay/CG1', MOCK, /not https \(http:\)/],
    ['http://127.0.0.1:8080/mock-pay/CG1', PROD, /not https/],
    ['http://127.0.0.1:8080/main/user/index', MOCK, /not https/],
    ['http://127.0.0.1:9999/mock-pay/CG1', MOCK, /not https/],
    ['http://[::1', MOCK, /not a URL/],
    ['', MOCK, /no payment link/],
    [42, MOCK, /no payment link/],
    [`https://wx.tenpay.com/${'a'.repeat(3000)}`, PROD, /too long/],
  ] as const)('%j is refused', (raw, policy, reason) => {
    const r = checkPayUrl(raw, policy);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.reason).toMatch(reason);
  });

  it("a mock build's policy names the API base's origin as the mock's (unit tests run as a mock build)", () => {
    expect(payUrlPolicy('/api/', { origin: 'http://127.0.0.1:8080', href: 'http://127.0.0.1:8080/submodules/pay/loading/index' })).toEqual(MOCK);
    expect(payUrlPolicy('http://10.0.0.2:9000/api/', { origin: 'http://127.0.0.1:8080', href: 'http://127.0.0.1:8080/' }).mockOrigin).toBe('http://10.0.0.2:9000');
  });
});
