/**
 * The HTTP client's own words (SPEC §8's status texts, "request failed", the
 * 30001 default) follow the player's language (decision 0010): SPEC §8's
 * Chinese for zh-Hans, Traditional for zh-Hant, English for an English reader.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { httpWording } from '../../../web/app/http-wording.ts';
import { setLocale } from '../../../web/core/i18n/messages.ts';
import { SPEC_WORDING } from '../../../web/core/http/request.ts';
import { harness, json } from '../core/http/harness.ts';

afterEach(() => setLocale('en'));

describe("the HTTP client speaks the player's language", () => {
  it('English by default, and a status without its own text is a connection error', () => {
    const w = httpWording();
    expect(w.status(404)).toBe('Wrong request address');
    expect(w.status(418)).toBe('Connection error');
    expect(w.requestFailed).toBe('Request failed');
  });

  it("zh-Hans is SPEC §8's own Chinese, every status alike; zh-Hant its Traditional form", async () => {
    await setLocale('zh-Hans');
    const w = httpWording();
    for (const code of [400, 401, 404, 408, 502, 504, 505, 418]) expect(w.status(code)).toBe(SPEC_WORDING.status(code));
    expect(w.requestFailed).toBe(SPEC_WORDING.requestFailed);
    expect(w.tokenExpired).toBe(SPEC_WORDING.tokenExpired);
    await setLocale('zh-Hant');
    expect(httpWording().status(408)).toBe('請求逾時');
  });

  it('the client toasts in the language current at the time of the failure', async () => {
    const h = harness({ wording: httpWording });
    h.replies.splice(0, 1, json({}, 404), json('not an envelope'));
    await expect(h.client.request({ url: 'x', method: 'POST' })).rejects.toMatchObject({ msg: 'Wrong request address' });
    await setLocale('zh-Hans');
    await expect(h.client.call('y')).rejects.toMatchObject({ msg: '请求失败' });
    expect(h.toasts).toEqual(['Wrong request address', '请求失败']);
  });
});
