/**
 * The catalogue screens on a 390×844 phone: home feed, library, search, list,
 * detail (image preview, video player, Play), played games (SPEC §2, §4, §9).
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { animationsDone, logIn, newPhonePage, screenshot, useServerAndBrowser, waitForAppShell, type PageError } from './harness.ts';

const e2e = useServerAndBrowser();

const cards = (page: Page) => page.locator('.ggrid .gcard');
/** Errors of our screens (the game screen is another part's). */
const ours = (errors: PageError[]) => errors.filter((e) => !e.url.includes('/submodules/game/game/'));

describe('home feed (home_list)', () => {
  it('shows the banner carousel and game rows, and a tapped game opens its detail', async () => {
    // Reduced motion holds the carousel's auto-advance (ui/Carousel.tsx), so the swipe below starts from slide 1
    // however slow the machine.
    const { page, errors, close } = await newPhonePage(e2e.browser, e2e.server.url, { path: '/', context: { reducedMotion: 'reduce' } });
    await waitForAppShell(page);
    const carousel = page.getByRole('region', { name: 'Featured games' });
    await carousel.waitFor();
    expect(await carousel.getByRole('button', { name: /^Slide \d+$/ }).count()).toBeGreaterThan(1);
    expect(await page.locator('.hsection h2').count()).toBeGreaterThan(1);
    await page.locator('.hsection .gcard img').first().waitFor();
    await page.waitForFunction(() => [...document.querySelectorAll('.hbanner img')].every((i) => (i as HTMLImageElement).complete));
    await screenshot(page, 'catalogue-home');
    // Swipe left on the banner moves to the second slide.
    const box = await carousel.boundingBox();
    if (!box) throw new Error('no carousel box');
    const y = box.y + box.height / 2;
    const track = page.locator('.carousel__track');
    await track.evaluate(
      (el, { x0, x1, y }) => {
        const touch = (x: number) => new Touch({ identifier: 1, target: el, clientX: x, clientY: y });
        el.dispatchEvent(new TouchEvent('touchstart', { bubbles: true, touches: [touch(x0)] }));
        el.dispatchEvent(new TouchEvent('touchmove', { bubbles: true, touches: [touch((x0 + x1) / 2)] }));
        el.dispatchEvent(new TouchEvent('touchmove', { bubbles: true, touches: [touch(x1)] }));
      },
      { x0: box.x + box.width - 30, x1: box.x + 40, y },
    );
    // The finger is lifted once the drag has rendered (the track follows it, without a transition).
    await page.waitForFunction(() => (document.querySelector('.carousel__track') as HTMLElement | null)?.style.transition === 'none');
    await track.evaluate((el) => el.dispatchEvent(new TouchEvent('touchend', { bubbles: true, touches: [] })));
    await carousel.getByRole('button', { name: 'Slide 2' }).and(page.locator('[aria-current=true]')).waitFor();

    const first = page.locator('.hsection .gcard').first();
    const title = (await first.locator('.gcard__title').textContent()) ?? '';
    await first.click();
    await page.waitForURL(/\/submodules\/game\/detail\/index\?game_id=\d+$/);
    await page.getByRole('heading', { name: title, level: 2 }).waitFor();
    expect(errors).toEqual([]);
    await close();
  });

  it('long-pressing a game card shows the quick actions', async () => {
    const { page, errors, close } = await newPhonePage(e2e.browser, e2e.server.url, { path: '/' });
    await waitForAppShell(page);
    const card = page.locator('.hsection .gcard').first();
    await card.waitFor();
    const b = await card.boundingBox();
    if (!b) throw new Error('no card box');
    await page.mouse.move(b.x + b.width / 2, b.y + 40);
    await page.mouse.down();
    // Held until the long press fires (the sheet opens while the finger is still down).
    const sheet = page.getByRole('dialog');
    await sheet.getByRole('button', { name: 'Open details' }).waitFor();
    await page.mouse.up();
    await sheet.getByRole('button', { name: 'Play now' }).waitFor();
    // The click that follows the release was swallowed: the card did not also open.
    expect(await page.evaluate(() => location.href)).toBe(e2e.server.url);
    await screenshot(page, 'catalogue-action-sheet');
    await sheet.getByRole('button', { name: 'Open details' }).click();
    await page.waitForURL(/\/submodules\/game\/detail\/index\?game_id=\d+$/);
    expect(errors).toEqual([]);
    await close();
  });
});

describe('game library', () => {
  it('filters by tag and loads more on scroll', async () => {
    const { page, errors, close } = await newPhonePage(e2e.browser, e2e.server.url, { path: '/main/gameLibrary/index' });
    await waitForAppShell(page);
    await page.getByRole('group', { name: 'Tags' }).getByRole('button', { name: 'RPG' }).waitFor();
    await expect.poll(() => cards(page).count()).toBe(20);
    await page.locator('.ggrid img').nth(5).waitFor();
    await screenshot(page, 'catalogue-library');
    await page.locator('.cat-more').scrollIntoViewIfNeeded();
    await expect.poll(() => cards(page).count()).toBe(40);
    await page.locator('.cat-more').scrollIntoViewIfNeeded();
    await expect.poll(() => cards(page).count()).toBe(44); // 46 games, 2 shielded
    await page.getByText('That’s all 44 games').waitFor();

    const answer = page.waitForResponse((r) => r.url().includes('game_list') && r.url().includes('/tag_id/5'));
    await page.getByRole('button', { name: 'Racing', exact: true }).click();
    const body = (await (await answer).json()) as { data: { list: { title: string }[] } };
    expect(body.data.list.length).toBeGreaterThan(0);
    await expect.poll(() => cards(page).locator('.gcard__title').allTextContents()).toEqual(body.data.list.map((g) => g.title));
    expect(await page.getByRole('button', { name: 'Racing', exact: true }).getAttribute('aria-pressed')).toBe('true');

    await page.getByRole('button', { name: 'Search games, tags, studios' }).click();
    await page.waitForURL(/\/submodules\/game\/search\/index$/);
    expect(errors).toEqual([]);
    await close();
  });
});

describe('search', () => {
  it('finds a game as you type, remembers the search, and says when nothing matches', async () => {
    const { page, errors, close } = await newPhonePage(e2e.browser, e2e.server.url, { path: '/submodules/game/search/index' });
    await waitForAppShell(page);
    const input = page.getByRole('searchbox', { name: 'Search games' });
    await expect.poll(() => input.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.getByRole('heading', { name: 'Hot right now' }).waitFor();
    await input.pressSequentially('starfall', { delay: 40 });
    await page.locator('.ggrid .gcard__title', { hasText: 'Starfall Odyssey' }).waitFor();
    await input.press('Enter');
    await screenshot(page, 'catalogue-search');

    await input.fill('zzqqxx');
    await page.getByText('No results for').waitFor();

    await page.reload();
    await waitForAppShell(page);
    await page.getByRole('heading', { name: 'Recent searches' }).waitFor();
    await page.getByRole('button', { name: 'starfall', exact: true }).click();
    await page.locator('.ggrid .gcard__title', { hasText: 'Starfall Odyssey' }).click();
    await page.waitForURL(/game_id=1$/);
    expect(errors).toEqual([]);
    await close();
  });
});

describe('game list', () => {
  it('shows a titled list of one tag', async () => {
    const { page, errors, close } = await newPhonePage(e2e.browser, e2e.server.url, { path: '/submodules/game/list/index?tag_id=3&title=RPG' });
    await waitForAppShell(page);
    await page.getByRole('heading', { name: 'RPG', level: 1 }).waitFor();
    await expect.poll(() => cards(page).count()).toBeGreaterThan(0);
    await page.locator('.ggrid img').first().waitFor();
    await screenshot(page, 'catalogue-list');
    expect(errors).toEqual([]);
    await close();
  });
});

describe('game detail', () => {
  it('shows the game and opens the screenshot preview, which a tap closes and a drag does not', async () => {
    const { page, errors, close } = await newPhonePage(e2e.browser, e2e.server.url);
    // The page's clock, so the preview's 300 ms tap window is moved by the test, not waited out.
    await page.clock.install();
    await page.goto('/submodules/game/detail/index?game_id=1');
    await waitForAppShell(page);
    await page.getByRole('heading', { name: 'Starfall Odyssey', level: 2 }).waitFor();
    await page.getByRole('heading', { name: 'Similar games' }).waitFor();
    await screenshot(page, 'catalogue-detail');

    await page.getByRole('button', { name: 'More' }).click();
    expect(await page.getByRole('button', { name: 'Less' }).getAttribute('aria-expanded')).toBe('true');

    await page.getByRole('button', { name: /Open screenshot 1 of/ }).click();
    const preview = page.getByRole('dialog', { name: /Starfall Odyssey: image 1 of/ });
    await preview.waitFor();
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe('hidden');
    await animationsDone(page);
    await screenshot(page, 'catalogue-preview');
    // From here the page's time moves only when the test moves it: taps have the same time stamp.
    // (A second ahead: the page's time runs on while this call travels, and pauseAt cannot go back.)
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1_000));

    // A drag over 20 px swipes to the next image and does not close: no close is waiting once the tap window is over.
    await page.mouse.move(300, 420);
    await page.mouse.down();
    await page.mouse.move(200, 422, { steps: 5 });
    await page.mouse.move(100, 424, { steps: 5 });
    await page.mouse.up();
    await page.getByRole('dialog', { name: /image 2 of/ }).waitFor();
    await page.clock.runFor(400);
    expect(await page.getByRole('dialog').count()).toBe(1);

    // Double tap zooms to 2×, and closes nothing.
    await page.touchscreen.tap(195, 420);
    await page.touchscreen.tap(195, 420);
    await expect.poll(() => page.locator('.preview img[data-scale="2"]').count()).toBe(1);
    await page.clock.runFor(400);
    expect(await page.getByRole('dialog').count()).toBe(1);

    // A single tap closes it once the double-tap window is over, and scrolling comes back.
    await page.touchscreen.tap(195, 420);
    expect(await page.getByRole('dialog').count()).toBe(1);
    await page.clock.runFor(300);
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).not.toBe('hidden');
    expect(errors).toEqual([]);
    await close();
  });

  it('plays the trailer (muted autoplay) while it is on screen, and changes the playback rate', async () => {
    const { page, errors, close } = await newPhonePage(e2e.browser, e2e.server.url, { path: '/submodules/game/detail/index?game_id=2' });
    const trailerRequests: string[] = [];
    page.on('request', (r) => void (r.resourceType() === 'media' && trailerRequests.push(r.url())));
    await waitForAppShell(page);
    const player = page.getByRole('region', { name: /trailer$/ });
    const video = player.locator('video');
    const playing = () => video.evaluate((v: HTMLVideoElement) => !v.paused && v.currentTime > 0);
    const paused = () => video.evaluate((v: HTMLVideoElement) => v.paused);
    // IntersectionObserver reports after a rendering frame: two frames and a task later, a play() it asked for has happened.
    const framesLater = () => page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, 0)))));
    // Below the fold on the first screen: not playing, and the video not fetched (decision 0017: the page's first view loads alone).
    await page.getByRole('heading', { name: 'About' }).waitFor();
    await animationsDone(page);
    await framesLater();
    expect(await paused()).toBe(true);
    expect(trailerRequests).toEqual([]);
    await player.scrollIntoViewIfNeeded();
    await expect.poll(playing, { timeout: 10_000 }).toBe(true);
    // Scrolled away it pauses; back on screen it plays again.
    await page.locator('.detail__banner').scrollIntoViewIfNeeded();
    await expect.poll(paused, { timeout: 10_000 }).toBe(true);
    await player.scrollIntoViewIfNeeded();
    await expect.poll(playing, { timeout: 10_000 }).toBe(true);
    await player.getByRole('button', { name: 'Playback speed 1×' }).click();
    await player.getByRole('group', { name: 'Playback speed' }).getByRole('button', { name: '1.5×' }).click();
    expect(await player.locator('video').evaluate((v: HTMLVideoElement) => v.playbackRate)).toBe(1.5);
    await player.getByRole('button', { name: 'Playback speed 1.5×' }).waitFor();
    await player.getByRole('button', { name: 'Playback speed 1.5×' }).click();
    await player.getByRole('group', { name: 'Playback speed' }).waitFor();
    await animationsDone(page);
    await screenshot(page, 'catalogue-video-controls');
    await player.getByRole('group', { name: 'Playback speed' }).getByRole('button', { name: '1.5×' }).click();

    await player.getByRole('button', { name: 'Pause video' }).click();
    expect(await player.locator('video').evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
    // Paused by the player, it stays paused when it comes back on screen.
    await page.locator('.detail__banner').scrollIntoViewIfNeeded();
    await player.scrollIntoViewIfNeeded();
    await framesLater();
    expect(await paused()).toBe(true);
    expect(await player.getByRole('button', { name: 'Danmaku' }).getAttribute('aria-pressed')).toBe('true');
    await player.getByRole('button', { name: 'Danmaku' }).click();
    expect(await player.locator('.danmaku').count()).toBe(0);
    expect(errors).toEqual([]);
    await close();
  });

  it('Play as a visitor leads to login with targetUrl = the game screen', async () => {
    const { page, errors, close } = await newPhonePage(e2e.browser, e2e.server.url, { path: '/submodules/game/detail/index?game_id=4' });
    await waitForAppShell(page);
    await page.locator('.detail__play').getByRole('button', { name: /^Play / }).click();
    await page.waitForURL(/\/main\/login\/index\?targetUrl=%2Fsubmodules%2Fgame%2Fgame%2Findex%3Fgame_id%3D4$/);
    expect(errors).toEqual([]);
    await close();
  });

  it('says "Game not found" for a shielded or unknown id, with a way back', async () => {
    const { page, errors, close } = await newPhonePage(e2e.browser, e2e.server.url, { path: '/submodules/game/detail/index?game_id=3' });
    await waitForAppShell(page);
    await page.getByRole('heading', { name: 'Game not found' }).waitFor();
    await page.goto('/submodules/game/detail/index?game_id=abc');
    await page.getByRole('heading', { name: 'Game not found' }).waitFor();
    await page.getByRole('button', { name: 'Browse the library' }).click();
    await page.waitForURL(/\/main\/gameLibrary\/index$/);
    expect(errors).toEqual([]);
    await close();
  });
});

describe('played games', () => {
  it('asks for login, shows the empty state, then lists a game played from its detail', async () => {
    const { page, errors, close } = await newPhonePage(e2e.browser, e2e.server.url, { path: '/submodules/game/played/index' });
    await waitForAppShell(page);
    await page.waitForURL(/\/main\/login\/index\?targetUrl=/);
    await logIn(page, '13800000005');
    await page.waitForURL(/\/submodules\/game\/played\/index$/);
    await page.getByText('You have not played any games yet.').waitFor();
    await page.goto('/submodules/game/detail/index?game_id=6');
    const recorded = page.waitForResponse((r) => r.url().includes('index/game/playgame'));
    await page.locator('.detail__play').getByRole('button', { name: /^Play / }).click();
    await page.waitForURL(/\/submodules\/game\/game\/index\?game_id=6$/);
    await recorded;
    await page.goto('/submodules/game/played/index');
    await expect.poll(() => cards(page).count()).toBe(1);
    await page.locator('.ggrid img').first().waitFor();
    await screenshot(page, 'catalogue-played');
    expect(ours(errors)).toEqual([]);
    await close();
  });
});
