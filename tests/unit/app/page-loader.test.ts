import { describe, expect, it } from 'vitest';
import { createManualClock } from '../../../web/core/clock.ts';
import { createPageLoader, PAGE_LOADING_DELAY_MS, PAGE_LOADING_TIMEOUT_MS, watchLoad, type LoadPhase } from '../../../web/app/page-loader.ts';
import { flush } from '../../flush.ts';

const Page = () => null;

describe('lazy pages (SPEC §2: loading and error placeholder, 60000 ms delay and timeout)', () => {
  it('SPEC §2 as read in decision 0008 §1: the placeholder after 200 ms, the error at 60000 ms', () => {
    expect(PAGE_LOADING_DELAY_MS).toBe(200);
    expect(PAGE_LOADING_TIMEOUT_MS).toBe(60_000);
    // The default timers: a slow chunk shows the spinner long before the error.
    const clock = createManualClock();
    const phases: LoadPhase[] = [];
    watchLoad(new Promise(() => undefined), clock, (p) => phases.push(p));
    clock.advance(199);
    expect(phases).toEqual([]);
    clock.advance(1);
    expect(phases).toEqual(['loading']);
    clock.advance(59_799);
    expect(phases).toEqual(['loading']);
    clock.advance(1);
    expect(phases).toEqual(['loading', 'error']);
  });

  it('loads each chunk once and then serves it synchronously', async () => {
    let calls = 0;
    const loader = createPageLoader({ a: async () => (calls++, { default: Page }) });
    expect(loader.loaded('a')).toBeUndefined();
    await Promise.all([loader.load('a'), loader.load('a')]);
    expect(calls).toBe(1);
    expect(loader.loaded('a')).toBe(Page);
  });

  it('the idle preloader warms what a page needs on its first view (its module\'s preload), once, and not for a failed chunk', async () => {
    const warmed: string[] = [];
    const loader = createPageLoader({
      home: async () => ({ default: Page, preload: () => warmed.push('home') }),
      broken: async (): Promise<{ default: typeof Page }> => {
        throw new Error('offline');
      },
      plain: async () => ({ default: Page }),
    });
    await loader.load('home');
    // Opening a page does not warm it: the page imports what it needs itself.
    expect(warmed).toEqual([]);
    await loader.preload(['broken', 'home', 'plain']);
    expect(warmed).toEqual(['home']);
    expect(loader.loaded('plain')).toBe(Page);
  });

  it('forgets a failed chunk so a retry fetches it again', async () => {
    let calls = 0;
    const loader = createPageLoader({
      a: async () => {
        calls++;
        if (calls === 1) throw new Error('offline');
        return { default: Page };
      },
    });
    await expect(loader.load('a')).rejects.toThrow('offline');
    await expect(loader.load('a')).resolves.toBe(Page);
  });

  it('a retry while an earlier attempt is pending waits it out and, when it failed, fetches again', async () => {
    const attempts: Array<{ resolve(): void; reject(e: Error): void }> = [];
    const loader = createPageLoader({
      a: () =>
        new Promise<{ default: typeof Page }>((resolve, reject) => {
          attempts.push({ resolve: () => resolve({ default: Page }), reject });
        }),
    });
    const preload = loader.load('a').catch((e: unknown) => e);
    const retried = loader.retry('a');
    expect(attempts).toHaveLength(1);
    attempts[0]?.reject(new Error('offline'));
    expect(await preload).toEqual(new Error('offline'));
    await flush();
    expect(attempts).toHaveLength(2);
    attempts[1]?.resolve();
    await expect(retried).resolves.toBe(Page);
    expect(loader.loaded('a')).toBe(Page);
  });

  it('a retry joins an earlier attempt that succeeds, and fetches at once when none is pending', async () => {
    let calls = 0;
    const loader = createPageLoader({ a: async () => (calls++, { default: Page }) });
    const first = loader.load('a');
    await expect(loader.retry('a')).resolves.toBe(Page);
    await first;
    expect(calls).toBe(1);
    const fresh = createPageLoader({ b: async () => (calls++, { default: Page }) });
    await expect(fresh.retry('b')).resolves.toBe(Page);
    expect(calls).toBe(2);
  });

  it('a retry that fails too calls `stuck` (the app loads the page anew: a browser may keep the failure of a module fetch for good)', async () => {
    let stuck = 0;
    const loader = createPageLoader({ a: () => Promise.reject(new Error('Failed to fetch dynamically imported module')) }, () => stuck++);
    await expect(loader.load('a')).rejects.toThrow();
    // The first load failing is the placeholder's business: no new page load yet.
    expect(stuck).toBe(0);
    await expect(loader.retry('a')).rejects.toThrow();
    expect(stuck).toBe(1);
    const fine = createPageLoader({ b: async () => ({ default: Page }) }, () => stuck++);
    await expect(fine.retry('b')).resolves.toBe(Page);
    expect(stuck).toBe(1);
  });

  it('shows nothing before the delay, the loading placeholder after it, the error at the timeout', () => {
    const clock = createManualClock();
    const phases: LoadPhase[] = [];
    watchLoad(new Promise(() => undefined), clock, (p) => phases.push(p), 1000, 5000);
    clock.advance(999);
    expect(phases).toEqual([]);
    clock.advance(1);
    expect(phases).toEqual(['loading']);
    clock.advance(4000);
    expect(phases).toEqual(['loading', 'error']);
  });

  it('shows the error placeholder when the chunk fails and no placeholder when it arrives in time', async () => {
    const clock = createManualClock();
    const failed: LoadPhase[] = [];
    watchLoad(Promise.reject(new Error('x')), clock, (p) => failed.push(p));
    await flush();
    expect(failed).toEqual(['error']);
    const ok: LoadPhase[] = [];
    watchLoad(Promise.resolve(), clock, (p) => ok.push(p));
    await flush();
    clock.advance(120_000);
    expect(ok).toEqual([]);
    expect(clock.pending()).toBe(0);
  });
});
