import { afterEach, describe, expect, it, vi } from 'vitest';
import { enterFullScreen, exitFullScreen } from '../../../web/pages/submodules/game/game/fullscreen.ts';
import { flush } from '../../flush.ts';

/** A document whose full screen is granted when the test says so. */
function fakeFullScreen() {
  let element: Element | null = null;
  let grant: (() => void) | null = null;
  const request = vi.fn(
    () =>
      new Promise<void>((resolve) => {
        grant = () => {
          element = document.documentElement;
          resolve();
        };
      }),
  );
  const exit = vi.fn(async () => {
    element = null;
  });
  Object.defineProperty(document, 'fullscreenEnabled', { configurable: true, get: () => true });
  Object.defineProperty(document, 'fullscreenElement', { configurable: true, get: () => element });
  Object.defineProperty(document.documentElement, 'requestFullscreen', { configurable: true, value: request });
  Object.defineProperty(document, 'exitFullscreen', { configurable: true, value: exit });
  return { request, exit, grant: () => grant?.(), isFull: () => element !== null };
}


afterEach(() => {
  delete (document as unknown as Record<string, unknown>)['fullscreenEnabled'];
  delete (document as unknown as Record<string, unknown>)['fullscreenElement'];
  delete (document as unknown as Record<string, unknown>)['exitFullscreen'];
  delete (document.documentElement as unknown as Record<string, unknown>)['requestFullscreen'];
});

describe('full screen (SPEC §3 full_screen)', () => {
  it('asks once while a request is being granted, and not again once full', async () => {
    const fs = fakeFullScreen();
    enterFullScreen();
    enterFullScreen();
    expect(fs.request).toHaveBeenCalledTimes(1);
    fs.grant();
    await flush();
    enterFullScreen();
    expect(fs.request).toHaveBeenCalledTimes(1);
    expect(fs.isFull()).toBe(true);
  });

  it('an exit asked while the request is still pending waits for it, so full screen does not land afterwards', async () => {
    const fs = fakeFullScreen();
    enterFullScreen();
    exitFullScreen();
    expect(fs.exit).not.toHaveBeenCalled();
    fs.grant();
    await flush();
    expect(fs.exit).toHaveBeenCalledTimes(1);
    expect(fs.isFull()).toBe(false);
  });
});
