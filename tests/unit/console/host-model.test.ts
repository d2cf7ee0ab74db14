/**
 * The host simulator's model (web/console/host, docs/decisions/0020-host-simulator.md): what it announces, how it
 * answers the framed app's calls like a shell, and what it sends, with a fake frame.
 */
import { describe, expect, it } from 'vitest';
import { BRIDGE_METHODS } from '../../../web/api/contract/bridge.ts';
import { createManualClock } from '../../../web/core/clock.ts';
import { readCall, MAX_ROWS, timeText } from '../../../web/console/host/log.ts';
import { createHostModel, normalPath, NOTICE_OK_MS, type FrameControl } from '../../../web/console/host/model.ts';
import { announcement, DEFAULT_SETTINGS, readSettings, SETTINGS_KEY, turnedArea } from '../../../web/console/host/settings.ts';

function fakeFrame(listening = true) {
  const delivered: string[] = [];
  const opened: string[] = [];
  let reloads = 0;
  const frame: FrameControl = {
    deliver: (text) => {
      if (listening) delivered.push(text);
      return listening;
    },
    reload: () => void reloads++,
    open: (p) => void opened.push(p),
  };
  return { frame, delivered, opened, reloads: () => reloads };
}

function setup(stored: string | null = null, listening = true) {
  const clock = createManualClock(Date.UTC(2025, 2, 1, 2, 0, 0));
  const f = fakeFrame(listening);
  const saved = new Map<string, string>(stored === null ? [] : [[SETTINGS_KEY, stored]]);
  const storage = { getItem: (k: string) => saved.get(k) ?? null, setItem: (k: string, v: string) => void saved.set(k, v) };
  const model = createHostModel({ clock, frame: f.frame, storage, initialPath: '/main/user/index' });
  const call = (m: unknown): void => model.link.post(JSON.stringify(m));
  return { clock, model, call, saved, ...f };
}

describe('settings and the announcement', () => {
  it('reads stored settings, keeping what checks out and defaulting the rest', () => {
    expect(readSettings(null)).toEqual(DEFAULT_SETTINGS);
    expect(readSettings('{not json')).toEqual(DEFAULT_SETTINGS);
    expect(readSettings('[1]').platform).toBe('android');
    const s = readSettings(JSON.stringify({ platform: 'ios', announce: false, capabilities: ['pay', 'login', 'vibrate'], version: 2.5, safeArea: { top: 1, right: 2, bottom: 3, left: 4 }, phone: 'yes' }));
    expect(s).toEqual({ platform: 'ios', announce: false, capabilities: ['vibrate', 'pay'], version: 1, safeArea: { top: 1, right: 2, bottom: 3, left: 4 }, phone: true });
    expect(readSettings(JSON.stringify({ platform: 'symbian', safeArea: { top: -1 } }))).toMatchObject({ platform: 'android', safeArea: null });
  });

  it('announces nothing without a host or when told not to, and the safe area turned with the phone', () => {
    expect(announcement({ ...DEFAULT_SETTINGS, platform: 'none' }, 'portrait')).toBeNull();
    expect(announcement({ ...DEFAULT_SETTINGS, announce: false }, 'portrait')).toBeNull();
    const area = { top: 47, right: 0, bottom: 34, left: 0 };
    expect(announcement({ ...DEFAULT_SETTINGS, platform: 'ios', capabilities: ['vibrate'], safeArea: area }, 'landscape')).toEqual({
      version: 1,
      platform: 'ios',
      capabilities: ['vibrate'],
      safeArea: { top: 0, right: 34, bottom: 0, left: 47 },
    });
    expect(turnedArea(area, 'portrait')).toBe(area);
  });
});

describe('the app’s calls', () => {
  it('lists them newest first and says what a real host would refuse', () => {
    expect(readCall('{"v":1,"method":"vibrate","params":{"ms":5}}', ['vibrate'])).toEqual({ method: 'vibrate', params: { ms: 5 }, v: 1 });
    expect(readCall('{oops', []).flag).toMatch(/not JSON/);
    expect(readCall({ v: 1 }, []).method).toBe('(no method)');
    expect(readCall({ v: 1, method: 'share', params: {} }, ['vibrate']).flag).toBe('not announced');
    expect(readCall({ v: 1, method: 'closeWebview' }, []).flag).toBeUndefined();
    expect(readCall({ v: 2, method: 'login' }, [...BRIDGE_METHODS]).flag).toBe('unknown method, protocol v2');
    expect(timeText(new Date(2025, 0, 1, 9, 5, 7, 42).getTime())).toBe('09:05:07.042');
  });

  it('turns the phone on setOrientation, buzzes on vibrate and keeps the last pay order', () => {
    const { model, call } = setup();
    call({ v: 1, method: 'setOrientation', params: { orientation: 'landscape' } });
    expect(model.orientation.value).toBe('landscape');
    call({ v: 1, method: 'setOrientation', params: { orientation: 'sideways' } });
    expect(model.orientation.value).toBe('landscape');
    call({ v: 1, method: 'vibrate', params: { ms: 20 } });
    call({ v: 1, method: 'vibrate', params: { ms: 1e9 } });
    expect(model.pulse.value).toEqual({ count: 2, ms: 1500 });
    call({ v: 1, method: 'pay', params: { order_id: 'O-1', product_id: 1, amount: '30.00', title: 'Card' } });
    expect(model.lastPay.value).toBe('O-1');
    expect(model.rows.value.map((r) => r.name)).toEqual(['pay', 'vibrate', 'vibrate', 'setOrientation', 'setOrientation']);
    expect(model.rows.value[0]?.detail).toContain('"order_id":"O-1"');
  });

  it('answers getNetworkType with the network after the call returns, and takes an iOS object as it comes', () => {
    const { model, clock, delivered } = setup();
    model.link.post({ v: 1, method: 'getNetworkType' });
    expect(delivered).toEqual([]);
    clock.advance(0);
    expect(delivered).toEqual(['{"event":"network","data":{"isConnected":true,"networkType":"wifi"}}']);
    expect(model.rows.value.map((r) => `${r.dir} ${r.name}`)).toEqual(['event network', 'call getNetworkType']);
  });

  it('closes on closeWebview: nothing more reaches the app until it is opened again', () => {
    const { model, call, delivered, opened } = setup();
    call({ v: 1, method: 'closeWebview' });
    expect(model.closed.value).toBe(true);
    model.send('back');
    expect(delivered).toEqual([]);
    expect(model.rows.value[0]?.flag).toMatch(/not delivered/);
    model.reopen();
    expect(model.closed.value).toBe(false);
    expect(opened).toEqual(['/main/user/index']);
  });

  it('keeps at most MAX_ROWS rows', () => {
    const { model, call } = setup();
    for (let i = 0; i < MAX_ROWS + 20; i++) call({ v: 1, method: 'vibrate', params: { ms: i } });
    expect(model.rows.value).toHaveLength(MAX_ROWS);
    expect(model.rows.value[0]?.detail).toBe(`{"ms":${MAX_ROWS + 19}}`);
  });
});

describe('what the host sends', () => {
  it('sends events as JSON text, the state they change with them, and a raw message as typed', () => {
    const { model, delivered } = setup();
    model.setNetwork('offline');
    model.send('pause');
    model.send('language', 'zh-TW');
    model.sendRaw('{"event": "nope"');
    expect(delivered).toEqual([
      '{"event":"network","data":{"isConnected":false,"networkType":"none"}}',
      '{"event":"pause"}',
      '{"event":"language","data":"zh-TW"}',
      '{"event": "nope"',
    ]);
    expect(model.network.value.isConnected).toBe(false);
    expect(model.paused.value).toBe(true);
    expect(model.language.value).toBe('zh-TW');
    model.send('resume');
    expect(model.paused.value).toBe(false);
  });

  it('answers the last pay call’s order, and nothing before one', () => {
    const { model, call, delivered } = setup();
    model.answerPay('success');
    expect(delivered).toEqual([]);
    call({ v: 1, method: 'pay', params: { order_id: 'O-9', product_id: 2, amount: '6.00', title: 'Pack' } });
    model.answerPay('fail');
    expect(JSON.parse(delivered[0] ?? '')).toEqual({ event: 'payResult', data: { order_id: 'O-9', status: 'fail', message: 'Declined by the simulated cashier' } });
  });

  it('tells the app its turned safe area when the phone turns', () => {
    const { model, delivered } = setup(JSON.stringify({ ...DEFAULT_SETTINGS, safeArea: { top: 47, right: 0, bottom: 34, left: 0 } }));
    model.turn('landscape');
    expect(JSON.parse(delivered[0] ?? '')).toEqual({ event: 'safeArea', data: { top: 0, right: 34, bottom: 0, left: 47 } });
    expect(model.link.info?.safeArea).toEqual({ top: 0, right: 34, bottom: 0, left: 47 });
  });

  it('sends nothing as no host, and says why; says so when no app page listens', () => {
    const none = setup(JSON.stringify({ platform: 'none' }));
    none.model.send('back');
    expect(none.delivered).toEqual([]);
    expect(none.model.notice.value?.text).toMatch(/No host/);
    expect(none.model.link.info).toBeNull();
    const deaf = setup(null, false);
    deaf.model.send('back');
    expect(deaf.model.notice.value?.kind).toBe('error');
  });
});

describe('settings changes and the frame', () => {
  it('stores the settings and reloads the frame with the new announcement and user agent', () => {
    const { model, saved, reloads } = setup();
    expect(model.link.userAgent).toMatch(/Android .*; wv\).* Mobile /);
    model.update({ platform: 'ios', capabilities: ['pay', 'closeWebview'] });
    expect(reloads()).toBe(1);
    expect(model.link.platform).toBe('ios');
    expect(model.link.userAgent).toMatch(/iPhone/);
    model.update({ phone: false });
    expect(model.link.userAgent).toBeNull();
    expect(reloads()).toBe(2);
    expect(model.link.info?.capabilities).toEqual(['closeWebview', 'pay']);
    expect(readSettings(saved.get(SETTINGS_KEY) ?? null).platform).toBe('ios');
  });

  it('opens only paths of its own origin', () => {
    expect(normalPath('')).toBe('/');
    expect(normalPath('main/user/index?x=1')).toBe('/main/user/index?x=1');
    expect(normalPath('//evil.example/x')).toBe('/');
    expect(normalPath('https://evil.example/')).toBe('/');
    expect(normalPath('javascript:alert(1)', 'http://127.0.0.1:8080')).toBe('/');
    expect(normalPath('http://127.0.0.1:8080/main/login/index?a=1#b', 'http://127.0.0.1:8080')).toBe('/main/login/index?a=1#b');
    const { model, opened } = setup();
    model.go('/submodules/game/game/index?game_id=1');
    expect(opened).toEqual(['/submodules/game/game/index?game_id=1']);
    expect(model.address.value).toBe('/submodules/game/game/index?game_id=1');
  });
});

describe('notices', () => {
  it('lets a confirmation go by itself and keeps an error until dismissed', () => {
    const { model, clock } = setup(null, false);
    model.update({ version: 2 });
    expect(model.notice.value?.kind).toBe('ok');
    clock.advance(NOTICE_OK_MS);
    expect(model.notice.value).toBeNull();
    model.send('back');
    clock.advance(NOTICE_OK_MS * 10);
    expect(model.notice.value?.kind).toBe('error');
    model.dismiss();
    expect(model.notice.value).toBeNull();
  });
});
