import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { HEADER, signingString } from '../../../../web/api/contract';
import { sha256Hex } from '../../../../web/core/http/sha256';
import { harness } from './harness';

const hex = (s: string): string => createHash('sha256').update(s).digest('hex');

describe('request headers and signing (SPEC §7, §9)', () => {
  it('sends token, wwwid, nonce, timestamp, sign-type, app id, version codes and device id (SPEC §7, §9)', async () => {
    const h = harness();
    await h.client.request({ url: 'user/get_user_balance', method: 'POST', data: { uid: 1 } });
    const sent = h.sent[0]?.headers ?? {};
    expect(sent[HEADER.token]).toBe('tok-1');
    expect(sent[HEADER.wwwid]).toBe('www-1');
    expect(sent[HEADER.nonce]).toMatch(/^[0-9a-f]{32}$/);
    expect(sent[HEADER.timestamp]).toBe('1700000000');
    expect(sent[HEADER.signType]).toBe('sha256');
    expect(sent[HEADER.appId]).toBe('cg-h5');
    expect(sent[HEADER.versionCode]).toBe('120');
    expect(sent[HEADER.appVersion]).toBe('1.0.0');
    expect(sent[HEADER.appVersionCode]).toBe('100');
    expect(sent[HEADER.deviceId]).toBe('dev-1');
    expect(sent[HEADER.agentCode]).toBeUndefined();
    expect(sent[HEADER.gameClient]).toBeUndefined();
  });

  it('omits the token when logged out and adds agent code, extra headers and the game header set when present (SPEC §7)', async () => {
    const h = harness({
      getToken: () => null,
      getAgentCode: () => 'ch9',
      extraHeaders: () => ({ [HEADER.mockSession]: 'qa-1' }),
    });
    await h.client.request({ url: 'get_token', method: 'POST', game: true });
    const sent = h.sent[0]?.headers ?? {};
    expect(sent[HEADER.token]).toBeUndefined();
    expect(sent[HEADER.agentCode]).toBe('ch9');
    expect(sent[HEADER.mockSession]).toBe('qa-1');
    expect(sent[HEADER.gameClient]).toBe('h5');
  });

  it('signs method, the path as sent (GET pairs included), timestamp, nonce and body (SPEC §7)', async () => {
    const h = harness();
    await h.client.request({ url: 'game_info', method: 'GET', data: { game_id: 'a b' } });
    await h.client.request({ url: 'user/sign_in', method: 'POST', data: { uid: 3 } });
    const [get, post] = h.sent;
    expect(get?.headers.sign).toBe(
      hex(signingString('GET', '/api/game_info/game_id/a%20b', get?.headers.timestamp ?? '', get?.headers.nonce ?? '', '')),
    );
    expect(post?.headers.sign).toBe(
      hex(signingString('POST', '/api/user/sign_in', post?.headers.timestamp ?? '', post?.headers.nonce ?? '', '{"uid":3}')),
    );
    expect(get?.headers.nonce).not.toBe(post?.headers.nonce);
  });

  it('signs only the pathname+search of an absolute url (SPEC §7)', async () => {
    const h = harness();
    await h.client.request({ url: 'play_game?x=1', method: 'POST', game: true, data: { k: 1 } });
    const s = h.sent[0];
    expect(s?.headers.sign).toBe(hex(signingString('POST', '/g/play_game?x=1', s?.headers.timestamp ?? '', s?.headers.nonce ?? '', '{"k":1}')));
  });

  it('default sha256Hex matches a reference SHA-256 (SPEC §7 sign)', async () => {
    expect(await sha256Hex('abc\n中文')).toBe(hex('abc\n中文'));
  });

  it('without crypto.subtle (an insecure origin, decision 0008 §2) sha256Hex signs with the JavaScript SHA-256, same digest (SPEC §7 sign)', async () => {
    for (const text of ['', 'abc\n中文', 'x'.repeat(10_000), signingString('POST', '/api/user/web_login', '1740794400', 'ab'.repeat(16), '{"mobile":"13800000001"}')]) {
      expect(await sha256Hex(text, null)).toBe(hex(text));
    }
  });
});
