/**
 * Prerendered first views (docs/decisions/0014-prerender.md): the skeleton a reader sees before the app arrives has the
 * page's boxes where the page then draws them, so nothing jumps when the app takes over (CLS 0, decision 0018).
 */
import { describe, expect, it } from 'vitest';
import { PAGE_PATH } from '../../web/core/paths.ts';
import { newPhonePage, PHONE_2X, useServerAndBrowser } from './harness.ts';

const e2e = useServerAndBrowser();

describe('prerendered skeletons', () => {
  // [skeleton, page, which one]: each part's box, skeleton (JavaScript off) against the page drawn over it, on a
  // narrow phone, the 390 px one the screenshots use, and a wide one: the skeleton's shapes follow the width as the
  // page's do (a banner's 16:9, a cover's 3:4), or the page jumps when the app replaces it.
  it.each([
    {
      name: 'home',
      path: '/',
      ready: '.carousel',
      parts: [
        ['.skeleton__pill', '.home-header .btn', 0],
        ['.skeleton__block--account', 'section.banner', 0],
        ['.skeleton__tiles .skeleton__block', '.shortcut', 0],
        ['.skeleton__tiles .skeleton__block', '.shortcut', 3],
        ['.skeleton__block--carousel', '.carousel', 0],
        // The first row of games under it, its cards as wide as the page's.
        ['.skeleton__row--home .skeleton__card', '.hsection__row > .gcard', 0],
        ['.skeleton__row--home .skeleton__card', '.hsection__row > .gcard', 2],
      ],
    },
    {
      name: 'game library',
      path: PAGE_PATH.gameLibrary,
      ready: '.ggrid > li >> nth=3',
      parts: [
        ['.skeleton__block--search', '.searchbox', 0],
        ['.skeleton__block--chip', '.chip', 0],
        ['.skeleton__block--seg', '.seg', 0],
        ['.skeleton__card', '.ggrid > li', 0],
        // The 4th card starts the second row.
        ['.skeleton__card', '.ggrid > li', 3],
      ],
    },
    {
      name: 'login',
      path: PAGE_PATH.login,
      ready: '.checkbox',
      parts: [
        ['.skeleton__login-title', '.login__title', 0],
        ['.skeleton__login-sub', '.login__head p', 0],
        ['.skeleton__field-row', '.field__row', 0],
        ['.skeleton__field-row', '.field__row', 1],
        ['.skeleton__consent', '.checkbox', 0],
        ['.skeleton__block--login', '.login .btn--block', 0],
      ],
    },
    {
      name: 'game detail',
      path: `${PAGE_PATH.gameDetail}?game_id=1`,
      ready: '.detail__stats',
      parts: [
        ['.skeleton__block--hero', '.detail__banner', 0],
        ['.skeleton__block--head-cover', '.detail__cover', 0],
        ['.skeleton__stats .skeleton__block', '.detail__stats > div', 0],
        ['.skeleton__stats .skeleton__block', '.detail__stats > div', 2],
        ['.skeleton__block--play', '.detail__play .btn', 0],
      ],
    },
  ] as const)('the $name skeleton has the page\'s boxes where the page draws them, at 360, 390 and 430 px wide', async ({ path, ready, parts }) => {
    // The skeleton as a reader sees it before the app arrives: the HTML and its inline first script (which shows the
    // reader's words), none of the app's code. One page each, laid out again at each width (both follow the viewport
    // as a phone turned or resized does; a fresh load per width measured the same boxes).
    const WIDTHS = [360, 390, 430] as const;
    /** Per width, each part's rounded box. */
    const boxes = async (app: boolean): Promise<number[][][]> => {
      const viewport = { ...PHONE_2X.viewport, width: WIDTHS[0] };
      const phone = await newPhonePage(e2e.browser, e2e.server.url, { context: { ...PHONE_2X, viewport }, ignoreConsole: [/Failed to load resource/] });
      try {
        if (!app) await phone.page.route(/\/assets\/.*\.js$/, (route) => route.abort());
        await phone.page.goto(new URL(path, e2e.server.url).href, { waitUntil: 'load' });
        if (app) await phone.page.locator(ready).waitFor();
        const byWidth: number[][][] = [];
        for (const width of WIDTHS) {
          await phone.page.setViewportSize({ ...viewport, width });
          await phone.page.waitForFunction((w) => window.innerWidth === w, width);
          // A frame after the resize: whatever lays itself out from a resize observer has done so.
          await phone.page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
          const out: number[][] = [];
          for (const [skeleton, page, nth] of parts) {
            const box = await phone.page.locator(app ? page : skeleton).nth(nth).boundingBox();
            out.push(box ? [box.x, box.y, box.width, box.height].map(Math.round) : []);
          }
          byWidth.push(out);
        }
        return byWidth;
      } finally {
        await phone.close();
      }
    };
    const [skeletons, pages] = await Promise.all([boxes(false), boxes(true)]);
    WIDTHS.forEach((width, w) => {
      expect(skeletons[w]).toHaveLength(parts.length);
      skeletons[w]?.forEach((box, i) =>
        ['x', 'y', 'width', 'height'].forEach((side, k) =>
          expect(Math.abs((box[k] ?? NaN) - (pages[w]?.[i]?.[k] ?? NaN)), `${width} px: ${parts[i]?.[0]} ${side}`).toBeLessThanOrEqual(2)));
    });
  });
});
