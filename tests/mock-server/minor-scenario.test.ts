/**
 * Minor protection (decision 0012): the `minor-limit` scenario (script `minor`) makes every user a verified minor with 60 s of play
 * today, so minor_web_config (SPEC §7) answers can_play 0 once the app reports that much play.
 */
import { describe, expect, it } from 'vitest';
import { BODY_CODE, PATH, type MinorWebConfig } from '../../web/api/contract.ts';
import { callIn, json, loginIn, MEMBER_MOBILE } from './control-helpers.ts';
import { type Started, useApp } from './helpers.ts';

let s: Started;
useApp((started) => (s = started));

async function report(session: string, usage_time: number) {
  const u = await loginIn(s.port, session, MEMBER_MOBILE);
  return (await callIn<MinorWebConfig>(s.port, session, PATH.minorWebConfig, { data: { uid: u.swcloud_uid, game_id: 1, usage_time }, token: u.gly_token })).envelope;
}

describe('minor-limit scenario', () => {
  it('answers can_play 1 under the limit and 0 at it, for any user at any hour', async () => {
    expect((await json(s.port, 'POST', '/__mock/scenario?session=qa', { name: 'minor-limit' })).status).toBe(200);
    expect(await report('qa', 0)).toEqual({
      code: BODY_CODE.success,
      msg: 'success',
      data: { is_auth: 1, is_minor: 1, can_play: 1, daily_limit_minutes: 1, remaining_minutes: 1, play_window: '', tip: 'Players under 18 may play 1 more minutes today.' },
    });
    expect((await report('qa', 59)).data).toMatchObject({ can_play: 1, remaining_minutes: 1 });
    const at = (await report('qa', 60)).data;
    expect(at).toMatchObject({ can_play: 0, remaining_minutes: 0, daily_limit_minutes: 1 });
    expect(at?.tip).toBe('Players under 18 may play at most 1 minutes a day.');
    // Another session keeps the fixtures' rule: this adult persona has no limit.
    expect((await report('other', 600)).data).toMatchObject({ is_minor: 0, can_play: 1, remaining_minutes: -1 });
  });

  it('an inline limit of 0 stops a minor at once, and a bad limit is refused naming the field', async () => {
    expect((await json(s.port, 'POST', '/__mock/scenario?session=qa', { scenario: { game: { minor: { limitSeconds: 0 } } } })).status).toBe(200);
    expect((await report('qa', 0)).data).toMatchObject({ can_play: 0 });
    const bad = await json(s.port, 'POST', '/__mock/scenario?session=qa', { scenario: { game: { minor: { limitSeconds: -5 } } } });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('game.minor.limitSeconds');
  });
});
