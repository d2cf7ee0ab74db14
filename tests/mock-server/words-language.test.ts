/**
 * Decision 0010: a failure a player reads answers in the request's language
 * (Accept-Language → en / zh-Hans / zh-Hant, as content does), from the one
 * table in mock-server/http/words.ts; a developer's message stays English.
 */
import { describe, expect, it } from 'vitest';
import { GAME_CODE, PATH } from '../../web/api/contract.ts';
import { WORDS } from '../../mock-server/http/words.ts';
import { GAME_KEY, player } from './game-helpers.ts';
import { call, type Started, useApp } from './helpers.ts';

let s: Started;
useApp((started) => (s = started), {}, 'file');

const WRONG_CODE = { mobile: '13800000001', area_code: '86', code: '654321', device_id: 'd1' };
const inLanguage = (language: string | undefined): Record<string, string> => (language === undefined ? {} : { 'accept-language': language });

describe('a failure in the request language', () => {
  it.each([
    [undefined, 'Wrong verification code'],
    ['en-US,en;q=0.9', 'Wrong verification code'],
    ['zh-CN,zh;q=0.9,en;q=0.8', '验证码错误'],
    ['zh-Hans', '验证码错误'],
    ['zh-TW,zh;q=0.9', '驗證碼錯誤'],
    ['zh-Hant', '驗證碼錯誤'],
    ['fr-FR,fr;q=0.9', 'Wrong verification code'],
  ])('web_login with a wrong code, Accept-Language %s, says %s', async (language, msg) => {
    const r = await call(s.port, PATH.webLogin, { data: WRONG_CODE, headers: inLanguage(language) });
    expect(r.envelope).toEqual({ code: 0, msg, data: null });
  });

  it('fills placeholders in each language (a mobile number of the wrong length)', async () => {
    const data = { mobile: '123', area_code: '86', device_id: 'd1', code: '000000' };
    const say = async (language: string): Promise<string> => (await call(s.port, PATH.webLogin, { data, headers: inLanguage(language) })).envelope.msg;
    expect(await say('en')).toMatch(/^Invalid mobile number: not a valid China \(\+86\) mobile number, e\.g\. \d+$/);
    expect(await say('zh-CN')).toMatch(/^手机号格式不正确：不是有效的中国（\+86）手机号，例如 \d+$/);
    expect(await say('zh-TW')).toMatch(/^手機號碼格式不正確：不是有效的中國（\+86）手機號碼，例如 \d+$/);
  });

  it('a game failure thrown deep in the game logic is worded on the way out (envelope msg and sub_msg)', async () => {
    const p = await player(s, '13800000002');
    const stop = (language: string) =>
      call<{ code: number; sub_msg: string }>(s.port, PATH.stopGame, { game: true, token: p.token, data: { game_key: GAME_KEY, sc_id: '424242' }, headers: inLanguage(language) });
    const en = await stop('en');
    expect(en.envelope).toEqual({ code: GAME_CODE.sessionNotFound, msg: 'Game session 424242 not found', data: { code: GAME_CODE.sessionNotFound, sub_msg: 'Game session 424242 not found' } });
    const hans = await stop('zh-CN');
    expect(hans.envelope).toMatchObject({ msg: '游戏会话 424242 不存在', data: { sub_msg: '游戏会话 424242 不存在' } });
    const hant = await stop('zh-HK');
    expect(hant.envelope).toMatchObject({ msg: '找不到遊戲工作階段 424242', data: { sub_msg: '找不到遊戲工作階段 424242' } });
  });

  it("a developer's message (a malformed request) stays English in any language", async () => {
    const r = await call(s.port, PATH.webLogin, { rawBody: '{', headers: inLanguage('zh-CN') });
    expect(r.envelope.msg).toMatch(/^Malformed JSON body/);
  });
});

describe('the failure table', () => {
  const placeholders = (text: string): string[] => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? '').sort();
  it.each(Object.entries(WORDS))('%s has the same placeholders and no English in Chinese', (_id, texts) => {
    expect(placeholders(texts['zh-Hans'])).toEqual(placeholders(texts.en));
    expect(placeholders(texts['zh-Hant'])).toEqual(placeholders(texts.en));
    for (const zh of [texts['zh-Hans'], texts['zh-Hant']]) expect(zh.replace(/\{\w+\}/g, '')).not.toMatch(/[A-Za-z]{3,}/);
    expect(texts['zh-Hant']).not.toBe(texts['zh-Hans']);
  });
});
