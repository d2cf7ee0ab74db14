/**
 * Decision 0010 end to end: the settings choice changes the open page at once and holds after a reload and a
 * log-out; a zh-TW browser gets Traditional Chinese. That no route shows English words of the UI in a zh-CN browser,
 * logged out and logged in, is checked on the zh accessibility sweep's visits (a11y.ts, english-on-screen.ts).
 */
import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { PAGE_PATH } from '../../web/core/paths.ts';
import { newPhonePage, personaState, PHONE, screenshot, useServerAndBrowser, type StorageState } from './harness.ts';

const e2e = useServerAndBrowser();

const zh = (locale: string, storageState?: StorageState): Parameters<Browser['newContext']>[0] => ({ ...PHONE, locale, ...(storageState ? { storageState } : {}) });

describe('Chinese everywhere (decision 0010)', () => {
  it('choosing a language in settings changes the open page at once, and it holds after a reload and a log-out', async () => {
    const state = await personaState(e2e, '13800000003');
    const phone = await newPhonePage(e2e.browser, e2e.server.url, { context: { ...PHONE, storageState: state }, path: PAGE_PATH.setting });
    const { page } = phone;
    await page.getByRole('heading', { name: 'Settings' }).waitFor();
    // A mark on the window: it survives only if the page is not reloaded.
    await page.evaluate(() => ((window as unknown as { stay: number }).stay = 1));
    await page.getByRole('radio', { name: '简体中文' }).click();
    await page.getByRole('heading', { name: '设置' }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { stay?: number }).stay)).toBe(1);
    expect(await page.getByRole('radio', { name: '简体中文' }).getAttribute('aria-checked')).toBe('true');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('zh-Hans');

    await page.reload();
    await page.getByRole('heading', { name: '设置' }).waitFor();
    expect(await page.getByRole('button', { name: 'Log out' }).count()).toBe(0);

    await page.getByRole('button', { name: '退出登录' }).click();
    await page.waitForURL((u) => u.pathname === PAGE_PATH.home);
    await page.goto(new URL(PAGE_PATH.aboutus, e2e.server.url).href);
    await page.getByRole('heading', { name: '关于我们' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('zh-Hans');
    expect(phone.errors).toEqual([]);
    await phone.close();
  });

  it('a zh-TW browser gets Traditional Chinese, not Simplified', async () => {
    const state = await personaState(e2e, '13800000002');
    const phone = await newPhonePage(e2e.browser, e2e.server.url, { context: zh('zh-TW', state), path: PAGE_PATH.setting });
    const { page } = phone;
    await page.getByRole('heading', { name: '設定' }).waitFor();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('zh-Hant');
    expect(await page.getByRole('button', { name: '登出' }).count()).toBe(1);
    await page.goto(new URL(`${PAGE_PATH.protocol}?type=privacy`, e2e.server.url).href);
    await page.getByRole('tab', { name: '隱私權政策' }).waitFor();
    await page.goto(new URL(PAGE_PATH.timelapse, e2e.server.url).href);
    await page.getByRole('heading', { name: '每日簽到' }).waitFor();
    // Simplified forms of the same words must not show.
    const body = await page.locator('body').innerText();
    expect(body).not.toMatch(/签到|时长|设置/);
    await screenshot(page, 'i18n-zh-TW-timelapse');
    expect(phone.errors).toEqual([]);
    await phone.close();
  });
});
