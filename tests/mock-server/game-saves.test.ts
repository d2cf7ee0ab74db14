/** Saves (SPEC §3 saves: save_name, is_share, save_config; §7 manual_save, game_save_list, edit_save, del_save). */
import { describe, expect, it } from 'vitest';
import { GAME_CODE, MAX_SAVES_PER_GAME, PATH, type GameSaveListResponse, type SaveConfigResponse } from '../../web/api/contract.ts';
import { T0, type Started, useApp } from './helpers.ts';
import { FREE_TRIAL, GAME_KEY, gameCall, MEMBER, player, startPlaying, type Player } from './game-helpers.ts';

let s: Started;
useApp((started) => (s = started));

const save = (p: Player, scId: string, name: string, share = 0) =>
  gameCall<SaveConfigResponse>(s, PATH.manualSave, { game_key: GAME_KEY, sc_id: scId, client_sid: 'client-1', save_name: name, is_share: share }, p.token);
const listSaves = (p: Player, gameKey = GAME_KEY) => gameCall<GameSaveListResponse>(s, PATH.gameSaveList, { game_key: gameKey }, p.token);

describe('saves', () => {
  it('create, list (newest first), edit, delete', async () => {
    const p = await player(s, MEMBER);
    const scId = await startPlaying(s, p);
    const first = await save(p, scId, 'Before the boss');
    expect(first.envelope.code).toBe(1);
    const cfg = first.envelope.data.save_config;
    expect(cfg).toMatchObject({ save_name: 'Before the boss', is_share: 0, game_key: GAME_KEY, sc_id: scId, create_time: T0 / 1000, update_time: T0 / 1000 });
    expect(cfg.save_id).toBeGreaterThan(0);
    expect(cfg.size).toBeGreaterThan(0);

    s.clock.advance(60_000);
    const second = (await save(p, scId, 'Chapter 2', 1)).envelope.data.save_config;
    const listed = (await listSaves(p)).envelope.data;
    expect(listed.max_count).toBe(MAX_SAVES_PER_GAME);
    expect(listed.list.map((x) => x.save_name)).toEqual(['Chapter 2', 'Before the boss']);
    expect((await listSaves(p, 'g_other')).envelope.data.list).toEqual([]);

    s.clock.advance(1000);
    const edited = await gameCall<SaveConfigResponse>(s, PATH.editSave, { save_id: cfg.save_id, save_name: 'Boss fight', is_share: 1 }, p.token);
    expect(edited.envelope.data.save_config).toMatchObject({ save_id: cfg.save_id, save_name: 'Boss fight', is_share: 1, update_time: T0 / 1000 + 61 });
    const shareOnly = await gameCall<SaveConfigResponse>(s, PATH.editSave, { save_id: second.save_id, is_share: 0 }, p.token);
    expect(shareOnly.envelope.data.save_config).toMatchObject({ save_name: 'Chapter 2', is_share: 0 });

    const del = await gameCall(s, PATH.delSave, { save_id: cfg.save_id }, p.token);
    expect(del.envelope).toMatchObject({ code: 1, data: { save_id: cfg.save_id } });
    expect((await listSaves(p)).envelope.data.list.map((x) => x.save_id)).toEqual([second.save_id]);
    expect((await gameCall(s, PATH.delSave, { save_id: cfg.save_id }, p.token)).envelope.code).toBe(GAME_CODE.saveNotFound);
  });

  it('needs a session of this user and game; another user cannot see, edit or delete a save', async () => {
    const p = await player(s, MEMBER);
    expect((await save(p, '1', 'x')).envelope.code).toBe(GAME_CODE.sessionNotFound);
    const scId = await startPlaying(s, p);
    const wrongGame = await gameCall(s, PATH.manualSave, { game_key: 'g_other', sc_id: scId, client_sid: 'c', save_name: 'x', is_share: 0 }, p.token);
    expect(wrongGame.envelope.code).toBe(GAME_CODE.sessionNotFound);
    const mine = (await save(p, scId, 'Mine')).envelope.data.save_config;

    const other = await player(s, FREE_TRIAL);
    expect((await listSaves(other)).envelope.data.list).toEqual([]);
    expect((await gameCall(s, PATH.editSave, { save_id: mine.save_id, save_name: 'Theirs' }, other.token)).envelope.code).toBe(GAME_CODE.saveNotFound);
    expect((await gameCall(s, PATH.delSave, { save_id: mine.save_id }, other.token)).envelope.code).toBe(GAME_CODE.saveNotFound);
  });

  it('checks the input: a name of 1–32 characters, is_share 0/1, edit needs something to change', async () => {
    const p = await player(s, MEMBER);
    const scId = await startPlaying(s, p);
    expect((await save(p, scId, '')).envelope.code).toBe(40000);
    expect((await save(p, scId, 'x'.repeat(33))).envelope.code).toBe(40000);
    expect((await save(p, scId, 'ok', 2)).envelope.code).toBe(40000);
    const r = (await save(p, scId, 'ok')).envelope.data.save_config;
    const nothing = await gameCall(s, PATH.editSave, { save_id: r.save_id }, p.token);
    expect(nothing.envelope).toMatchObject({ code: 40000, msg: expect.stringMatching(/save_name or is_share/) as string });
  });

  it(`keeps at most ${MAX_SAVES_PER_GAME} saves per game (4014)`, async () => {
    const p = await player(s, MEMBER);
    const scId = await startPlaying(s, p);
    for (let i = 0; i < MAX_SAVES_PER_GAME; i++) expect((await save(p, scId, `s${i}`)).envelope.code).toBe(1);
    expect((await save(p, scId, 'one too many')).envelope.code).toBe(GAME_CODE.saveLimit);
  });
});
