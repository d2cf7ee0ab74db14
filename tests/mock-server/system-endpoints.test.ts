import { describe, expect, it } from 'vitest';
import { BODY_CODE, PATH, type DownUrl, type Protocol, type PsShield, type SystemInfo } from '../../web/api/contract.ts';
import { call, rawRequest, type Started, useApp } from './helpers.ts';

let s: Started;
useApp((started) => (s = started), {}, 'file');

describe('system endpoints (SPEC §7)', () => {
  it('POST index/api/system_info answers the system info of SPEC §3', async () => {
    const r = await call<SystemInfo>(s.port, PATH.systemInfo);
    expect(r.status).toBe(200);
    expect(r.envelope.code).toBe(BODY_CODE.success);
    const info = r.envelope.data;
    expect(info.pay_config).toEqual({ h5_wxpay: 1, h5_alipay: 1 });
    expect(typeof info.cloud_game_load_page).toBe('string');
    expect(info.h5_can_sign_agents).toMatch(/^[\w-]+(,[\w-]+)*$/);
    expect(typeof info.h5_limit_back_home).toBe('string');
    expect(info.recommend_product_pop_conf.expire_times).toBeGreaterThan(0);
    expect(Object.keys(info.definition_default_conf).sort()).toEqual(['normal_user_default', 'vip_can_use', 'vip_user_default']);
  });

  it('GET index/api/downurl answers download links, with GET data as /key/value path pairs', async () => {
    const plain = await call<DownUrl>(s.port, PATH.downurl, { method: 'GET' });
    expect(plain.envelope.code).toBe(BODY_CODE.success);
    expect(plain.envelope.data.android_url).toMatch(/^https:\/\//);
    expect(plain.envelope.data.ios_url).toMatch(/^https:\/\//);
    expect(plain.envelope.data.version).toMatch(/^\d+\.\d+\.\d+$/);
    const withPairs = await call<DownUrl>(s.port, PATH.downurl, { method: 'GET', data: { lang: 'en', channel: 'cg official' } });
    expect(withPairs.envelope).toEqual(plain.envelope);
  });

  it('GET data with a key and no value is a bad request naming the key', async () => {
    const r = await call(s.port, `${PATH.downurl}/lang`, { method: 'GET' });
    expect(r.envelope.code).toBe(BODY_CODE.badRequest);
    expect(r.envelope.msg).toContain('"lang"');
  });

  it('POST api/ps_shield answers the hidden games as a comma list (SPEC §6, §7)', async () => {
    const r = await call<PsShield>(s.port, PATH.psShield, { data: { agent_code: 'cg_official' } });
    expect(r.envelope).toEqual({ code: 1, msg: 'success', data: { game: '3,17' } });
  });

  it.each(['user', 'privacy'] as const)('POST index/api/protocol {type: %s} answers a multi-paragraph agreement', async (type) => {
    const r = await call<Protocol>(s.port, PATH.protocol, { data: { type } });
    expect(r.envelope.code).toBe(BODY_CODE.success);
    const p = r.envelope.data;
    expect(p.type).toBe(type);
    expect(p.title.length).toBeGreaterThan(3);
    expect(p.content.split('\n\n').length).toBeGreaterThanOrEqual(3);
    expect(p.content).not.toMatch(/<[a-z]/i);
    expect(p.updated_at).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('protocol with an unknown type is a bad request naming the field', async () => {
    const r = await call(s.port, PATH.protocol, { data: { type: 'cookies' } });
    expect(r.envelope.code).toBe(BODY_CODE.badRequest);
    expect(r.envelope.msg).toContain('"type"');
    const missing = await call(s.port, PATH.protocol, { data: {} });
    expect(missing.envelope).toMatchObject({ code: BODY_CODE.badRequest, msg: 'Missing field "type"' });
  });

  it('GET /__health answers {ok: true}', async () => {
    const r = await rawRequest(s.port, { path: '/__health' });
    expect(r.status).toBe(200);
    expect(JSON.parse(r.text)).toEqual({ ok: true });
  });
});
