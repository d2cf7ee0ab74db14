import { describe, expect, it, vi } from 'vitest';
import { createManualClock } from '../../../web/core/clock.ts';
import {
  RECENT_MAX,
  SEARCH_DEBOUNCE_MS,
  addRecent,
  appendPage,
  createDebouncer,
  emptyPaged,
  formatCount,
  gamesCount,
  isGameNotFound,
  isLongText,
  paragraphs,
  parseId,
  parseSort,
  playedLabel,
  readRecent,
  removeRecent,
} from '../../../web/state/catalogue.ts';

const g = (id: number) => ({ id });

describe('catalogue query values (SPEC §2 routes)', () => {
  it('reads only positive integer ids and known sorts from the query', () => {
    expect(parseId('12')).toBe(12);
    for (const bad of [null, undefined, '', '0', '-3', '1.5', 'abc', '99999999999999999999']) expect(parseId(bad)).toBeNull();
    expect(parseSort('rating')).toBe('rating');
    expect(parseSort('oldest')).toBeUndefined();
  });
  it('treats body code 0 from game_info as "Game not found" (SPEC §6 shield list)', () => {
    expect(isGameNotFound({ code: 0, msg: 'Game not found' })).toBe(true);
    expect(isGameNotFound({ code: -1, msg: 'network' })).toBe(false);
    expect(isGameNotFound(new Error('x'))).toBe(false);
  });
});

describe('paging', () => {
  it('appends pages in order, skips repeats and stops when has_more is 0', () => {
    let s = emptyPaged<{ id: number }>();
    s = appendPage(s, { list: [g(1), g(2)], page: 1, has_more: 1 });
    s = appendPage(s, { list: [g(2), g(3)], page: 2, has_more: 0 });
    expect(s.items.map((i) => i.id)).toEqual([1, 2, 3]);
    expect(s).toMatchObject({ page: 2, hasMore: false });
  });
  it('ignores a late answer for a page already loaded, and an empty page ends the list', () => {
    let s = appendPage(emptyPaged<{ id: number }>(), { list: [g(1)], page: 1, has_more: 1 });
    expect(appendPage(s, { list: [g(9)], page: 1, has_more: 1 })).toBe(s);
    s = appendPage(s, { list: [], page: 2, has_more: 1 });
    expect(s.hasMore).toBe(false);
  });
});

describe('recent searches', () => {
  it('keeps newest first, trims, ignores blanks and moves a repeat (any case) to the front', () => {
    let list = addRecent([], '  zelda   quest ');
    expect(list).toEqual(['zelda quest']);
    list = addRecent(list, 'rpg');
    list = addRecent(list, 'ZELDA quest');
    expect(list).toEqual(['ZELDA quest', 'rpg']);
    expect(addRecent(list, '   ')).toEqual(list);
  });
  it(`keeps at most ${RECENT_MAX}`, () => {
    let list: string[] = [];
    for (let i = 0; i < 15; i++) list = addRecent(list, `k${i}`);
    expect(list).toHaveLength(RECENT_MAX);
    expect(list[0]).toBe('k14');
  });
  it('removes one, and reads only a list of strings from storage', () => {
    expect(removeRecent(['a', 'b'], 'a')).toEqual(['b']);
    expect(readRecent(['a', 3, '', 'b'])).toEqual(['a', 'b']);
    expect(readRecent('a,b')).toEqual([]);
    expect(readRecent(null)).toEqual([]);
  });
});

describe('search debounce (300 ms)', () => {
  it('fires once with the last value, 300 ms after the last keystroke', () => {
    const clock = createManualClock();
    const fn = vi.fn();
    const d = createDebouncer(clock, SEARCH_DEBOUNCE_MS, fn);
    d.push('s');
    clock.advance(200);
    d.push('st');
    clock.advance(299);
    expect(fn).not.toHaveBeenCalled();
    clock.advance(1);
    expect(fn).toHaveBeenCalledExactlyOnceWith('st');
  });
  it('cancel drops the pending call', () => {
    const clock = createManualClock();
    const fn = vi.fn();
    const d = createDebouncer(clock, SEARCH_DEBOUNCE_MS, fn);
    d.push('x');
    d.cancel();
    clock.advance(1000);
    expect(fn).not.toHaveBeenCalled();
  });
});

describe('display formats', () => {
  it('shortens counts', () => {
    expect(formatCount(950)).toBe('950');
    expect(formatCount(1000)).toBe('1K');
    expect(formatCount(12_345)).toBe('12.3K');
    expect(formatCount(184_020)).toBe('184K');
    expect(formatCount(2_560_000)).toBe('2.5M');
    expect(formatCount(-1)).toBe('0');
  });
  it('splits descriptions into paragraphs and knows when to collapse', () => {
    const text = 'One.\n\n• a\n• b\n\n  \n\nThree.';
    expect(paragraphs(text)).toEqual(['One.', '• a\n• b', 'Three.']);
    expect(isLongText(text)).toBe(true);
    expect(isLongText('Short.')).toBe(false);
  });
  it('labels counts and played games', () => {
    expect(gamesCount(1)).toBe('1 game');
    expect(gamesCount(44)).toBe('44 games');
    expect(playedLabel('2026-11-22 07:48:50', 1)).toBe('2026-11-22 · played once');
    expect(playedLabel('2026-11-22 07:48:50', 3)).toBe('2026-11-22 · played 3 times');
  });
});
