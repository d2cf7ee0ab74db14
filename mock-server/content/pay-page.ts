/**
 * The mock payment page an order's `pay_url` opens, standing in for the
 * WeChat Pay / Alipay H5 cashier:
 *
 * - `GET  /mock-pay/<order_id>`        a small HTML page: amount, item, method, Pay and Cancel
 * - `POST /mock-pay/<order_id>/pay`    marks the order paid (applies the purchase) → 303 to the pay result page
 * - `POST /mock-pay/<order_id>/cancel` marks it cancelled → 303 to the pay result page
 *
 * The result page is `/submodules/pay/result/index?order_id=…`. A `mock_session`
 * query picks the QA session that owns the order and is carried along.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Fixtures } from '../fixtures/index.ts';
import { discardRest, readBody } from '../http/body.ts';
import { HTML_TYPE, send as reply } from '../http/reply.ts';
import { SessionLimitError } from '../sessions/registry.ts';
import type { MockSession } from '../sessions/session.ts';
import { escapeXml } from './media-svg.ts';
import { ORDER_ID, orderStatus, PAY_PAGE_PREFIX, resultUrl, sessionQuery, settleOrder } from './orders.ts';
import { contentState } from './state.ts';
import { PAY_PAGE_WORDS, type PayPageWords } from './pay-page-words.ts';
import { contentLanguage } from '../http/language.ts';
import type { ContentLanguage } from '../languages.ts';

export { PAY_PAGE_PREFIX };

export interface PayPageOptions {
  fixtures: Fixtures;
  /** The mock session of the `mock_session` query (undefined for the default one). Throws on a bad name. */
  sessionFor(name: string | undefined): MockSession;
  /** A body upload that stalls this long is cut (default: readBody's). */
  bodyIdleMs?: number;
}

function send(res: ServerResponse, status: number, html: string, extra: Record<string, string> = {}): void {
  reply(res, status, html, {
    'content-type': HTML_TYPE,
    vary: 'Accept-Language',
    'x-content-type-options': 'nosniff',
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'",
    ...extra,
  });
}

function page(title: string, content: string, language: ContentLanguage = 'en'): string {
  return `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeXml(title)}</title>
<style>
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:#121212;color:#eee;font:16px/1.5 -apple-system,'Helvetica Neue',Arial,sans-serif}
main{width:min(92vw,380px);padding:28px 24px;border-radius:16px;background:#1e1e1e;box-shadow:0 8px 32px #0008;text-align:center}
h1{font-size:18px;margin:0 0 4px}.muted{color:#999;font-size:14px}.amount{font-size:40px;font-weight:700;margin:16px 0;color:#6AFE7E}
form{margin:0}button{width:100%;margin-top:12px;padding:12px;border:0;border-radius:24px;font-size:16px;cursor:pointer}
.pay{background:#6AFE7E;color:#121212;font-weight:700}.cancel{background:#333;color:#ddd}a{color:#6AFE7E}
</style></head><body><main>${content}</main></body></html>
`;
}

function notFound(res: ServerResponse, w: PayPageWords, language: ContentLanguage): void {
  send(res, 404, page(w.notFound, `<h1>${escapeXml(w.notFound)}</h1><p class="muted">${escapeXml(w.notValid)}</p>`, language));
}

/** Answer a request under PAY_PAGE_PREFIX. */
export async function servePayPage(req: IncomingMessage, res: ServerResponse, pathname: string, query: URLSearchParams, options: PayPageOptions): Promise<void> {
  const [orderId = '', action, ...extra] = pathname.slice(PAY_PAGE_PREFIX.length).split('/');
  const method = req.method ?? 'GET';
  const language = contentLanguage(req.headers['accept-language']);
  const w = PAY_PAGE_WORDS[language];
  const sessionName = query.get('mock_session') ?? undefined;
  let session: MockSession;
  try {
    session = options.sessionFor(sessionName);
  } catch (err) {
    discardRest(req);
    if (err instanceof SessionLimitError) {
      send(res, 503, page('Too many sessions', `<h1>Too many sessions</h1><p class="muted">${escapeXml(err.message)}</p>`));
      return;
    }
    send(res, 400, page('Bad request', `<h1>Bad request</h1><p class="muted">${escapeXml(err instanceof Error ? err.message : String(err))}</p>`));
    return;
  }
  const state = contentState(session);
  const rec = ORDER_ID.test(orderId) && extra.length === 0 ? state.orders.get(orderId) : undefined;

  if (action === undefined) {
    if (method !== 'GET' && method !== 'HEAD') {
      discardRest(req);
      send(res, 405, page('Method not allowed', '<h1>Method not allowed</h1>'), { allow: 'GET, HEAD' });
      return;
    }
    if (!rec) {
      notFound(res, w, language);
      return;
    }
    const status = orderStatus(rec, session.clock.now());
    const q = sessionQuery(sessionName);
    const to = (a: string): string => escapeXml(`${PAY_PAGE_PREFIX}${rec.orderId}/${a}${q ? `?${q}` : ''}`);
    const head = `<p class="muted">${escapeXml(w.payTypes[rec.payType])} · ${escapeXml(w.cashier)}</p><h1>${escapeXml(rec.title)}</h1><div class="amount">¥${escapeXml(rec.amount)}</div><p class="muted">${escapeXml(w.order(rec.orderId))}</p>`;
    const body =
      status === 'pending'
        ? `${head}<form method="post" action="${to('pay')}"><button class="pay" type="submit">${escapeXml(w.pay(rec.amount))}</button></form>` +
          `<form method="post" action="${to('cancel')}"><button class="cancel" type="submit">${escapeXml(w.cancel)}</button></form>`
        : `${head}<p>${w.settled(escapeXml(w.statuses[status]))}</p><p><a href="${escapeXml(resultUrl(rec.orderId, sessionName))}">${escapeXml(w.back)}</a></p>`;
    send(res, 200, page(w.pay(rec.amount), body, language));
    return;
  }

  if (action !== 'pay' && action !== 'cancel') {
    discardRest(req);
    notFound(res, w, language);
    return;
  }
  if (method !== 'POST') {
    discardRest(req);
    send(res, 405, page('Method not allowed', '<h1>Method not allowed</h1>'), { allow: 'POST' });
    return;
  }
  // The form posts no fields; read (bounded) and ignore whatever came.
  const body = await readBody(req, 64 * 1024, options.bodyIdleMs);
  if (!body.ok) discardRest(req);
  if (!rec) {
    notFound(res, w, language);
    return;
  }
  settleOrder(options.fixtures, session.store, state, rec, action, session.clock.now());
  const location = resultUrl(rec.orderId, sessionName);
  send(res, 303, page(w.redirecting, `<p><a href="${escapeXml(location)}">${escapeXml(w.continue)}</a></p>`, language), { location });
}
