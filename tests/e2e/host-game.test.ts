/**
 * The game screen inside a host app (docs/host-bridge.md), with the QA client's simulated host on an Android phone:
 * back opens the quit dialog (SPEC §2), the screen turns sideways while the game screen is open, rumble and the pad's
 * tap go to the host's motor, the host's pause and resume are the page hidden and shown (SPEC §4 hang-up), and the
 * controls keep clear of the host's bars.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { installSimulatedHost, type SimulatedHostOptions } from '../../mock-server/client.ts';
import type { SafeArea } from '../../web/api/contract/bridge.ts';
import { animationsDone, gamePath, gamePhase, gameScreen, LANDSCAPE, PHONE, reach100, screenshot, useServerAndBrowser } from './harness.ts';

// The socket-only stream: what is checked here is what the app asks of the host, not the picture.
const e2e = useServerAndBrowser({ video: false });
const gs = gameScreen(e2e, 'host-game');
const STARFALL = 1;
/** An Android phone's browser: the app tells a phone by its user agent (SPEC §3 deviceType). */
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';

/** A game at 100 % on a phone inside a host app: the host is installed before the app's first page loads. */
async function inHost(host: SimulatedHostOptions, o: { portrait?: boolean; play?: boolean } = {}) {
  const viewport = o.portrait ? PHONE.viewport : LANDSCAPE.viewport;
  const p = await gs.open('play-now', { context: { ...LANDSCAPE, viewport, userAgent: ANDROID }, clock: false });
  // A stub that counts: with the host's motor announced, the browser's must stay still.
  await p.page.addInitScript(() => {
    const w = window as unknown as { __webVibrations: unknown[] };
    w.__webVibrations = [];
    Object.defineProperty(navigator, 'vibrate', { configurable: true, value: (ms: unknown) => (w.__webVibrations.push(ms), true) });
  });
  const h = await installSimulatedHost(p.page, { platform: 'android', ...host });
  await gs.enter(p, gamePath(STARFALL));
  if (o.play !== false) await reach100(p.page);
  return { ...p, host: h };
}

const webVibrations = (page: Page) => page.evaluate(() => (window as unknown as { __webVibrations: unknown[] }).__webVibrations);

describe('the game screen in a host app (docs/host-bridge.md)', () => {
  it('turns the phone sideways while open; back opens the quit dialog, not closeWebview; leaving turns it back', async () => {
    const p = await inHost({}, { portrait: true, play: false });
    const landscape = await p.host.waitForCall('setOrientation');
    expect(landscape.params).toEqual({ orientation: 'landscape' });
    // The host turns the screen, as a real one does.
    await p.page.setViewportSize(LANDSCAPE.viewport);
    await reach100(p.page);
    await p.host.send('back');
    await p.page.getByRole('dialog', { name: 'Quit the game?' }).waitFor();
    expect(p.host.calls('closeWebview')).toEqual([]);
    await p.page.getByRole('button', { name: 'Quit', exact: true }).click();
    await p.page.getByTestId('end-reason').waitFor();
    const before = p.host.calls().length;
    await p.page.getByRole('button', { name: 'Back', exact: true }).click();
    await p.page.waitForURL((u) => !u.pathname.startsWith('/submodules/game/game'));
    const portrait = await p.host.waitForCall('setOrientation', { since: before });
    expect(portrait.params).toEqual({ orientation: 'portrait' });
    expect(p.host.calls('setOrientation').map((c) => c.params)).toEqual([{ orientation: 'landscape' }, { orientation: 'portrait' }]);
    expect(p.host.calls('closeWebview')).toEqual([]);
    expect(p.errors).toEqual([]);
    await p.close();
  });

  it('a host without setOrientation is not asked; the "turn your phone" hint stays', async () => {
    const p = await inHost({ capabilities: ['vibrate'] }, { portrait: true });
    await p.page.getByText('Turn your phone sideways for the best view').waitFor();
    expect(p.host.calls('setOrientation')).toEqual([]);
    await p.close();
  });

  it("the game's rumble and the pad's tap go to the host's vibrate, and navigator.vibrate is not used", async () => {
    const p = await inHost({ capabilities: ['vibrate'] });
    expect(await gs.mock(p.session, 'push', { socket: 'stream', message: { type: 'vibrate', duration_ms: 200, strong: 0.8, weak: 0.5 } })).toMatchObject({ delivered: 1 });
    const rumble = await p.host.waitForCall('vibrate');
    expect(rumble.params).toEqual({ ms: 200, strength: 0.8 });
    const since = p.host.calls().length;
    await p.page.getByTestId('virtual-gamepad').getByRole('button').first().tap();
    expect((await p.host.waitForCall('vibrate', { since })).params).toEqual({ ms: 15 });
    expect(await webVibrations(p.page)).toEqual([]);
    expect(p.errors).toEqual([]);
    await p.close();
  });

  it("the host's pause puts the game on hold like a hidden page; resume brings it back (SPEC §4 hang-up)", async () => {
    const p = await inHost({ capabilities: [] });
    await p.host.send('pause');
    await p.page.getByRole('heading', { name: /is on hold/ }).waitFor();
    expect(await gamePhase(p.page)).toBe('hung-up');
    // The page itself was never hidden: the host's word is enough.
    expect(await p.page.evaluate(() => document.visibilityState)).toBe('visible');
    await p.host.send('resume');
    await reach100(p.page);
    const hangUps = (await gs.journal(p.session)).filter((e) => e.path.includes('sc_hang_up'));
    expect(hangUps).toHaveLength(2);
    expect(p.errors).toEqual([]);
    await p.close();
  });

  it("the announced safe area moves the controls clear of the host's bars, and a safeArea event moves them again", async () => {
    // A phone held sideways with its notch on the left and its home bar at the bottom, as the host measured them.
    const bars: SafeArea = { top: 0, right: 0, bottom: 21, left: 47 };
    const p = await inHost({ capabilities: [], safeArea: bars });
    await p.page.getByTestId('virtual-gamepad').getByRole('button').first().waitFor();
    await clearOf(p.page, bars);
    await screenshot(p.page, 'host-game-safe-area');
    // The host turned the phone the other way round: its bars are on the other side now.
    const turned: SafeArea = { top: 0, right: 47, bottom: 21, left: 0 };
    await p.host.send('safeArea', turned);
    await expect.poll(() => p.page.locator('.gs-ball').evaluate((b) => b.getBoundingClientRect().left)).toBeLessThan(bars.left);
    await clearOf(p.page, turned);
    // The menu and the keyboard too.
    await p.page.getByRole('button', { name: 'Game menu' }).click();
    await p.page.getByRole('dialog', { name: 'Game menu' }).waitFor();
    await animationsDone(p.page);
    await p.page.getByRole('switch', { name: 'Keyboard' }).click();
    await clearOf(p.page, turned, '.gm > *');
    await screenshot(p.page, 'host-game-safe-area-menu');
    await p.page.getByRole('button', { name: 'Close menu' }).click();
    await p.page.getByTestId('virtual-keyboard').waitFor();
    await clearOf(p.page, turned, '.vk');
    await screenshot(p.page, 'host-game-safe-area-keyboard');
    expect(p.errors).toEqual([]);
    await p.close();
  });
});

/**
 * Every box of `selector` (default: the pad's controls and the floating ball) comes to lie inside the screen less
 * `bars` (waited for: the pad is laid out again on the frame after its padding changed).
 */
async function clearOf(page: Page, bars: SafeArea, selector = '[data-testid="virtual-gamepad"] > *, .gs-ball'): Promise<void> {
  const { width, height } = page.viewportSize() ?? LANDSCAPE.viewport;
  const misplaced = async (): Promise<unknown[]> => {
    const boxes = await page.locator(selector).evaluateAll((els) =>
      els.map((e) => {
        const r = e.getBoundingClientRect();
        return { name: e.getAttribute('aria-label') ?? e.className, left: r.left, top: r.top, right: r.right, bottom: r.bottom };
      }),
    );
    if (boxes.length === 0) return ['nothing matches'];
    // Shown, not hidden with a box of nothing at the corner; and clear of the bars.
    return boxes.filter((b) => b.right - b.left < 1 || b.bottom - b.top < 1 || b.left < bars.left || b.top < bars.top || b.right > width - bars.right || b.bottom > height - bars.bottom);
  };
  await expect.poll(misplaced).toEqual([]);
}
