import { describe, expect, it } from 'vitest';
import { DEFAULT_MESSAGES } from '../../../../web/api/contract';
import { ApiError } from '../../../../web/core/http/errors';
import { harness, json } from './harness';

describe('call(): body codes (SPEC §8)', () => {
  it('resolves data when the body code is 1 (SPEC §8)', async () => {
    const h = harness();
    h.replies.splice(0, 1, json({ code: 1, msg: 'ok', data: { uid: 9 } }));
    await expect(h.client.call<{ uid: number }>('user/get_user_balance', { uid: 9 })).resolves.toEqual({ uid: 9 });
    expect(h.sent[0]?.method).toBe('POST');
    expect(h.toasts).toEqual([]);
  });

  it('reports 30001 through onTokenExpired with the server or default message and rejects (SPEC §8)', async () => {
    const h = harness();
    h.replies.splice(0, 1, json({ code: 30001, msg: '', data: null }), json({ code: 30001, msg: 'gone', data: null }));
    await expect(h.client.call('a')).rejects.toMatchObject({ code: 30001, msg: DEFAULT_MESSAGES.tokenExpired });
    await expect(h.client.call('b')).rejects.toMatchObject({ code: 30001, msg: 'gone' });
    expect(h.expired).toEqual([DEFAULT_MESSAGES.tokenExpired, 'gone']);
    expect(h.toasts).toEqual([]);
  });

  it('toasts other failures with the server message (default: request failed) and rejects with code and msg (SPEC §8)', async () => {
    const h = harness();
    h.replies.splice(0, 1, json({ code: 0, msg: '验证码错误', data: null }), json({ code: 40000, msg: '', data: null }));
    const err = await h.client.call('user/web_login', { code: '1' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ code: 0, msg: '验证码错误' });
    await expect(h.client.call('x')).rejects.toMatchObject({ code: 40000, msg: DEFAULT_MESSAGES.requestFailed });
    expect(h.toasts).toEqual(['验证码错误', DEFAULT_MESSAGES.requestFailed]);
  });

  it('does not toast a failure when silent, but still rejects (SPEC §8 "unless suppressed")', async () => {
    const h = harness();
    h.replies.splice(0, 1, json({ code: 0, msg: 'no', data: null }));
    await expect(h.client.call('x', {}, { silent: true })).rejects.toMatchObject({ code: 0, msg: 'no' });
    expect(h.toasts).toEqual([]);
  });

  it('treats an answer that is not an envelope as a failed request (SPEC §8)', async () => {
    const h = harness();
    h.replies.splice(0, 1, new Response('<html>'));
    await expect(h.client.call('x')).rejects.toMatchObject({ msg: DEFAULT_MESSAGES.requestFailed });
    expect(h.toasts).toEqual([DEFAULT_MESSAGES.requestFailed]);
  });

  it('passes method, game and header options through to the request (SPEC §7)', async () => {
    const h = harness();
    h.replies.splice(0, 1, json({ code: 1, msg: '', data: 1 }));
    await h.client.call('game_info', { game_id: 3 }, { method: 'GET', game: true });
    expect(h.sent[0]?.url).toBe('https://game.example.com/g/game_info/game_id/3');
    expect(h.sent[0]?.headers['game-client']).toBe('h5');
  });
});
