import { describe, expect, it, vi } from 'vitest';
import { createManualClock } from '../../../web/core/clock.ts';
import { createLoginModel, LOGIN_TEXT, safeTargetUrl, splitInternational, type LoginDeps } from '../../../web/state/login.ts';
import type { LoginInfo } from '../../../web/api/contract.ts';
import { countryByIso } from '../../../web/api/phone.ts';

const info: LoginInfo = { username: 'u1', swcloud_uid: 1, mobile: '13800000000', avatar: '', deviceID: 'd', gly_token: 't' };

function setup(overrides: Partial<LoginDeps> = {}) {
  const clock = createManualClock();
  const deps: LoginDeps = {
    clock,
    sendCode: vi.fn(async () => ({ resend_after: 60 })),
    webLogin: vi.fn(async () => info),
    loggedIn: vi.fn(async () => undefined),
    toast: vi.fn(),
    deviceId: () => 'dev-1',
    agentCode: () => null,
    ...overrides,
  };
  return { clock, deps, model: createLoginModel(deps) };
}

describe('phone login form (SPEC §2 login, §7 send_code and web_login)', () => {
  it('validates the number per country before sending a code', async () => {
    const { model, deps } = setup();
    model.setMobile('1380000');
    expect(model.phoneValid.value).toBe(false);
    expect(await model.sendCode()).toBe(false);
    expect(deps.toast).toHaveBeenCalledWith(LOGIN_TEXT.get().invalidPhone);
    model.setMobile('138 0000 0000');
    expect(model.phoneValid.value).toBe(true);
    model.setCountry(countryByIso('GB')!);
    expect(model.phoneValid.value).toBe(false);
  });

  it('sends the code with the country code and counts down before a resend', async () => {
    const { model, deps, clock } = setup();
    model.setMobile('13800000000');
    expect(await model.sendCode()).toBe(true);
    expect(deps.sendCode).toHaveBeenCalledWith({ mobile: '13800000000', area_code: '86' });
    expect(model.resendIn.value).toBe(60);
    expect(model.canSend.value).toBe(false);
    expect(await model.sendCode()).toBe(false);
    clock.advance(59_000);
    expect(model.resendIn.value).toBe(1);
    clock.advance(1_000);
    expect(model.resendIn.value).toBe(0);
    expect(model.canSend.value).toBe(true);
    expect(clock.pending()).toBe(0);
  });

  it('requires protocol consent before logging in', async () => {
    const { model, deps } = setup();
    model.setMobile('13800000000');
    model.setCode('123456');
    expect(await model.submit()).toBe(false);
    expect(deps.toast).toHaveBeenCalledWith(LOGIN_TEXT.get().needConsent);
    expect(deps.webLogin).not.toHaveBeenCalled();
  });

  it('logs in with device id and agent code, then hands the login info on', async () => {
    const { model, deps } = setup({ agentCode: () => 'ch1' });
    model.setMobile('13800000000');
    model.setCode('12a3456');
    expect(model.code.value).toBe('123456');
    model.setAgreed(true);
    expect(await model.submit()).toBe(true);
    expect(deps.webLogin).toHaveBeenCalledWith({ mobile: '13800000000', area_code: '86', code: '123456', device_id: 'dev-1', agent_code: 'ch1' });
    expect(deps.loggedIn).toHaveBeenCalledWith(info);
  });

  it('keeps what was typed when the code is wrong', async () => {
    const { model } = setup({ webLogin: vi.fn(async () => Promise.reject(new Error('验证码错误'))) });
    model.setMobile('13800000000');
    model.setCode('000000');
    model.setAgreed(true);
    expect(await model.submit()).toBe(false);
    expect(model.mobile.value).toBe('13800000000');
    expect(model.code.value).toBe('000000');
    expect(model.agreed.value).toBe(true);
    expect(model.submitting.value).toBe(false);
  });

  it('takes the country from an autofilled international number', () => {
    const { model } = setup();
    model.setMobile('+44 7400 123456');
    expect(model.country.value.iso).toBe('GB');
    expect(model.mobile.value).toBe('7400123456');
    expect(model.phoneValid.value).toBe(true);
    expect(splitInternational('13800000000')).toBeNull();
    expect(splitInternational('+852 5123 4567')?.country.code).toBe('852');
  });
});

describe('targetUrl after login (SPEC §2)', () => {
  it('returns only to same-origin paths', () => {
    expect(safeTargetUrl('/main/user/index?x=1')).toBe('/main/user/index?x=1');
    expect(safeTargetUrl('https://evil.example')).toBe('/');
    expect(safeTargetUrl('//evil.example/x')).toBe('/');
    expect(safeTargetUrl('/main/login/index?targetUrl=/')).toBe('/');
    expect(safeTargetUrl(null)).toBe('/');
  });

  it('known open-redirect bypasses go home; a same-origin path keeps its query and hash (SPEC §2 targetUrl)', () => {
    const o = 'https://play.example';
    for (const bad of [
      '/\t/evil.example',
      '/\n/evil.example',
      '/\r\n/evil.example',
      '/\\evil.example',
      '/\\/evil.example',
      '/..//evil.example',
      '/.//evil.example/x',
      '/\u0000/evil',
      '/\u007f',
      'https://evil.example/',
      'javascript:alert(1)',
      ' /main/user/index',
      '/main/login/index?targetUrl=/x',
      '/main/user/../login/index',
    ]) {
      expect(safeTargetUrl(bad, '/', o), JSON.stringify(bad)).toBe('/');
    }
    expect(safeTargetUrl('/submodules/game/game/index?game_id=1#top', '/', o)).toBe('/submodules/game/game/index?game_id=1#top');
    expect(safeTargetUrl('/a/../main/user/index', '/', o)).toBe('/main/user/index');
    expect(safeTargetUrl('/x', '/home', 'not an origin')).toBe('/home');
  });
});
