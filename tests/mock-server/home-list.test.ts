import { describe, expect, it } from 'vitest';
import { BODY_CODE, PATH, type HomeList } from '../../web/api/contract.ts';
import { call, login, type Started, useApp } from './helpers.ts';

let s: Started;
useApp((started) => (s = started));

const home = (token?: string) => call<HomeList>(s.port, PATH.homeList, { method: 'GET', token });
const allGameIds = (h: HomeList): number[] => [...h.banners.map((b) => b.game_id), ...h.sections.flatMap((x) => x.games.map((g) => g.id))];

describe('GET index/api/home_list', () => {
  it('a visitor gets the banner carousel and the sections, without "continue playing"', async () => {
    const r = await home();
    expect(r.envelope.code).toBe(BODY_CODE.success);
    const h = r.envelope.data;
    expect(h.banners.length).toBeGreaterThanOrEqual(3);
    for (const b of h.banners) expect(b.image).toBe(`http://127.0.0.1:${s.port}/mock-media/games/${b.game_id}/banner.webp`);
    expect(h.sections.map((x) => x.key)).toEqual(['hot', 'new', 'picks', 'tag_rpg', 'tag_racing', 'tag_casual']);
    const hot = h.sections.find((x) => x.type === 'hot');
    expect(hot?.games).toHaveLength(10);
    expect(hot?.more).toBe(1);
    const plays = hot?.games.map((g) => g.play_count) ?? [];
    expect([...plays].sort((a, b) => b - a)).toEqual(plays);
    expect(h.sections.find((x) => x.type === 'new')?.games.every((g) => g.is_new === 1)).toBe(true);
    const rpg = h.sections.find((x) => x.key === 'tag_rpg');
    expect(rpg?.tag_id).toBe(3);
    expect(rpg?.games.every((g) => g.tags.some((t) => t.id === 3))).toBe(true);
  });

  it('applies the shield: banner 3 and picks entry 17 are left out', async () => {
    const h = (await home()).envelope.data;
    expect(allGameIds(h)).not.toContain(3);
    expect(allGameIds(h)).not.toContain(17);
    expect(h.banners.map((b) => b.id)).not.toContain(3);
    expect(h.sections.find((x) => x.key === 'picks')?.games.map((g) => g.id)).toEqual([11, 4, 28, 32]);
  });

  it('with a login, "continue playing" comes first with the played games, latest first', async () => {
    const user = await login(s.port, '13800000001');
    expect((await home(user.gly_token)).envelope.data.sections[0]?.key).toBe('hot');
    for (const game_id of [7, 12, 9]) {
      await call(s.port, PATH.playgame, { data: { uid: user.swcloud_uid, game_id }, token: user.gly_token });
      s.clock.advance(1000);
    }
    const h = (await home(user.gly_token)).envelope.data;
    expect(h.sections[0]).toMatchObject({ key: 'continue', type: 'continue', title: 'Continue playing', layout: 'row', more: 0 });
    expect(h.sections[0]?.games.map((g) => g.id)).toEqual([9, 12, 7]);
    // Another user does not see them; an expired token is treated as a visitor (home is open to all).
    const other = await login(s.port, '13800000002');
    expect((await home(other.gly_token)).envelope.data.sections[0]?.key).toBe('hot');
    expect((await home('f'.repeat(48))).envelope.code).toBe(BODY_CODE.success);
  });

  it('accepts and ignores GET /key/value pairs; a key without value is 40000', async () => {
    const r = await call<HomeList>(s.port, PATH.homeList, { method: 'GET', data: { lang: 'en' } });
    expect(r.envelope.code).toBe(BODY_CODE.success);
    const bad = await call(s.port, `${PATH.homeList}/lang`, { method: 'GET' });
    expect(bad.envelope.code).toBe(BODY_CODE.badRequest);
    expect(bad.envelope.msg).toContain('"lang"');
  });

  it('POST is not its method (405)', async () => {
    const r = await call(s.port, PATH.homeList);
    expect(r.status).toBe(405);
    expect(r.envelope.code).toBe(BODY_CODE.methodNotAllowed);
  });
});
