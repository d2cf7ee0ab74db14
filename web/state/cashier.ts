/**
 * Which pay_url the app may open (decision 0008 §5). An order's pay_url comes
 * from the server and goes to `location.assign`, so a bad one would take the
 * player anywhere (`javascript:`, a look-alike site, a URL with credentials).
 * The app follows only https on a known cashier host, or — in a build made
 * for the mock cloud — the mock's own payment page on the API's origin.
 */
import { MOCK_PAY_PAGE_PREFIX } from '../api/contract.ts';
import { MOCK_CLOUD } from '../core/build-flags.ts';

/** The payment providers' cashier hosts, exactly (no subdomain wildcard): the one list to edit when a provider moves. */
export const CASHIER_HOSTS: readonly string[] = ['wx.tenpay.com', 'mclient.alipay.com', 'openapi.alipay.com', 'excashier.alipay.com'];

const MAX_URL_CHARS = 2048;

export type PayUrlCheck = { ok: true; url: string } | { ok: false; reason: string };

export interface PayUrlPolicy {
  /** The page's origin: a relative pay_url resolves against it. */
  pageOrigin: string;
  /** The mock cloud's origin in a mock build (the API base's), else null. */
  mockOrigin: string | null;
  hosts?: readonly string[];
}

/** The policy of this page: its origin, and in a mock build the mock's origin, which serves the API (`apiBase`). */
export function payUrlPolicy(apiBase: string, page: { origin: string; href: string }): PayUrlPolicy {
  return { pageOrigin: page.origin, mockOrigin: MOCK_CLOUD ? new URL(apiBase, page.href).origin : null };
}

const refuse = (reason: string): PayUrlCheck => ({ ok: false, reason });

/** The URL to open for `raw`, or why not (pure). */
export function checkPayUrl(raw: unknown, policy: PayUrlPolicy): PayUrlCheck {
  if (typeof raw !== 'string' || raw === '') return refuse('no payment link');
  if (raw.length > MAX_URL_CHARS) return refuse('payment link too long');
  // The URL parser drops tabs and newlines and reads "\" as "/": a link that needs either is not a link we were given honestly.
  // eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
  if (/[\u0000-\u0020\u007f-\u009f\\]/.test(raw)) return refuse('payment link has control characters, spaces or backslashes');
  let url: URL;
  try {
    url = new URL(raw, policy.pageOrigin);
  } catch {
    return refuse('payment link is not a URL');
  }
  if (url.username !== '' || url.password !== '') return refuse('payment link carries credentials');
  if (policy.mockOrigin !== null && url.origin === policy.mockOrigin && url.pathname.startsWith(MOCK_PAY_PAGE_PREFIX)) {
    return { ok: true, url: url.href };
  }
  if (url.protocol !== 'https:') return refuse(`payment link is not https (${url.protocol})`);
  if (url.port !== '') return refuse('payment link names a port');
  if (!(policy.hosts ?? CASHIER_HOSTS).includes(url.hostname)) return refuse(`${url.hostname} is not a known cashier`);
  return { ok: true, url: url.href };
}
