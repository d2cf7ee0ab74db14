/**
 * Every failed load says so and offers a retry that works, with one component
 * (ui/LoadFailed.tsx): for each page, and each section of a page, that loads data, its call fails
 * through /__mock/faults (docs/qa-guide.md "Faults"), the message and "Try again" show; once the
 * fault is gone the retry brings the content. Each case has its own phone; the file shares one mock session and
 * its member's login.
 */
import type { Page, Route } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { until } from '../wait.ts';
import { gameScreen, loggedInPage, networkWatch, personaState, screenshot, useServerAndBrowser } from './harness.ts';

const e2e = useServerAndBrowser();
const gs = gameScreen(e2e, 'loadfail');

interface Case {
  name: string;
  path: string;
  /** The API path (relative to the API base) that fails. */
  fault: string;
  message: string;
  /** The connection dropped instead of a business failure (game_info's code 0 means "no such game", a state of its own). */
  drop?: boolean;
  /** What shows once the retry succeeded. */
  ready: (page: Page) => ReturnType<Page['getByText']>;
  /** Saved as tests/e2e/screenshots/<name>.png while the failure shows. */
  screenshot?: string;
}

const CASES: readonly Case[] = [
  { name: 'home balance', path: '/', fault: 'user/get_user_balance', message: 'Your balance could not be loaded.', ready: (p) => p.getByRole('region', { name: 'Your account' }), screenshot: 'load-failed-home-balance' },
  { name: 'home feed', path: '/', fault: 'index/api/home_list', message: 'Games could not be loaded.', ready: (p) => p.getByRole('heading', { name: 'Hot right now' }) },
  { name: 'Mine balance', path: '/main/user/index', fault: 'user/get_user_balance', message: 'Your balance could not be loaded.', ready: (p) => p.getByRole('region', { name: 'Balance' }) },
  { name: 'Mine real-name status', path: '/main/user/index', fault: 'user/get_auth_message', message: 'Your verification status could not be loaded.', ready: (p) => p.getByText('Verified', { exact: true }), screenshot: 'load-failed-mine-real-name' },
  { name: 'game library tags', path: '/main/gameLibrary/index', fault: 'index/game/get_tag_list', message: 'Tags could not be loaded.', ready: (p) => p.getByRole('button', { name: 'RPG', exact: true }) },
  { name: 'game library games', path: '/main/gameLibrary/index', fault: 'index/game/game_list', message: 'Games could not be loaded.', ready: (p) => p.getByRole('list', { name: 'Games' }) },
  { name: 'game detail', path: '/submodules/game/detail/index?game_id=1', fault: 'index/game/game_info', drop: true, message: 'This game could not be loaded.', ready: (p) => p.getByRole('heading', { name: 'Starfall Odyssey', level: 2 }) },
  { name: 'similar games', path: '/submodules/game/detail/index?game_id=1', fault: 'index/game/similar_list', message: 'Similar games could not be loaded.', ready: (p) => p.getByRole('heading', { name: 'Similar games' }) },
  { name: 'played games', path: '/submodules/game/played/index', fault: 'index/game/played_list', message: 'Games could not be loaded.', ready: (p) => p.getByText('You have not played any games yet.') },
  { name: 'search hot games', path: '/submodules/game/search/index', fault: 'index/game/hot_game', message: 'Popular games could not be loaded.', ready: (p) => p.getByRole('heading', { name: 'Hot right now' }) },
  { name: 'questionnaire genres', path: '/submodules/game/guide/questionnaire', fault: 'index/game/get_tag_list', message: 'Game genres could not be loaded.', ready: (p) => p.locator('label', { hasText: /^RPG$/ }) },
  { name: 'membership plans', path: '/submodules/user/member/index', fault: 'pay/member_card_list', message: 'Plans could not be loaded.', ready: (p) => p.getByRole('radiogroup').first() },
  { name: 'premium quick cards', path: '/submodules/user/member/premium', fault: 'pay/member_card_list', message: 'Quick cards could not be loaded.', ready: (p) => p.getByRole('radiogroup', { name: 'Quick card' }) },
  { name: 'member compare', path: '/submodules/user/member/compare', fault: 'pay/member_card_list', message: 'The comparison could not be loaded.', ready: (p) => p.getByRole('table').first() },
  { name: 'top up', path: '/submodules/user/recharge/index', fault: 'pay/product_list', message: 'Products could not be loaded.', ready: (p) => p.getByRole('radiogroup').first() },
  { name: 'play time sign-in', path: '/submodules/user/timelapse/index', fault: 'user/sign_in_conf', message: 'Sign-in could not be loaded.', ready: (p) => p.getByRole('list', { name: 'This week' }), screenshot: 'load-failed-timelapse' },
  { name: 'real-name status', path: '/submodules/user/auth/index', fault: 'user/get_auth_message', message: 'Your verification status could not be loaded.', ready: (p) => p.getByRole('heading', { name: 'Verified' }) },
  { name: 'my assets', path: '/submodules/user/property/index', fault: 'user/cg_property_detail', message: 'Your assets could not be loaded.', ready: (p) => p.getByRole('heading', { name: 'Latest changes' }) },
  { name: 'invite', path: '/submodules/user/invite/index', fault: 'user/invite_info', message: 'Your invitation could not be loaded.', ready: (p) => p.getByRole('region', { name: 'My invitation code' }) },
  { name: 'download links', path: '/main/download/index', fault: 'index/api/downurl', message: 'The download links could not be loaded.', ready: (p) => p.getByRole('link', { name: 'Android' }) },
  { name: 'agreement', path: '/submodules/system/protocol/index?type=1', fault: 'index/api/protocol', message: 'The agreement could not be loaded.', ready: (p) => p.locator('article.doc h2') },
];

describe('every failed load says so and retries', () => {
  // One mock session for the file, its member logged in once before any fault is set; each case sets its fault,
  // opens a fresh phone on its page and clears the fault for the retry, so no case sees another's.
  const session = `loadfail-${process.pid}-${Date.now()}`;
  const persona = '13800000001';
  beforeAll(async () => {
    await gs.mock(session, 'reset', {});
    await personaState(e2e, persona, session);
  });

  for (const c of CASES)
    it(`${c.name}: the message and a working retry`, async () => {
      // A business failure (an HTTP 5xx would open the error page instead, SPEC §8); enough of them for
      // every request of the call on the way (app start and the page may both ask).
      const failure = c.drop ? { drop: true } : { body: { code: 0, msg: 'Server busy', data: null } };
      await gs.mock(session, 'faults', { match: { path: c.fault }, count: 20, ...failure });
      try {
        const phone = await loggedInPage(e2e, { persona, session, path: c.path, ignoreConsole: [/Failed to load resource/, /WebSocket/i] });
        try {
          const { page } = phone;
          const network = networkWatch(page);
          const failed = page.getByRole('alert').filter({ hasText: c.message });
          await failed.waitFor();
          await failed.getByRole('button', { name: 'Try again' }).waitFor();
          // What start-up asks after the first view (app/after-paint.ts: on idle, within 2 s) has been asked and
          // failed too: once the fault is gone, only the retry's call can bring the content.
          await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve(), { timeout: 5000 })));
          await network.quiet();
          if (c.screenshot) await screenshot(page, c.screenshot);
          // The fault is used up: the retry now succeeds. Until "Try again" has been pressed, calls to the path are
          // held in the browser: on a loaded machine a late start-up call (the pop-ups' balance check) could
          // otherwise bring the content, and take the button away, between the fault's end and the press.
          const held: Route[] = [];
          // As the mock matches a fault: the API path begins with it (paged lists add /page/1/page_size/20).
          const isFaultPath = (url: URL): boolean => url.pathname.includes(`/${c.fault}`);
          await page.route(isFaultPath, (route) => void held.push(route));
          await gs.mock(session, 'faults', undefined, 'DELETE');
          await failed.getByRole('button', { name: 'Try again' }).click();
          await until(() => held.length > 0, `a call to ${c.fault} after "Try again"`);
          await Promise.all(held.map((route) => route.continue()));
          await page.unroute(isFaultPath);
          await c.ready(page).waitFor();
          await expect.poll(() => failed.count()).toBe(0);
          expect(phone.errors).toEqual([]);
        } finally {
          await phone.close();
        }
      } finally {
        await gs.mock(session, 'faults', undefined, 'DELETE');
      }
    });
});
