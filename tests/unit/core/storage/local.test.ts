import { describe, expect, it } from 'vitest';
import { createLocalStore } from '../../../../web/core/storage/local';
import { createMemoryStorage } from '../../../../web/core/storage/memory';

describe('local storage entries (SPEC §3, §5)', () => {
  it('stores {type, data} with JSON for non-string values (SPEC §3)', () => {
    const backend = createMemoryStorage();
    const store = createLocalStore(backend);
    store.set('s', 'hello');
    store.set('n', 42);
    store.set('b', false);
    store.set('o', { a: 1 });
    store.set('a', [1, 'x']);
    store.set('z', null);
    expect(JSON.parse(backend.getItem('s') ?? '')).toEqual({ type: 'string', data: 'hello' });
    expect(JSON.parse(backend.getItem('n') ?? '')).toEqual({ type: 'number', data: '42' });
    expect(JSON.parse(backend.getItem('o') ?? '')).toEqual({ type: 'object', data: '{"a":1}' });
    expect(JSON.parse(backend.getItem('a') ?? '')).toEqual({ type: 'array', data: '[1,"x"]' });
    expect(JSON.parse(backend.getItem('z') ?? '')).toEqual({ type: 'object', data: 'null' });
  });

  it('reads back the value with its original type (SPEC §3)', () => {
    const store = createLocalStore(createMemoryStorage());
    store.set('s', '42');
    store.set('n', 42);
    store.set('b', true);
    store.set('o', { a: [1] });
    expect(store.get<string>('s')).toBe('42');
    expect(store.get<number>('n')).toBe(42);
    expect(store.get<boolean>('b')).toBe(true);
    expect(store.get<{ a: number[] }>('o')).toEqual({ a: [1] });
  });

  it("fails a read of an absent key with 'data not found' (SPEC §5)", () => {
    const store = createLocalStore(createMemoryStorage());
    expect(() => store.get('missing')).toThrow('data not found');
    expect(store.has('missing')).toBe(false);
    expect(store.getOr('missing', 7)).toBe(7);
  });

  it("treats a corrupt entry as not found and leaves it alone (SPEC §5)", () => {
    const backend = createMemoryStorage({ raw: 'not json', shape: '{"x":1}', bad: '{"type":"number","data":"{"}' });
    const store = createLocalStore(backend);
    for (const key of ['raw', 'shape', 'bad']) {
      expect(() => store.get(key)).toThrow('data not found');
      expect(store.has(key)).toBe(false);
    }
    expect(backend.getItem('raw')).toBe('not json');
  });

  it('removes one key or clears all (SPEC §3)', () => {
    const store = createLocalStore(createMemoryStorage());
    store.set('a', 1);
    store.set('b', 2);
    store.remove('a');
    expect(store.has('a')).toBe(false);
    expect(store.has('b')).toBe(true);
    store.clear();
    expect(store.has('b')).toBe(false);
  });

  it('refuses values JSON cannot hold instead of storing garbage (SPEC §3)', () => {
    const store = createLocalStore(createMemoryStorage());
    expect(() => store.set('u', undefined)).toThrow(TypeError);
    expect(() => store.set('f', () => 1)).toThrow(TypeError);
  });
});
