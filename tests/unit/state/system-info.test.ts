import { describe, expect, it, vi } from 'vitest';
import type { SystemInfo } from '../../../web/api/contract.ts';
import { createManualClock } from '../../../web/core/clock.ts';
import { createSystemInfoStore, SYSTEM_INFO_RETRIES, SYSTEM_INFO_RETRY_MS } from '../../../web/state/system-info.ts';
import { flush } from '../../flush.ts';

const info = { h5_limit_back_home: 0, pay_config: { h5_wxpay: 1, h5_alipay: 1 } } as unknown as SystemInfo;

describe('system_info store (SPEC §7 system_info, asked once per visit)', () => {
  it('shares one request among every caller and keeps the answer', async () => {
    const fetch = vi.fn(async () => info);
    const store = createSystemInfoStore({ fetch, clock: createManualClock() });
    expect(store.get()).toBeNull();
    const [a, b] = await Promise.all([store.load(), store.load()]);
    expect(a).toBe(info);
    expect(b).toBe(info);
    await store.load();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(store.get()).toBe(info);
  });

  it('retries a failure on the clock before answering', async () => {
    const clock = createManualClock();
    const fetch = vi.fn<() => Promise<SystemInfo>>().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce(info);
    const store = createSystemInfoStore({ fetch, clock });
    const loading = store.load();
    await flush();
    expect(fetch).toHaveBeenCalledTimes(1);
    clock.advance(SYSTEM_INFO_RETRY_MS);
    await expect(loading).resolves.toBe(info);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('rejects after every attempt failed, and the next caller asks again', async () => {
    const clock = createManualClock();
    const fetch = vi.fn<() => Promise<SystemInfo>>().mockRejectedValue(new Error('offline'));
    const store = createSystemInfoStore({ fetch, clock });
    const loading = store.load();
    loading.catch(() => undefined);
    for (let i = 0; i < SYSTEM_INFO_RETRIES; i++) {
      await flush();
      clock.advance(SYSTEM_INFO_RETRY_MS);
    }
    await expect(loading).rejects.toThrow('offline');
    expect(fetch).toHaveBeenCalledTimes(SYSTEM_INFO_RETRIES + 1);
    expect(store.get()).toBeNull();

    fetch.mockResolvedValueOnce(info);
    await expect(store.load()).resolves.toBe(info);
    expect(store.get()).toBe(info);
  });
});
