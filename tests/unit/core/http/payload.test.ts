import { describe, expect, it } from 'vitest';
import { appendPathPairs, encodeBody, stripEmpty } from '../../../../web/core/http/payload';
import { harness } from './harness';

describe('payload rules (SPEC §5, §7)', () => {
  it('drops empty, null and empty-string fields (SPEC §5)', () => {
    expect(stripEmpty({ a: 1, b: undefined, c: null, d: '', e: 0, f: false, g: [] })).toEqual({ a: 1, e: 0, f: false, g: [] });
  });

  it('puts GET data into the path as URI-encoded /key/value pairs, not a query string (SPEC §7)', () => {
    expect(appendPathPairs('/api/game_info', { game_id: 7, name: 'a b/c' })).toBe('/api/game_info/game_id/7/name/a%20b%2Fc');
    expect(appendPathPairs('/api/x/?keep=1', { a: 1 })).toBe('/api/x/a/1?keep=1');
    expect(appendPathPairs('/api/x', undefined)).toBe('/api/x');
  });

  it('encodes the body by content type: json, urlencoded or plain string (SPEC §5, §7)', () => {
    expect(encodeBody({ a: 1, b: 'x y' }, 'application/json')).toBe('{"a":1,"b":"x y"}');
    expect(encodeBody({ a: 1, b: 'x y' }, 'application/x-www-form-urlencoded; charset=UTF-8')).toBe('a=1&b=x+y');
    expect(encodeBody('raw text', 'text/plain')).toBe('raw text');
    expect(encodeBody(undefined, 'application/json')).toBe('{}');
  });

  it('sends GET pairs without empty fields and no body (SPEC §5, §7)', async () => {
    const h = harness();
    await h.client.request({ url: 'index/api/downurl', method: 'GET', data: { uid: 5, gone: '', none: null } });
    expect(h.sent[0]?.url).toBe('/api/index/api/downurl/uid/5');
    expect(h.sent[0]?.body).toBeUndefined();
  });

  it('sends a JSON body by default and honours a urlencoded or text/plain content-type (SPEC §5)', async () => {
    const h = harness();
    await h.client.request({ url: 'a', method: 'POST', data: { uid: 5, empty: '' } });
    await h.client.request({ url: 'b', method: 'POST', data: { uid: 5 }, header: { 'Content-Type': 'application/x-www-form-urlencoded' } });
    await h.client.request({ url: 'c', method: 'PUT', data: 'hello', header: { 'content-type': 'text/plain' } });
    expect(h.sent.map((s) => [s.headers['content-type'], s.body])).toEqual([
      ['application/json', '{"uid":5}'],
      ['application/x-www-form-urlencoded', 'uid=5'],
      ['text/plain', 'hello'],
    ]);
  });

  it('resolves relative urls against apiBase, game calls against gameApiBase, absolute urls as is (SPEC §7)', async () => {
    const h = harness();
    await h.client.request({ url: '/user/sign_in', method: 'POST' });
    await h.client.request({ url: 'play_game', method: 'POST', game: true });
    await h.client.request({ url: 'https://other.example.com/x', method: 'POST' });
    expect(h.sent.map((s) => s.url)).toEqual([
      '/api/user/sign_in',
      'https://game.example.com/g/play_game',
      'https://other.example.com/x',
    ]);
  });
});
