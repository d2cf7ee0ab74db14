import { describe, expect, it, vi } from 'vitest';
import { createAppUpdate } from '../../../web/core/app-update.ts';
import {
  offerInstalling,
  startServiceWorker,
  TAKEOVER_WAIT_MS,
  UPDATE_CHECK_MS,
  wireUpdates,
  workerPlan,
  type InstallingWatch,
  type UpdateWiring,
  type WorkboxLike,
  type WorkerEnv,
} from '../../../web/app/service-worker.ts';

type Listener = (event: { isExternal?: boolean }) => void;

function fakeWorkbox(opts: { refuse?: boolean } = {}) {
  const listeners = new Map<string, Listener[]>();
  const wb = {
    register: vi.fn(() => (opts.refuse ? Promise.reject(new DOMException('blocked', 'SecurityError')) : Promise.resolve(undefined))),
    update: vi.fn(() => Promise.resolve()),
    messageSkipWaiting: vi.fn(),
    addEventListener: (type: string, fn: Listener) => listeners.set(type, [...(listeners.get(type) ?? []), fn]),
    emit: (type: string, event: { isExternal?: boolean } = {}) => listeners.get(type)?.forEach((fn) => fn(event)),
  };
  return wb satisfies WorkboxLike;
}

function fakeEnv(over: Partial<WorkerEnv> = {}) {
  const wb = fakeWorkbox();
  const unregister = vi.fn(() => Promise.resolve(true));
  let shown: () => void = () => {};
  let now = 0;
  const cacheNames = ['workbox-precache-v2-https://play.example.com/', 'cg-config', 'someone-else'];
  const env: WorkerEnv = {
    container: {
      controller: null,
      getRegistrations: () => Promise.resolve([{ scope: 'https://play.example.com/', unregister }, { scope: 'https://play.example.com/other/', unregister }] as unknown as readonly ServiceWorkerRegistration[]),
    },
    caches: { keys: () => Promise.resolve([...cacheNames]), delete: (n) => Promise.resolve(cacheNames.splice(cacheNames.indexOf(n), 1).length > 0) },
    enabled: true,
    dev: false,
    origin: 'https://play.example.com',
    createWorkbox: vi.fn(() => wb),
    update: createAppUpdate(),
    reload: vi.fn(),
    setTimeout: vi.fn(),
    acceptance: { put: vi.fn(), take: () => false },
    onShown: (fn) => void (shown = fn),
    now: () => now,
    ...over,
  };
  return { env, wb, unregister, cacheNames, show: () => shown(), advance: (ms: number) => void (now += ms) };
}

describe('registering the service worker (decision 0021)', () => {
  it('registers in a production build with the switch on; removes it when off or in dev; nothing without support', () => {
    expect(workerPlan({ supported: true, enabled: true, dev: false })).toBe('register');
    expect(workerPlan({ supported: true, enabled: false, dev: false })).toBe('unregister');
    expect(workerPlan({ supported: true, enabled: true, dev: true })).toBe('unregister');
    expect(workerPlan({ supported: false, enabled: true, dev: false })).toBe('none');
  });

  it('registers /sw.js for the app scope at once, and checks for a new version when shown again at most hourly', async () => {
    const f = fakeEnv();
    await startServiceWorker(f.env);
    expect(f.env.createWorkbox).toHaveBeenCalledWith('/sw.js', { scope: '/' });
    expect(f.wb.register).toHaveBeenCalledWith({ immediate: true });
    f.show();
    expect(f.wb.update).not.toHaveBeenCalled();
    f.advance(UPDATE_CHECK_MS);
    f.show();
    f.show();
    expect(f.wb.update).toHaveBeenCalledTimes(1);
  });

  it('switched off, removes its own worker and caches only, and registers nothing', async () => {
    const f = fakeEnv({ enabled: false });
    await startServiceWorker(f.env);
    expect(f.env.createWorkbox).not.toHaveBeenCalled();
    expect(f.unregister).toHaveBeenCalledTimes(1);
    expect(f.cacheNames).toEqual(['someone-else']);
  });

  it('takes a refused registration quietly', async () => {
    const wb = fakeWorkbox({ refuse: true });
    const f = fakeEnv({ createWorkbox: () => wb });
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(startServiceWorker(f.env)).resolves.toBeUndefined();
    expect(error).not.toHaveBeenCalled();
    error.mockRestore();
  });
});

/** A page's update wiring with a hand-run timer and a session-storage mark. */
function wiring(o: { controlled?: boolean; marked?: boolean } = {}) {
  const timers: Array<{ fn: () => void; ms: number }> = [];
  let mark = o.marked ?? false;
  const w = {
    update: createAppUpdate(),
    reload: vi.fn(),
    controlled: o.controlled ?? true,
    setTimeout: (fn: () => void, ms: number) => timers.push({ fn, ms }),
    acceptance: {
      put: () => void (mark = true),
      take: () => {
        const was = mark;
        mark = false;
        return was;
      },
    },
  } satisfies UpdateWiring;
  return { w, timers, marked: () => mark };
}

describe('a new version', () => {
  it('waiting is offered; accepting sends SKIP_WAITING, and the page reloads once the new worker controls it', () => {
    const wb = fakeWorkbox();
    const { w, timers, marked } = wiring();
    wireUpdates(wb, w);
    wb.emit('waiting');
    expect(w.update.ready.get()).toBe(true);
    expect(wb.messageSkipWaiting).not.toHaveBeenCalled();
    w.update.accept();
    expect(wb.messageSkipWaiting).toHaveBeenCalledTimes(1);
    expect(w.reload).not.toHaveBeenCalled();
    wb.emit('controlling');
    expect(w.reload).toHaveBeenCalledTimes(1);
    // The fallback finds the page reloading already.
    timers.forEach((t) => t.fn());
    expect(w.reload).toHaveBeenCalledTimes(1);
    expect(marked()).toBe(false);
  });

  it('a new worker that has not taken over TAKEOVER_WAIT_MS after the Reload: the page reloads anyway, remembering the Reload', () => {
    const wb = fakeWorkbox();
    const { w, timers, marked } = wiring();
    wireUpdates(wb, w);
    wb.emit('waiting');
    w.update.accept();
    expect(timers.map((t) => t.ms)).toEqual([TAKEOVER_WAIT_MS]);
    timers[0]?.fn();
    expect(w.reload).toHaveBeenCalledTimes(1);
    expect(marked()).toBe(true);
    wb.emit('controlling');
    expect(w.reload).toHaveBeenCalledTimes(1);
  });

  it('the page that Reload loaded is the new version: the waiting worker is told to take over, and nothing is offered', () => {
    const wb = fakeWorkbox();
    const { w, marked } = wiring({ marked: true });
    wireUpdates(wb, w);
    expect(marked()).toBe(false);
    wb.emit('waiting');
    expect(wb.messageSkipWaiting).toHaveBeenCalledTimes(1);
    wb.emit('controlling');
    expect(w.update.ready.get()).toBe(false);
    expect(w.reload).not.toHaveBeenCalled();
    // The mark was for that one load: the next page offers the next version again.
    const next = fakeWorkbox();
    const again = wiring();
    wireUpdates(next, again.w);
    next.emit('waiting');
    expect(again.w.update.ready.get()).toBe(true);
  });

  it('a first install taking control changes nothing; another tab taking over offers a reload', () => {
    const first = fakeWorkbox();
    const { w } = wiring({ controlled: false });
    const { update, reload } = w;
    wireUpdates(first, w);
    first.emit('controlling');
    expect(update.ready.get()).toBe(false);
    const later = fakeWorkbox();
    wireUpdates(later, { ...w, controlled: true });
    later.emit('controlling', { isExternal: true });
    expect(reload).not.toHaveBeenCalled();
    expect(update.ready.get()).toBe(true);
    update.accept();
    expect(reload).toHaveBeenCalledTimes(1);
    expect(later.messageSkipWaiting).not.toHaveBeenCalled();
  });

  it('still installing when the app registered is offered once installed and waiting', () => {
    const listeners: (() => void)[] = [];
    const worker = { state: 'installing', addEventListener: (_: 'statechange', fn: () => void) => listeners.push(fn) };
    const registration: InstallingWatch = { installing: worker, waiting: null };
    const offer = vi.fn();
    offerInstalling(registration, offer);
    listeners.forEach((fn) => fn());
    expect(offer).not.toHaveBeenCalled();
    worker.state = 'installed';
    registration.waiting = worker;
    listeners.forEach((fn) => fn());
    expect(offer).toHaveBeenCalledTimes(1);
  });
});
