/**
 * First paint (decision 0018): the mock's API and control answers go out compressed when the client accepts it, as a
 * real API gateway or CDN sends JSON. home_list is ~19 KB of JSON on home's path to its first banner.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { PATH } from '../../web/api/contract.ts';
import { COMPRESS_MIN_BYTES } from '../../mock-server/http/reply.ts';
import { apiPath, rawRequest, signedHeaders, type RawResponse, type Started, useApp } from './helpers.ts';

let s: Started;
useApp((started) => (s = started), {}, 'file');

/** GET home_list, signed, with the given Accept-Encoding (none: the header is not sent). */
function homeList(acceptEncoding?: string): Promise<RawResponse> {
  const path = apiPath(PATH.homeList);
  const extra: Record<string, string> = acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding };
  return rawRequest(s.port, { path, headers: signedHeaders('GET', path, '', extra) });
}

describe('compressed answers', () => {
  it('home_list comes as brotli when accepted, decodes to the plain answer, and varies by encoding as well as origin', async () => {
    const plain = await homeList();
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(COMPRESS_MIN_BYTES);
    const br = await homeList('gzip, deflate, br');
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(br.headers['cache-control']).toBe('no-store');
    expect(br.headers.vary).toBe('Origin, Accept-Encoding');
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(br.body.length).toBeLessThan(plain.body.length / 3);
    expect(JSON.parse(brotliDecompressSync(br.body).toString('utf8'))).toEqual(JSON.parse(plain.text));
  });

  it('falls back to gzip, and to the plain body for a client that accepts neither', async () => {
    const gz = await homeList('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.body).toString('utf8'))).toMatchObject({ code: 1, msg: 'success' });
    const identity = await homeList('identity');
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(identity.text)).toMatchObject({ code: 1, msg: 'success' });
  });

  it('leaves small answers as they are (an error envelope is a few dozen bytes)', async () => {
    const path = apiPath(PATH.homeList);
    const unsigned = await rawRequest(s.port, { path, headers: { 'accept-encoding': 'br' } });
    expect(unsigned.body.length).toBeLessThan(COMPRESS_MIN_BYTES);
    expect(unsigned.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(unsigned.text)).toMatchObject({ msg: expect.stringContaining('nonce') });
  });
});
