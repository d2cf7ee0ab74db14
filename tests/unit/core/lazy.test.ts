import { describe, expect, it, vi } from 'vitest';
import { lazyMethods } from '../../../web/core/lazy.ts';

interface Service {
  add(a: number, b: number): Promise<number>;
  fail(): Promise<never>;
}

const real: Service = {
  add: async (a, b) => a + b,
  fail: async () => {
    throw new Error('refused');
  },
};

describe('lazyMethods', () => {
  it('loads nothing until the first call, then once for every call', async () => {
    const load = vi.fn(async () => real);
    const service = lazyMethods<Service>(load);
    const { add } = service;
    expect(load).not.toHaveBeenCalled();
    await expect(Promise.all([add(1, 2), service.add(3, 4)])).resolves.toEqual([3, 7]);
    await service.add(0, 0);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('hands out one stable function per method', () => {
    const service = lazyMethods<Service>(async () => real);
    expect(service.add).toBe(service.add);
    expect(service.add).not.toBe(service.fail);
  });

  it('passes the real method’s rejection through', async () => {
    const service = lazyMethods<Service>(async () => real);
    await expect(service.fail()).rejects.toThrow('refused');
  });

  it('tries the load again after it failed', async () => {
    const load = vi.fn<() => Promise<Service>>().mockRejectedValueOnce(new Error('chunk failed')).mockResolvedValue(real);
    const service = lazyMethods<Service>(load);
    await expect(service.add(1, 1)).rejects.toThrow('chunk failed');
    await expect(service.add(1, 1)).resolves.toBe(2);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('is not a thenable, so awaiting it gives the object back', async () => {
    const service = lazyMethods<Service>(async () => real);
    expect(await Promise.resolve(service)).toBe(service);
  });

  it('rejects a call to a method the real object does not have', async () => {
    const service = lazyMethods<Service>(async () => real);
    const missing = (service as unknown as Record<string, () => Promise<unknown>>).nope;
    await expect(missing!()).rejects.toThrow('no method nope');
  });
});
