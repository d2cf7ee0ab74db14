/**
 * What the accessibility sweep checks on a page (a11y-en.test.ts, a11y-zh.test.ts): axe-core's WCAG 2.0/2.1/2.2 A and
 * AA rules with no serious or critical violation, every control a touch target of at least 24×24 CSS px (WCAG 2.2
 * SC 2.5.8) at 390×844, and a viewport that lets the player zoom. In Chinese the same visits also check that no
 * English word of the UI shows (decision 0010, english-on-screen.ts). The route list is the route table, so a new
 * page is checked without touching these files. One file per language, so the two run side by side.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES, type RouteDef } from '../../web/app/route-table.ts';
import { GAME_PATH, PAGE_PATH } from '../../web/core/paths.ts';
import { VIEWPORT, VIEWPORT_NO_ZOOM } from '../../web/core/viewport.ts';
import { axeViolations } from './axe.ts';
import { englishProblems } from './english-on-screen.ts';
import {
  animationsDone,
  backGesture,
  gamePath,
  gameScreen,
  logInAnyLanguage,
  loggedInPage,
  networkWatch,
  newPhonePage,
  reach100,
  screenshot,
  useServerAndBrowser,
  waitForAppShell,
  type PhonePage,
} from './harness.ts';

const MIN_TARGET = 24;
export const MEMBER = '13800000001';
/** A free player who never bought: the purchase pop-ups show for them (SPEC §5), so their words are checked too. */
export const FREE_PLAYER = '13800000000';

export interface SweepOptions {
  /** Who is logged in for the "every page" part. */
  persona: string;
  /** Also fail on English words of the UI (decision 0010). */
  noEnglish: boolean;
}

/** The query a page needs to show its content rather than its "missing parameter" state. */
const QUERY: Partial<Record<RouteDef['page'], string>> = {
  gameDetail: '?game_id=1',
  webviewDetail: '?game_id=1',
  game: '?game_id=1',
  protocol: '?type=user',
  gameList: '?tag_id=3&title=RPG',
  search: '?keyword=star',
};

const watches = new WeakMap<Page, ReturnType<typeof networkWatch>>();

/** Loads `path` and waits until the page is settled: rendered, its calls answered, its animations done. */
async function visit(page: Page, path: string): Promise<void> {
  let watch = watches.get(page);
  if (watch === undefined) watches.set(page, (watch = networkWatch(page)));
  await page.goto(path, { waitUntil: 'load' });
  await waitForAppShell(page);
  // The game screen keeps a socket open (not a request); every page goes quiet once its calls are answered.
  await watch.quiet();
  await animationsDone(page);
}

/** axe's serious and critical violations (WCAG 2.0–2.2 A and AA), one readable line per element. */
const axeProblems = (page: Page): Promise<string[]> => axeViolations(page, { impacts: ['serious', 'critical'] });

/**
 * Controls smaller than 24×24 CSS px, unless the WCAG 2.2 spacing exception holds (a 24 px circle on the
 * control's centre meets no other control) or the control is a link inside a sentence.
 */
async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate((min) => {
    const controls = [...document.querySelectorAll<HTMLElement>('button, a[href], [role="button"], [role="tab"], [role="link"], input:not([type="hidden"]), select, textarea, [role="checkbox"], [role="switch"]')].filter((el) => {
      const r = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      return r.width > 0 && r.height > 0 && style.visibility !== 'hidden' && style.pointerEvents !== 'none';
    });
    const boxes = controls.map((el) => el.getBoundingClientRect());
    const inSentence = (el: HTMLElement): boolean => el.tagName === 'A' && getComputedStyle(el).display === 'inline' && (el.parentElement?.textContent?.trim().length ?? 0) > (el.textContent?.trim().length ?? 0);
    const name = (el: HTMLElement): string =>
      `${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? `.${el.className.trim().split(/\s+/).join('.')}` : ''} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 30)}"`;
    return controls.flatMap((el, i) => {
      const r = boxes[i];
      if (!r || (r.width >= min && r.height >= min) || inSentence(el)) return [];
      const cx = r.left + r.width / 2;
      const cy = r.top + r.height / 2;
      // The spacing exception: the undersized target's 24 px circle must not touch another target's box.
      const crowded = boxes.some((o, j) => {
        if (j === i || controls[j]?.contains(el) || el.contains(controls[j] ?? null)) return false;
        const dx = Math.max(o.left - cx, 0, cx - o.right);
        const dy = Math.max(o.top - cy, 0, cy - o.bottom);
        return Math.hypot(dx, dy) < min / 2;
      });
      return crowded ? [`${name(el)} is ${Math.round(r.width)}×${Math.round(r.height)}`] : [];
    });
  }, MIN_TARGET);
}

/** The viewport must let the player zoom (WCAG 1.4.4) on every page but the game screen. */
async function zoomProblems(page: Page, path: string): Promise<string[]> {
  const content = (await page.locator('meta[name="viewport"]').getAttribute('content')) ?? '';
  const expected = path.startsWith(GAME_PATH) ? VIEWPORT_NO_ZOOM : VIEWPORT;
  return content === expected ? [] : [`viewport meta is "${content}", expected "${expected}"`];
}

const pathOf = (r: RouteDef): string => `${r.path}${QUERY[r.page] ?? ''}`;
// The home alias is the same page as "/".
const pages = ROUTES.filter((r) => r.path !== PAGE_PATH.home || r.page === 'home').filter((r, i, all) => all.findIndex((o) => o.page === r.page) === i);

export function accessibilitySweep(locale: string, o: SweepOptions = { persona: MEMBER, noEnglish: false }): void {
  const e2e = useServerAndBrowser({ video: false });
  const gs = gameScreen(e2e, `a11y-${locale}`);
  const english = (page: Page, where: string): Promise<string[]> => (o.noEnglish ? englishProblems(page, where) : Promise.resolve([]));
  const problems = async (page: Page, path: string, where: string): Promise<string> =>
    [...(await axeProblems(page)), ...(await smallTargets(page)), ...(await zoomProblems(page, path)), ...(await english(page, where))].join('\n');
  // The markup of each public page that passed logged out. Logged in, a page whose markup is the same (an error page,
  // the agreement) is the same page to every check here — same document, styles, viewport and words — and is not
  // checked twice; one whose markup differs by a single node is checked again.
  const passedOut = new Map<string, string>();
  const markup = (page: Page): Promise<string> => page.evaluate(() => document.documentElement.outerHTML);

  describe(`accessibility in ${locale}`, () => {
    describe('logged out: every public page', () => {
      let phone: PhonePage;
      beforeAll(async () => {
        phone = await newPhonePage(e2e.browser, e2e.server.url, { context: { locale } });
      });
      afterAll(() => phone.close());

      it.each(pages.filter((r) => r.public).map((r) => [pathOf(r), r] as const))('%s', async (path) => {
        await visit(phone.page, path);
        await screenshot(phone.page, `a11y-${locale}-out-${path}`);
        expect(await problems(phone.page, path, `out ${path}`)).toBe('');
        passedOut.set(path, await markup(phone.page));
      });
    });

    describe(`logged in as ${o.persona === MEMBER ? 'a member' : 'a free player'}: every page`, () => {
      let phone: PhonePage;
      beforeAll(async () => {
        phone = await loggedInPage(e2e, { persona: o.persona, locale, ignoreConsole: [/WebSocket/i, /Failed to load resource/] });
      });
      afterAll(() => phone.close());

      it.each(pages.map((r) => [pathOf(r), r] as const))('%s', async (path) => {
        await visit(phone.page, path);
        await screenshot(phone.page, `a11y-${locale}-in-${path}`);
        const same = passedOut.get(path) === (await markup(phone.page));
        if (!same) expect(await problems(phone.page, path, `in ${path}`)).toBe('');
      });
    });
  });

  describe(`accessibility of the game screen and its dialogs in ${locale} (landscape)`, () => {
    it('playing, the game menu and the quit dialog', async () => {
      const p = await gs.open('play-now', { context: { viewport: { width: 844, height: 390 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale }, clock: false });
      try {
        await p.page.goto(`${PAGE_PATH.login}?mock_session=${p.session}&targetUrl=${encodeURIComponent(gamePath(1))}`);
        await waitForAppShell(p.page);
        await logInAnyLanguage(p.page, MEMBER);
        await reach100(p.page);
        const check = async (name: string): Promise<void> => {
          await animationsDone(p.page);
          await screenshot(p.page, `a11y-${locale}-${name}`);
          expect(await problems(p.page, GAME_PATH, name)).toBe('');
        };
        await check('game-playing');
        // Found by their markup, not their words, so the check runs unchanged in every language.
        await p.page.locator('.gs-ball').click();
        await p.page.getByRole('dialog').waitFor();
        await check('game-menu');
        await p.page.locator('.gm-close').click();
        await p.page.getByRole('dialog').waitFor({ state: 'detached' });
        await backGesture(p.page);
        await p.page.getByRole('dialog').waitFor();
        await check('game-quit-dialog');
      } finally {
        await p.close();
      }
    });
  });
}
