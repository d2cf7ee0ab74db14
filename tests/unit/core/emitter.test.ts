import { afterEach, describe, expect, it, vi } from 'vitest';
import { createEmitter, rethrowLater } from '../../../web/core/emitter.ts';

interface Events {
  ping: number;
  done: void;
  note: { text: string };
}

describe('emitter', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('calls the listeners of an event in the order they came, with the payload; other events are not heard', () => {
    const e = createEmitter<Events>();
    const heard: string[] = [];
    e.on('ping', (n) => heard.push(`a${n}`));
    e.on('ping', (n) => heard.push(`b${n}`));
    e.on('note', (n) => heard.push(n.text));
    e.emit('ping', 1);
    e.emit('done');
    expect(heard).toEqual(['a1', 'b1']);
    e.emit('note', { text: 'hi' });
    expect(heard).toEqual(['a1', 'b1', 'hi']);
  });

  it('on returns an unsubscribe that removes only that listener; calling it twice is harmless', () => {
    const e = createEmitter<Events>();
    const heard: string[] = [];
    const offA = e.on('ping', () => heard.push('a'));
    e.on('ping', () => heard.push('b'));
    offA();
    offA();
    e.emit('ping', 1);
    expect(heard).toEqual(['b']);
  });

  it('the same function subscribed twice is one listener', () => {
    const e = createEmitter<Events>();
    const fn = vi.fn();
    e.on('ping', fn);
    e.on('ping', fn);
    e.emit('ping', 3);
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('emits to a snapshot: a listener added or removed mid-emit counts from the next emit', () => {
    const e = createEmitter<Events>();
    const heard: string[] = [];
    let offB = (): void => undefined;
    e.on('ping', (n) => {
      heard.push(`a${n}`);
      offB();
      e.on('ping', (m) => heard.push(`c${m}`));
    });
    offB = e.on('ping', (n) => heard.push(`b${n}`));
    e.emit('ping', 1);
    expect(heard).toEqual(['a1', 'b1']);
    heard.length = 0;
    e.emit('ping', 2);
    expect(heard).toEqual(['a2', 'c2']);
  });

  it('a listener that throws is reported through log with the event name, and the others still hear the event', () => {
    const log = vi.fn();
    const e = createEmitter<Events>(log);
    const heard: number[] = [];
    const boom = new Error('boom');
    e.on('ping', () => {
      throw boom;
    });
    e.on('ping', (n) => heard.push(n));
    expect(() => e.emit('ping', 7)).not.toThrow();
    expect(heard).toEqual([7]);
    expect(log).toHaveBeenCalledTimes(1);
    expect(log).toHaveBeenCalledWith('ping listener failed: boom', boom);
  });

  it('by default a throwing listener is rethrown on a microtask, after every listener ran', async () => {
    const queued: Array<() => void> = [];
    vi.spyOn(globalThis, 'queueMicrotask').mockImplementation((fn) => queued.push(fn));
    const e = createEmitter<Events>();
    const heard: number[] = [];
    e.on('ping', () => {
      throw new Error('late');
    });
    e.on('ping', (n) => heard.push(n));
    e.emit('ping', 1);
    expect(heard).toEqual([1]);
    expect(queued).toHaveLength(1);
    expect(() => queued[0]?.()).toThrow('late');
  });

  it('rethrowLater throws the very error it was given', () => {
    const queued: Array<() => void> = [];
    vi.spyOn(globalThis, 'queueMicrotask').mockImplementation((fn) => queued.push(fn));
    const err = { not: 'an Error' };
    rethrowLater('x', err);
    let caught: unknown;
    try {
      queued[0]?.();
    } catch (e) {
      caught = e;
    }
    expect(caught).toBe(err);
  });

  it('clear(event) forgets that event only; clear() forgets all', () => {
    const e = createEmitter<Events>();
    const heard: string[] = [];
    e.on('ping', () => heard.push('ping'));
    e.on('done', () => heard.push('done'));
    e.clear('ping');
    e.emit('ping', 1);
    e.emit('done');
    expect(heard).toEqual(['done']);
    e.clear();
    e.emit('done');
    expect(heard).toEqual(['done']);
    // Listening again after a clear works.
    e.on('ping', () => heard.push('again'));
    e.emit('ping', 2);
    expect(heard).toEqual(['done', 'again']);
  });
});
