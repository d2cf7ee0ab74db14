import { describe, expect, it, vi } from 'vitest';
import type { Api } from '../../../web/api/endpoints.ts';
import type { GameSummary, HomeList } from '../../../web/api/contract.ts';
import { createShieldSource, parseShield, shieldHome, withoutShielded } from '../../../web/state/shield.ts';
import { shieldApi } from '../../../web/state/shield-api.ts';

const g = (id: number) => ({ id }) as GameSummary;

describe('shielded games (SPEC §5 "Some games are hidden via a shield list", §7 ps_shield)', () => {
  it('reads the comma list, ignoring blanks and anything not an id', () => {
    expect([...parseShield('3,17')]).toEqual([3, 17]);
    expect([...parseShield(' 3 , ,x,17 ')]).toEqual([3, 17]);
    expect(parseShield('').size).toBe(0);
    expect(parseShield(undefined).size).toBe(0);
  });

  it('leaves shielded games out of a list, keeping the order', () => {
    expect(withoutShielded([g(1), g(3), g(2), g(17)], new Set([3, 17])).map((x) => x.id)).toEqual([1, 2]);
    expect(withoutShielded([g(1)], new Set()).map((x) => x.id)).toEqual([1]);
  });

  it('home: drops banners of shielded games and sections left empty', () => {
    const home = {
      banners: [{ id: 1, game_id: 3 }, { id: 2, game_id: 4 }],
      sections: [
        { key: 'a', games: [g(3)] },
        { key: 'b', games: [g(3), g(5)] },
      ],
    } as unknown as HomeList;
    const out = shieldHome(home, new Set([3]));
    expect(out.banners.map((b) => b.id)).toEqual([2]);
    expect(out.sections.map((s) => [s.key, s.games.map((x) => x.id)])).toEqual([['b', [5]]]);
  });

  it('the API filters lists and answers game_info of a shielded game as "Game not found" (body code 0)', async () => {
    const api = {
      psShield: vi.fn(async () => ({ game: '3' })),
      gameList: vi.fn(async () => ({ list: [g(1), g(3)], total: 2, page: 1, page_size: 20, has_more: 0 })),
      similarList: vi.fn(async () => ({ list: [g(3), g(4)] })),
      gameInfo: vi.fn(async (req: { game_id: number }) => ({ id: req.game_id })),
    } as unknown as Api;
    const shielded = shieldApi(api);
    expect(await shielded.gameList({})).toMatchObject({ list: [{ id: 1 }], total: 1 });
    expect((await shielded.similarList({ game_id: 1 })).list.map((x: GameSummary) => x.id)).toEqual([4]);
    await expect(shielded.gameInfo({ game_id: 3 })).rejects.toMatchObject({ code: 0 });
    expect(await shielded.gameInfo({ game_id: 4 })).toMatchObject({ id: 4 });
    expect(api.psShield).toHaveBeenCalledTimes(1);
  });

  it('asks for ps_shield together with the list, not after its answer (no round trip of its own: decision 0015, "First request")', async () => {
    const order: string[] = [];
    let answerList: (v: unknown) => void = () => undefined;
    const api = {
      psShield: vi.fn(async () => (order.push('ps_shield'), { game: '3' })),
      homeList: vi.fn(() => (order.push('home_list'), new Promise((r) => (answerList = r)))),
    } as unknown as Api;
    const home = shieldApi(api).homeList({});
    // Both requests are out while home_list has not answered.
    expect(order).toEqual(['ps_shield', 'home_list']);
    answerList({ banners: [{ id: 1, game_id: 3 }, { id: 2, game_id: 4 }], sections: [] });
    expect((await home).banners.map((b) => b.id)).toEqual([2]);
  });

  it('a failing ps_shield hides nothing, never fails the list, and is asked again by the next list (SPEC §5)', async () => {
    const psShield = vi.fn().mockRejectedValueOnce(new Error('503')).mockResolvedValue({ game: '3' });
    const api = {
      psShield,
      gameList: vi.fn(async () => ({ list: [g(1), g(3)], total: 2, page: 1, page_size: 20, has_more: 0 })),
    } as unknown as Api;
    const shielded = shieldApi(api);
    expect(await shielded.gameList({})).toMatchObject({ list: [{ id: 1 }, { id: 3 }], total: 2 });
    expect(await shielded.gameList({})).toMatchObject({ list: [{ id: 1 }], total: 1 });
    await shielded.gameList({});
    expect(psShield).toHaveBeenCalledTimes(2);
  });

  it('a failing list is the list\'s error, whatever ps_shield does', async () => {
    const api = {
      psShield: vi.fn(async () => ({ game: '3' })),
      gameInfo: vi.fn(async () => Promise.reject(new Error('offline'))),
    } as unknown as Api;
    await expect(shieldApi(api).gameInfo({ game_id: 4 })).rejects.toThrow('offline');
  });

  it('loads ps_shield once; a failure hides nothing and is tried again', async () => {
    const fetch = vi.fn().mockRejectedValueOnce(new Error('503')).mockResolvedValue({ game: '3' });
    const load = createShieldSource(fetch);
    expect((await load()).size).toBe(0);
    expect([...(await load())]).toEqual([3]);
    await load();
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});
