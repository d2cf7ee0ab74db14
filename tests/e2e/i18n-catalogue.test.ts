/**
 * Decision 0010 on the shell, home, library, Mine, login, download, error and catalogue screens: a zh-CN phone reads
 * them in Simplified Chinese (screenshots at 390×844 to check the Chinese fits), a zh-TW one in Traditional.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newPhonePage, screenshot, useServerAndBrowser, waitForAppShell } from './harness.ts';

const e2e = useServerAndBrowser();
const zh = (locale: string) => ({ context: { locale } });

async function visit(page: Page, path: string, ready: () => Promise<unknown>, name: string): Promise<void> {
  await page.goto(path);
  await waitForAppShell(page);
  await ready();
  await screenshot(page, name);
}

describe('catalogue and shell screens in Chinese (decision 0010)', () => {
  it('shows home, library, search, detail, list, login, download and 404 in Simplified Chinese', async () => {
    // The unknown path is answered 404 before the app sends it to its 404 page.
    const { page, errors, close } = await newPhonePage(e2e.browser, e2e.server.url, { ...zh('zh-CN'), ignoreConsole: [/404/] });
    await visit(page, '/', () => page.getByRole('region', { name: '精选游戏' }).waitFor(), 'zh-home');
    await page.getByRole('link', { name: '游戏库' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('zh-Hans');
    await visit(page, '/main/gameLibrary/index', () => page.locator('.ggrid .gcard').first().waitFor(), 'zh-library');
    await page.getByRole('button', { name: '高分' }).waitFor();
    await visit(page, '/submodules/game/search/index', () => page.getByPlaceholder('搜索游戏、标签、厂商').waitFor(), 'zh-search');
    await page.getByPlaceholder('搜索游戏、标签、厂商').fill('zzzzqqq');
    await page.getByText('试试更短的关键词').waitFor();
    await screenshot(page, 'zh-search-empty');
    await visit(page, '/submodules/game/detail/index?game_id=1', () => page.getByRole('heading', { name: '游戏简介' }).waitFor(), 'zh-detail');
    await page.getByRole('button', { name: /^开始玩 / }).waitFor();
    await visit(page, '/submodules/game/list/index?sort=new', () => page.locator('.ggrid .gcard').first().waitFor(), 'zh-list');
    await page.getByRole('heading', { name: '游戏', level: 1 }).waitFor();
    await visit(page, '/main/login/index', () => page.getByRole('heading', { name: '手机号登录' }).waitFor(), 'zh-login');
    await page.getByRole('button', { name: '获取验证码' }).waitFor();
    await visit(page, '/main/download/index', () => page.getByRole('heading', { name: '手机上的云玩' }).waitFor(), 'zh-download');
    await visit(page, '/nowhere', () => page.getByRole('heading', { name: '页面不存在' }).waitFor(), 'zh-404');
    expect(await page.title()).toBe('页面不存在');
    expect(errors).toEqual([]);
    await close();
  });

  it('logs in and shows Mine, played games and the questionnaire in Simplified Chinese', async () => {
    const { page, errors, close } = await newPhonePage(e2e.browser, e2e.server.url, { ...zh('zh-CN'), path: '/main/login/index?targetUrl=%2Fmain%2Fuser%2Findex' });
    await waitForAppShell(page);
    await page.getByLabel('手机号').fill('13800000001');
    await page.getByLabel('验证码').fill('123456');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await page.getByRole('heading', { name: '我的', level: 1 }).waitFor();
    await page.getByText('剩余时长').waitFor();
    await screenshot(page, 'zh-mine');
    await visit(page, '/submodules/game/played/index', () => page.locator('.gcard, .cat-empty').first().waitFor(), 'zh-played');
    await visit(page, '/submodules/game/guide/questionnaire', () => page.getByText('你喜欢哪些类型的游戏？').waitFor(), 'zh-questionnaire');
    await visit(page, '/', () => page.getByText('剩余时长').waitFor(), 'zh-home-logged-in');
    expect(errors).toEqual([]);
    await close();
  });

  it('reads Traditional Chinese on a zh-TW phone', async () => {
    const { page, errors, close } = await newPhonePage(e2e.browser, e2e.server.url, { ...zh('zh-TW'), path: '/main/gameLibrary/index' });
    await waitForAppShell(page);
    await page.getByRole('heading', { name: '遊戲庫', level: 1 }).waitFor();
    await page.getByRole('button', { name: '高評分' }).waitFor();
    await screenshot(page, 'zh-hant-library');
    expect(errors).toEqual([]);
    await close();
  });
});
