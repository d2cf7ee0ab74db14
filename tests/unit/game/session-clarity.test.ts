import { describe, expect, it } from 'vitest';
import { GAME_SETTING_DEFAULTS } from '../../../web/core/storage/db-schema.ts';
import { createMemoryStoragePort } from '../../../web/game/settings.ts';
import { GAME, LEVEL, flush, harness, member, playAnswer, systemInfo, userInfo } from './fakes.ts';

describe('SPEC §3 clarity via display_grade, definition_default_conf defaults', () => {
  it('SPEC §3 nothing stored: a non-member plays normal_user_default (HD 8); the stream already is, so no display_grade', async () => {
    const h = harness();
    await h.play();
    await flush();
    expect(h.session.clarity.value).toBe(1);
    expect(h.api.named('displayGrade')).toHaveLength(0);
    expect(h.session.levelConfig.value?.display_grade).toBe(8);
  });

  it('SPEC §3 nothing stored: a member plays vip_user_default (ultra 9), applied with display_grade once live', async () => {
    const h = harness({ user: member() });
    await h.play();
    await flush();
    expect(h.session.clarity.value).toBe(2);
    expect(h.api.last('displayGrade')?.req).toEqual({ game_key: 'space-race', sc_id: 'sc-1', display_grade: 9 });
    expect(h.session.levelConfig.value?.display_grade).toBe(9);
    expect(h.sdk.level).toBe(9);
  });

  it('SPEC §3 the stored choice of this user and game wins over the default', async () => {
    const h = harness();
    await h.storage.saveSettings('alice', 'space-race', { clarity: 0 });
    await h.play();
    await flush();
    expect(h.session.clarity.value).toBe(0);
    expect(h.api.last('displayGrade')?.req['display_grade']).toBe(6);
  });

  it('SPEC §3 setClarity while playing calls display_grade, tells the SDK and stores the choice', async () => {
    const h = harness();
    await h.play();
    expect(await h.session.setClarity(2)).toBe(true);
    expect(h.api.last('displayGrade')?.req['display_grade']).toBe(9);
    expect(h.sdk.level).toBe(9);
    expect(h.session.levelConfig.value).toEqual(LEVEL[9]);
    expect(h.storage.settings.get('alice_space-race')?.clarity).toBe(2);
  });

  it('a refused display_grade keeps the clarity', async () => {
    const h = harness();
    await h.play();
    h.api.on('displayGrade', () => {
      throw new Error('member only');
    });
    expect(await h.session.setClarity(2)).toBe(false);
    expect(h.session.clarity.value).toBe(1);
  });

  it('SPEC §3 setClarity before the stream only stores it; it is applied once live', async () => {
    const h = harness();
    h.sdk.initResult = 'never';
    h.session.start(GAME);
    await flush();
    expect(await h.session.setClarity(0)).toBe(true);
    expect(h.api.named('displayGrade')).toHaveLength(0);
  });

  it('SPEC §3 the clarity list: standard 6, HD 8, ultra 9, blu-ray 10', () => {
    const h = harness();
    expect(h.session.clarityOptions.value.map((o) => [o.grade, o.name])).toEqual([
      [6, 'standard'],
      [8, 'hd'],
      [9, 'ultra'],
      [10, 'bluray'],
    ]);
  });
});

describe('SPEC §5 blu-ray rule and the trial', () => {
  it('SPEC §5 a non-member without trial cannot pick blu-ray', async () => {
    const h = harness();
    await h.play();
    expect(h.session.clarityOptions.value[3]).toMatchObject({ available: false, trial: false });
    expect(await h.session.setClarity(3)).toBe(false);
    expect(h.api.named('displayGrade')).toHaveLength(0);
  });

  it('SPEC §5 vip_can_use opens blu-ray to non-members, with no countdown', async () => {
    const h = harness({ system: systemInfo({ vip_can_use: 1 }) });
    await h.play();
    expect(await h.session.setClarity(3)).toBe(true);
    expect(h.session.bluray.value).toBe('config');
    await h.advance(60_000);
    expect(h.session.trialSecondsLeft.value).toBe(300);
  });

  it('SPEC §5 §9 trial_status 1: blu-ray for bluray_try_duration (300 s) counted down while playing on it, stored, then falls back', async () => {
    const h = harness({ user: userInfo({ trial_status: 1 }) });
    await h.play();
    expect(h.session.bluray.value).toBe('trial');
    expect(h.session.clarityOptions.value[3]).toMatchObject({ available: true, trial: true });
    expect(await h.session.setClarity(3)).toBe(true);
    await h.advanceSteps(10_000);
    expect(h.session.trialSecondsLeft.value).toBe(290);
    expect(h.storage.trial.get('client-1')).toBe(290);
    // Not counted while hung up.
    h.session.leave();
    await h.advance(60_000);
    expect(h.session.trialSecondsLeft.value).toBe(290);
    h.session.returnToGame();
    h.sdk.stream();
    await h.advanceSteps(290_000, 10_000);
    await flush();
    expect(h.session.trialSecondsLeft.value).toBe(0);
    expect(h.storage.trial.get('client-1')).toBe(0);
    expect(h.session.bluray.value).toBe('none');
    expect(h.session.clarity.value).toBe(1);
    expect(h.api.last('displayGrade')?.req['display_grade']).toBe(8);
    expect(h.storage.settings.get('alice_space-race')?.clarity).toBe(1);
  });

  it('SPEC §5 a balance ending the trial (trial_status 0) moves the stream off blu-ray', async () => {
    const h = harness({ user: userInfo({ trial_status: 1 }) });
    await h.play();
    await h.session.setClarity(3);
    h.sockets[0]?.server({ code: 200, msg: 'success', data: userInfo({ trial_status: 0 }) });
    await flush();
    expect(h.session.clarity.value).toBe(1);
    expect(h.api.last('displayGrade')?.req['display_grade']).toBe(8);
  });

  it('SPEC §3 the trial left is read from the local user record', async () => {
    const h = harness({ user: userInfo({ trial_status: 1 }) });
    await h.storage.saveTrialSeconds('client-1', 0);
    await h.play();
    expect(h.session.trialSecondsLeft.value).toBe(0);
    expect(await h.session.setClarity(3)).toBe(false);
  });

  it('SPEC §5 a stored blu-ray that is no longer allowed plays the non-member default', async () => {
    const h = harness();
    await h.storage.saveSettings('alice', 'space-race', { clarity: 3 });
    h.api.on('playGame', () => playAnswer({ level_config: LEVEL[10] }));
    await h.play();
    await flush();
    expect(h.session.clarity.value).toBe(1);
    expect(h.api.last('displayGrade')?.req['display_grade']).toBe(8);
  });

  it('SPEC §4 membership loss on blu-ray falls back to the non-member default', async () => {
    const h = harness({ user: member() });
    await h.play();
    await h.session.setClarity(3);
    h.session.applyUserInfo(userInfo());
    await flush();
    expect(h.session.clarity.value).toBe(1);
    expect(h.api.last('displayGrade')?.req['display_grade']).toBe(8);
    expect(h.sdk.level).toBe(8);
  });

  it('a balance that keeps membership changes nothing', async () => {
    const h = harness({ user: member() });
    await h.play();
    await h.session.setClarity(3);
    const calls = h.api.named('displayGrade').length;
    h.session.applyUserInfo(member({ duration_coin: 5 }));
    await flush();
    expect(h.session.clarity.value).toBe(3);
    expect(h.api.named('displayGrade')).toHaveLength(calls);
  });
});

describe('SPEC §3 settings per username + game key', () => {
  it('SPEC §3 defaults when nothing is stored for this user and game (another user\'s or game\'s settings do not leak)', async () => {
    const storage = createMemoryStoragePort({ settings: { 'bob_space-race': { brightness: 10, clarity: 3 }, 'alice_other-game': { brightness: 20, clarity: 0 } } });
    const h = harness({ storage });
    await h.play();
    // The values themselves are checked against SPEC §3 in tests/unit/core/storage/db.test.ts.
    expect(h.session.settings.value).toEqual(GAME_SETTING_DEFAULTS);
    // Nothing stored: clarity follows membership (normal_user_default 1), not the stored-looking default.
    expect(h.session.clarity.value).toBe(1);
    expect(storage.settings.has('alice_space-race')).toBe(false);
  });

  it('SPEC §3 updateSettings stores under username_game_key only', async () => {
    const h = harness();
    await h.play();
    await h.session.updateSettings({ brightness: 70, vibrates: 0 });
    expect(h.session.settings.value).toMatchObject({ brightness: 70, vibrates: 0 });
    expect(h.storage.settings.get('alice_space-race')).toMatchObject({ brightness: 70, vibrates: 0 });
    h.session.quit();
    h.session.start({ game_key: 'chess', game_id: 3, manufacturer: 'mock' });
    await flush();
    expect(h.session.settings.value.brightness).toBe(50);
  });

  it('SPEC §9 mouse sensitivity: the SDK gets setting × 1.19 (50 → 59.5), on live and on change', async () => {
    const h = harness();
    await h.play();
    await flush();
    expect(h.sdk.sensitivity).toBe(59.5);
    await h.session.setMouseSensitivity(100);
    expect(h.sdk.sensitivity).toBe(119);
    expect(h.session.settings.value.mouse_sensitivity).toBe(100);
    await h.session.setMouseSensitivity(250);
    expect(h.session.settings.value.mouse_sensitivity).toBe(100);
    await h.session.setMouseSensitivity(3);
    expect(h.sdk.sensitivity).toBe(3.57);
  });
});

describe('SPEC §3 saves through the session', () => {
  it('SPEC §3 manual_save with save_name and is_share of the running session, then the list', async () => {
    const h = harness();
    await h.play();
    const save = await h.session.saves.save('  Boss fight ', true);
    expect(h.api.last('manualSave')?.req).toEqual({ game_key: 'space-race', sc_id: 'sc-1', client_sid: 'client-1', save_name: 'Boss fight', is_share: 1 });
    expect(save.save_name).toBe('Boss fight');
    expect(h.session.saves.list.value).toHaveLength(1);
  });
});
