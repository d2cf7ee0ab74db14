import { describe, expect, it } from 'vitest';
import { HANGUP_MINUTE_MS } from '../../../web/api/contract.ts';
import { GAME, flush, harness, member, userInfo } from './fakes.ts';

describe('SPEC §4 Hang-up', () => {
  it('SPEC §4 leaving while playing stops streaming, tells the cloud (sc_hang_up) and counts hangup_duration minutes', async () => {
    const h = harness();
    await h.play();
    h.session.leave();
    expect(h.session.phase.value).toBe('hung-up');
    expect(h.sdk.log.at(-1)).toBe('pause');
    expect(h.session.flags.value).toMatchObject({ playing: false, hasStream: false });
    expect(h.api.last('scHangUp')?.req).toEqual({ game_key: 'space-race', sc_id: 'sc-1', hang_up_timer: 3 });
    expect(h.session.hangup.value?.minutes).toBe(3);
    expect(h.session.hangupSecondsLeft.value).toBe(180);
  });

  it('SPEC §4 §9 minutes × 60000: at zero the session stops (stop_game) and hangup-over fires', async () => {
    const h = harness();
    await h.play();
    h.session.leave();
    await h.advanceSteps(3 * HANGUP_MINUTE_MS - 1000, 30_000);
    expect(h.session.phase.value).toBe('hung-up');
    expect(h.session.hangupSecondsLeft.value).toBe(1);
    await h.advance(1000);
    expect(h.session.phase.value).toBe('ended');
    expect(h.session.end.value?.reason).toBe('hangup-over');
    expect(h.events).toContain('hangup-over');
    expect(h.api.last('stopGame')?.req).toEqual({ sc_id: 'sc-1', body: 'hangup-over', game_key: 'space-race' });
    expect(h.sockets[0]?.closed).toBe(true);
    expect(h.clock.pending()).toBe(0);
  });

  it('SPEC §4 returning cancels hang-up: sc_hang_up 0, the stream resumes and plays again at 100', async () => {
    const h = harness();
    await h.play();
    h.session.leave();
    await h.advance(2 * HANGUP_MINUTE_MS);
    h.session.returnToGame();
    expect(h.session.phase.value).toBe('playing');
    expect(h.session.hangup.value).toBeNull();
    expect(h.api.last('scHangUp')?.req['hang_up_timer']).toBe(0);
    expect(h.sdk.log.at(-1)).toBe('resume');
    expect(h.session.flags.value.hasStream).toBe(false);
    h.sdk.stream();
    expect(h.session.flags.value.hasStream).toBe(true);
    await h.advance(5 * HANGUP_MINUTE_MS);
    expect(h.session.phase.value).toBe('playing');
    expect(h.api.named('stopGame')).toHaveLength(0);
  });

  it('SPEC §4 the chosen hangup_duration (a free option) is the countdown', async () => {
    const h = harness();
    await h.play();
    expect(await h.session.setHangupDuration(5)).toBe(true);
    h.session.leave();
    expect(h.session.hangupSecondsLeft.value).toBe(300);
    expect(h.api.last('scHangUp')?.req['hang_up_timer']).toBe(5);
  });

  it('SPEC §4 set_hang_up_timer keeps the cloud in step: once when the stream is live, and on every change', async () => {
    const h = harness();
    await h.play();
    await flush();
    expect(h.api.named('setHangUpTimer').map((c) => c.req)).toEqual([{ game_key: 'space-race', sc_id: 'sc-1', hang_up_timer: 3 }]);
    await h.session.setHangupDuration(5);
    expect(h.api.last('setHangUpTimer')?.req['hang_up_timer']).toBe(5);
    // Back from hang-up is not a new session: no second sync.
    h.session.leave();
    h.session.returnToGame();
    h.sdk.stream();
    await flush();
    expect(h.api.named('setHangUpTimer')).toHaveLength(2);
  });

  it('SPEC §5 type-2 options are member-only', async () => {
    const h = harness();
    await h.play();
    expect(await h.session.setHangupDuration(10)).toBe(false);
    expect(h.session.settings.value.hangup_duration).toBe(3);
    expect(h.session.hangOptions.value).toEqual([
      { duration: 3, type: 1, available: true },
      { duration: 5, type: 1, available: true },
      { duration: 10, type: 2, available: false },
      { duration: 30, type: 2, available: false },
    ]);
    const m = harness({ user: member() });
    await m.play();
    expect(await m.session.setHangupDuration(30)).toBe(true);
    m.session.leave();
    expect(m.session.hangupSecondsLeft.value).toBe(1800);
  });

  it('SPEC §5 an offered duration only: 7 minutes is refused', async () => {
    const h = harness({ user: member() });
    await h.play();
    const timersBefore = h.api.named('setHangUpTimer').length;
    expect(await h.session.setHangupDuration(7)).toBe(false);
    expect(h.session.settings.value.hangup_duration).toBe(3);
    expect(h.storage.settings.get('alice_space-race')).toBeUndefined();
    expect(h.api.named('setHangUpTimer')).toHaveLength(timersBefore);
  });

  it('SPEC §4 §5 membership loss resets a type-2 choice to the default and tells the cloud', async () => {
    const h = harness({ user: member() });
    await h.play();
    await h.session.setHangupDuration(30);
    h.session.applyUserInfo(userInfo({ member_status: 0 }));
    await flush();
    expect(h.session.settings.value.hangup_duration).toBe(3);
    expect(h.storage.settings.get('alice_space-race')?.hangup_duration).toBe(3);
    expect(h.api.last('setHangUpTimer')?.req['hang_up_timer']).toBe(3);
    expect(h.session.hangupMinutes.value).toBe(3);
  });

  it('SPEC §5 a stored type-2 choice of a former member counts the default', async () => {
    const h = harness();
    await h.storage.saveSettings('alice', 'space-race', { hangup_duration: 30 });
    await h.play();
    expect(h.session.hangupMinutes.value).toBe(3);
    h.session.leave();
    expect(h.session.hangupSecondsLeft.value).toBe(180);
  });

  it('SPEC §4 leaving while loading also hangs up; leaving when not playing does nothing', async () => {
    const h = harness();
    h.session.leave();
    expect(h.session.phase.value).toBe('idle');
    h.session.start(GAME);
    await flush();
    h.session.leave();
    expect(h.session.phase.value).toBe('hung-up');
  });

  it('SPEC §4 leaving while reconnecting hangs up as soon as the stream is back', async () => {
    const h = harness();
    await h.play();
    h.sdk.event(43001);
    await flush();
    h.session.leave();
    expect(h.session.phase.value).toBe('reconnecting');
    h.sdk.stream();
    expect(h.session.phase.value).toBe('hung-up');
    expect(h.sdk.log.at(-1)).toBe('pause');
    h.session.returnToGame();
    h.sdk.stream();
    expect(h.session.phase.value).toBe('playing');
  });

  it('SPEC §2 back gesture while hung up does nothing (the page was left)', async () => {
    const h = harness();
    await h.play();
    h.session.leave();
    expect(h.session.back()).toBe('none');
    expect(h.session.phase.value).toBe('hung-up');
    expect(h.session.quitDialog.value).toBe(false);
    expect(h.api.named('stopGame')).toHaveLength(0);
  });

  it('quitting while hung up stops the session at once', async () => {
    const h = harness();
    await h.play();
    h.session.leave();
    h.session.quit();
    expect(h.session.end.value?.reason).toBe('user-quit');
    expect(h.api.last('stopGame')).toMatchObject({ req: { sc_id: 'sc-1' }, silent: false });
    expect(h.clock.pending()).toBe(0);
  });
});
