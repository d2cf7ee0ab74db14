/**
 * Running sessions: stop_game (SPEC §8 "A stop-game non-200 response shows the message"), display_grade (§3 clarity,
 * §5 blu-ray), hang-up (§4, §5, §9), user_sc_list and recon_play_game (§4 "Reconnect", "After login or app start").
 */
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  GAME_CODE,
  HANGUP_MINUTE_MS,
  PATH,
  type DisplayGradeResponse,
  type HangUpResponse,
  type PlayStartInfo,
  type StopGameResponse,
  type UserScListResponse,
} from '../../web/api/contract.ts';
import { DEFAULT_FIXTURES_DIR } from '../../mock-server/app.ts';
import { startApp, tempDir, T0, type Started, useApp } from './helpers.ts';
import { FREE_TRIAL, GAME_KEY, gameCall, MANUFACTURER, MEMBER, player, startPlaying, useScript, type Player } from './game-helpers.ts';

let s: Started;
useApp((started) => (s = started));

const stop = (p: Player, scId: string) => gameCall<StopGameResponse>(s, PATH.stopGame, { sc_id: scId, game_key: GAME_KEY, body: 'user quit' }, p.token);
const grade = (p: Player, scId: string, g: number) => gameCall<DisplayGradeResponse>(s, PATH.displayGrade, { game_key: GAME_KEY, sc_id: scId, display_grade: g }, p.token);
const hangUp = (p: Player, path: string, scId: string, minutes: number) =>
  gameCall<HangUpResponse>(s, path, { game_key: GAME_KEY, sc_id: scId, hang_up_timer: minutes }, p.token);
const list = (p: Player) => gameCall<UserScListResponse>(s, PATH.userScList, { manufacturer: MANUFACTURER, client_sid: 'client-1', sn: 'sn-1' }, p.token);
const recon = (p: Player, scId: string, gameKey = GAME_KEY) => gameCall<PlayStartInfo>(s, PATH.reconPlayGame, { sc_id: scId, game_key: gameKey }, p.token);

describe('stop_game', () => {
  it('stops a running session and reports how long it ran', async () => {
    const p = await player(s, MEMBER);
    const scId = await startPlaying(s, p);
    s.clock.advance(90_000);
    const r = await stop(p, scId);
    expect(r.envelope).toMatchObject({ code: 1, data: { code: 200, sc_id: scId, play_seconds: 90 } });
    expect((await list(p)).envelope.data.list).toEqual([]);
  });

  it('an unknown or already stopped sc_id answers a non-1 code with the message (SPEC §8)', async () => {
    const p = await player(s, MEMBER);
    const unknown = await stop(p, '424242');
    expect(unknown.envelope).toMatchObject({
      code: GAME_CODE.sessionNotFound,
      msg: 'Game session 424242 not found',
      data: { code: GAME_CODE.sessionNotFound, sub_msg: 'Game session 424242 not found' },
    });
    const scId = await startPlaying(s, p);
    await stop(p, scId);
    expect((await stop(p, scId)).envelope.code).toBe(GAME_CODE.sessionNotFound);
  });

  it("another user's session is not found", async () => {
    const owner = await player(s, MEMBER);
    const scId = await startPlaying(s, owner);
    const other = await player(s, FREE_TRIAL);
    expect((await stop(other, scId)).envelope.code).toBe(GAME_CODE.sessionNotFound);
  });

  it('needs game_key or manufacturer (SPEC §7)', async () => {
    const p = await player(s, MEMBER);
    const scId = await startPlaying(s, p);
    const none = await gameCall(s, PATH.stopGame, { sc_id: scId }, p.token);
    expect(none.envelope.code).toBe(40000);
    const byManufacturer = await gameCall(s, PATH.stopGame, { sc_id: scId, manufacturer: MANUFACTURER }, p.token);
    expect(byManufacturer.envelope.data).toMatchObject({ code: 200 });
  });
});

describe('display_grade (SPEC §3 clarity list, §5 blu-ray rule)', () => {
  it('answers the level_config of each clarity: standard 6, HD 8, ultra 9, blu-ray 10 (member)', async () => {
    const p = await player(s, MEMBER);
    const scId = await startPlaying(s, p);
    const names: string[] = [];
    for (const g of [6, 8, 9, 10]) {
      const r = await grade(p, scId, g);
      expect(r.envelope.code).toBe(1);
      expect(r.envelope.data.level_config.display_grade).toBe(g);
      names.push(r.envelope.data.level_config.name);
    }
    expect(names).toEqual(['standard', 'hd', 'ultra', 'bluray']);
    expect((await grade(p, scId, 7)).envelope.code).toBe(40000);
  });

  it('blu-ray is refused for a non-member without the trial, allowed on the trial (trial_status 1)', async () => {
    const trial = await player(s, FREE_TRIAL);
    const scId = await startPlaying(s, trial);
    expect((await grade(trial, scId, 10)).envelope.code).toBe(1);

    useScript(s, { user: { trial_status: 0 } });
    const free = await player(s, FREE_TRIAL);
    const sc2 = await startPlaying(s, free);
    const r = await grade(free, sc2, 10);
    expect(r.envelope.code).toBe(GAME_CODE.memberOnly);
    expect(r.envelope.msg).toMatch(/members/);
    expect((await grade(free, sc2, 9)).envelope.code).toBe(1);
  });

  it('blu-ray is allowed for every non-member when system config vip_can_use is 1', async () => {
    const dir = tempDir('fixtures-vip-can-use');
    try {
      cpSync(DEFAULT_FIXTURES_DIR, dir.dir, { recursive: true });
      const file = path.join(dir.dir, 'system_info.json');
      const info = JSON.parse(readFileSync(file, 'utf8')) as { definition_default_conf: { vip_can_use: number } };
      info.definition_default_conf.vip_can_use = 1;
      writeFileSync(file, JSON.stringify(info));
      await s.close();
      s = await startApp({ fixturesDir: dir.dir });
      useScript(s, { user: { trial_status: 0 } });
      const free = await player(s, FREE_TRIAL);
      const scId = await startPlaying(s, free);
      expect((await grade(free, scId, 10)).envelope.code).toBe(1);
    } finally {
      dir.remove();
    }
  });

  it('an unknown session answers 4004', async () => {
    const p = await player(s, MEMBER);
    expect((await grade(p, '1', 6)).envelope.code).toBe(GAME_CODE.sessionNotFound);
  });
});

describe('hang-up (SPEC §4 "Hang-up", §5, §9 minutes × 60000)', () => {
  it('sc_hang_up keeps the session with no stream for the minutes, then stops it', async () => {
    const p = await player(s, MEMBER);
    const scId = await startPlaying(s, p);
    const r = await hangUp(p, PATH.scHangUp, scId, 3);
    expect(r.envelope.data).toEqual({ sc_id: scId, hang_up_timer: 3, hang_up_end_time: Math.floor((T0 + 3 * HANGUP_MINUTE_MS) / 1000) });
    expect((await list(p)).envelope.data.list).toEqual([
      { sc_id: scId, game_key: GAME_KEY, game_id: expect.any(Number) as number, type: 'able_recon', hang_up_end_time: r.envelope.data.hang_up_end_time },
    ]);
    s.clock.advance(3 * HANGUP_MINUTE_MS - 1);
    expect((await list(p)).envelope.data.list).toHaveLength(1);
    s.clock.advance(1);
    expect((await list(p)).envelope.data.list).toEqual([]);
    expect((await stop(p, scId)).envelope.code).toBe(GAME_CODE.sessionNotFound);
  });

  it('returning (recon_play_game) cancels the hang-up; sc_hang_up 0 cancels it too', async () => {
    const p = await player(s, MEMBER);
    const scId = await startPlaying(s, p);
    await hangUp(p, PATH.scHangUp, scId, 5);
    s.clock.advance(2 * HANGUP_MINUTE_MS);
    expect((await recon(p, scId)).envelope.data).toMatchObject({ code: 200, sc_id: scId });
    s.clock.advance(10 * HANGUP_MINUTE_MS);
    expect((await list(p)).envelope.data.list).toEqual([{ sc_id: scId, game_key: GAME_KEY, game_id: expect.any(Number) as number, type: 'able_recon' }]);

    await hangUp(p, PATH.scHangUp, scId, 3);
    expect((await hangUp(p, PATH.scHangUp, scId, 0)).envelope.data.hang_up_end_time).toBe(0);
    s.clock.advance(10 * HANGUP_MINUTE_MS);
    expect((await list(p)).envelope.data.list).toHaveLength(1);
  });

  it('set_hang_up_timer remembers the minutes; play and reconnect report them', async () => {
    const p = await player(s, MEMBER);
    const scId = await startPlaying(s, p);
    const r = await hangUp(p, PATH.setHangUpTimer, scId, 5);
    expect(r.envelope.data).toEqual({ sc_id: scId, hang_up_timer: 5, hang_up_end_time: 0 });
    expect((await recon(p, scId)).envelope.data.hang_up_timer).toBe(5);
  });

  it('type-2 options are member-only: refused for a non-member, allowed for a member', async () => {
    const free = await player(s, FREE_TRIAL);
    const freeSc = await startPlaying(s, free);
    for (const path of [PATH.setHangUpTimer, PATH.scHangUp]) {
      const r = await hangUp(free, path, freeSc, 10); // DEFAULT_HANG_OPTIONS: 10 and 30 are type 2
      expect(r.envelope.code).toBe(GAME_CODE.memberOnly);
    }
    expect((await hangUp(free, PATH.setHangUpTimer, freeSc, 5)).envelope.code).toBe(1);

    const member = await player(s, MEMBER);
    const memberSc = await startPlaying(s, member);
    expect((await hangUp(member, PATH.scHangUp, memberSc, 30)).envelope.code).toBe(1);
  });

  it("a catalogue game uses its own hang options and id (fixtures/games.json: Starfall Odyssey 3/10 type 1, 30/60 type 2)", async () => {
    const free = await player(s, FREE_TRIAL);
    const scId = await startPlaying(s, free, { game_key: 'g_starfall_odyssey' });
    const set = (minutes: number) =>
      gameCall(s, PATH.setHangUpTimer, { game_key: 'g_starfall_odyssey', sc_id: scId, hang_up_timer: minutes }, free.token);
    expect((await set(10)).envelope.code).toBe(1);
    expect((await set(30)).envelope.code).toBe(GAME_CODE.memberOnly);
    expect((await set(5)).envelope.code).toBe(GAME_CODE.notOffered);
    expect((await list(free)).envelope.data.list).toEqual([{ sc_id: scId, game_key: 'g_starfall_odyssey', game_id: 1, type: 'able_recon' }]);
  });

  it('minutes the game does not offer answer 4009', async () => {
    const p = await player(s, MEMBER);
    const scId = await startPlaying(s, p);
    const r = await hangUp(p, PATH.setHangUpTimer, scId, 7);
    expect(r.envelope.code).toBe(GAME_CODE.notOffered);
    expect(r.envelope.msg).toMatch(/3, 5, 10, 30/);
  });
});

describe('user_sc_list and recon_play_game (SPEC §4 "Reconnect", "After login or app start")', () => {
  it('lists running sessions as able_recon; reconnect answers the play-200 shape', async () => {
    const p = await player(s, MEMBER);
    const scId = await startPlaying(s, p);
    const rows = (await list(p)).envelope.data.list;
    expect(rows).toEqual([{ sc_id: scId, game_key: GAME_KEY, game_id: expect.any(Number) as number, type: 'able_recon' }]);
    const r = await recon(p, scId);
    expect(r.envelope.code).toBe(1);
    expect(r.envelope.data).toMatchObject({ code: 200, sc_id: scId, game_key: GAME_KEY, stream_url: `stream?sc_id=${scId}`, open_id: p.openId });
  });

  it('lists only this manufacturer and this user', async () => {
    const p = await player(s, MEMBER);
    await startPlaying(s, p);
    const other = await gameCall<UserScListResponse>(s, PATH.userScList, { manufacturer: 'other', client_sid: 'c', sn: '1' }, p.token);
    expect(other.envelope.data.list).toEqual([]);
    const someoneElse = await player(s, FREE_TRIAL);
    expect((await list(someoneElse)).envelope.data.list).toEqual([]);
  });

  it('adds the script\'s sessions: able_recon ones reconnect, stop ones refuse reconnect and stop', async () => {
    useScript(s, {
      sessions: [
        { sc_id: 'sc-able', game_key: 'g_starfall_odyssey', type: 'able_recon' },
        { sc_id: 'sc-stop', game_key: 'g_neon_drift_circuit', type: 'stop' },
      ],
    });
    const p = await player(s, MEMBER);
    const rows = (await list(p)).envelope.data.list;
    expect(rows.map((r) => [r.sc_id, r.type])).toEqual([
      ['sc-able', 'able_recon'],
      ['sc-stop', 'stop'],
    ]);
    expect((await recon(p, 'sc-able', 'g_starfall_odyssey')).envelope.data).toMatchObject({ code: 200, sc_id: 'sc-able' });
    expect((await recon(p, 'sc-stop', 'g_neon_drift_circuit')).envelope.data.code).toBe(GAME_CODE.sessionNotFound);
    expect((await gameCall(s, PATH.stopGame, { sc_id: 'sc-stop', game_key: 'g_neon_drift_circuit' }, p.token)).envelope.data).toMatchObject({ code: 200 });
    expect((await list(p)).envelope.data.list.map((r) => r.sc_id)).toEqual(['sc-able']);
  });

  it('an unknown, stopped or other-game session does not reconnect', async () => {
    const p = await player(s, MEMBER);
    expect((await recon(p, '1')).envelope.data).toEqual({ code: GAME_CODE.sessionNotFound, sub_msg: 'Game session 1 not found' });
    const scId = await startPlaying(s, p);
    expect((await recon(p, scId, 'g_other')).envelope.data.code).toBe(GAME_CODE.sessionNotFound);
    await stop(p, scId);
    expect((await recon(p, scId)).envelope.data.code).toBe(GAME_CODE.sessionNotFound);
  });
});
