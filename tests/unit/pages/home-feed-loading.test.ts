/**
 * Home's feed is code of its own (decision 0015), fetched when home needs it, not whenever home's module is evaluated:
 * esbuild puts that module in the shared first-load chunk, so a top-level import fetched the feed on every route.
 * Home's HTML preloads the feed (tests/e2e/first-request.test.ts); elsewhere the idle preloader warms it.
 */
import { describe, expect, it, vi } from 'vitest';

const feed = vi.hoisted(() => ({ imports: 0 }));
vi.mock('../../../web/pages/main/home/feed.tsx', () => {
  feed.imports++;
  return { HomeFeed: () => null };
});

describe('home feed code', () => {
  it('is not imported when home\'s module is evaluated; the page loader\'s preload hook imports it once', async () => {
    const home = await import('../../../web/pages/main/home/index.tsx');
    await new Promise((r) => setTimeout(r, 0));
    expect(feed.imports).toBe(0);
    home.preload();
    home.preload();
    await vi.waitFor(() => expect(feed.imports).toBe(1));
  });
});
