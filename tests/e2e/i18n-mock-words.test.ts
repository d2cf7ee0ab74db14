/**
 * Decision 0010: what the mock cloud says reaches a Chinese player in their language: a failure toast (the login's
 * wrong code) and the stream's HUD, drawn in the app's language. Screenshots for a look at both.
 */
import { describe, expect, it } from 'vitest';
import { gamePath, gameScreen, LANDSCAPE, PHONE, reach100, screenshot, useServerAndBrowser, waitForAppShell, type SessionPage } from './harness.ts';

const e2e = useServerAndBrowser();
const game = gameScreen(e2e, 'i18n-words');

const LABELS = {
  'zh-CN': { phone: '手机号', code: '验证码', logIn: '登录', wrong: '验证码错误' },
  'zh-TW': { phone: '手機號碼', code: '驗證碼', logIn: '登入', wrong: '驗證碼錯誤' },
} as const;

async function logInAs(p: SessionPage, locale: keyof typeof LABELS, code: string, path?: string): Promise<void> {
  const t = LABELS[locale];
  const target = path ? `&targetUrl=${encodeURIComponent(path)}` : '';
  await p.page.goto(new URL(`/main/login/index?mock_session=${p.session}${target}`, e2e.server.url).href);
  await waitForAppShell(p.page);
  await p.page.getByLabel(t.phone, { exact: true }).fill('13800000001');
  await p.page.getByLabel(t.code, { exact: true }).fill(code);
  await p.page.getByRole('checkbox').check();
  await p.page.getByRole('button', { name: t.logIn, exact: true }).click();
}

describe.each(['zh-CN', 'zh-TW'] as const)('%s', (locale) => {
  it('a wrong code toasts the mock failure in the language, not "中文 / English"', async () => {
    const p = await game.open('default', { context: { ...PHONE, locale }, clock: false });
    try {
      await logInAs(p, locale, '000000');
      const toast = p.page.getByText(LABELS[locale].wrong, { exact: true });
      await toast.waitFor();
      await screenshot(p.page, `i18n-mock-${locale}-wrong-code`);
      expect(await p.page.getByText(/Wrong verification code/).count()).toBe(0);
    } finally {
      await p.close();
    }
  });

  it('the stream HUD is drawn in the language (screenshots portrait and landscape)', async () => {
    const p = await game.open('default', { context: { ...LANDSCAPE, locale }, clock: false });
    try {
      await logInAs(p, locale, '123456', gamePath(1));
      await reach100(p.page);
      await p.page.waitForFunction(() => {
        const v = document.querySelector('video');
        return v !== null && v.readyState >= 2 && v.currentTime > 1;
      }, undefined, { timeout: 20_000 });
      await screenshot(p.page, `i18n-mock-${locale}-stream-landscape`);
      await p.page.setViewportSize(PHONE.viewport);
      // Held upright, the phone asks to be turned (decision 0023); put aside, the HUD shows whole.
      await p.page.getByTestId('turn-hint').getByRole('button').click();
      await p.page.waitForFunction(() => (document.querySelector('video')?.currentTime ?? 0) > 2, undefined, { timeout: 20_000 });
      await screenshot(p.page, `i18n-mock-${locale}-stream-portrait`);
    } finally {
      await p.close();
    }
  });
});
