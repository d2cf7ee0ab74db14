/**
 * Minor protection (SPEC §7 minor_web_config, decision 0012): while playing, the day's seconds of play are reported
 * when the stream comes up, every 60 s of play and when play stops; can_play 0 ends the game as `minor-limit`.
 */
import { describe, expect, it } from 'vitest';
import type { MinorWebConfig } from '../../../web/api/contract.ts';
import { MINOR_REPORT_MS } from '../../../web/core/constants.ts';
import { cstDay, memoryUsageStore, usageKey } from '../../../web/game/minor.ts';
import { flush, harness } from './fakes.ts';

const minor = (can_play: 0 | 1): MinorWebConfig => ({
  is_auth: 1,
  is_minor: 1,
  can_play,
  daily_limit_minutes: 60,
  remaining_minutes: can_play ? 30 : 0,
  play_window: 'Fri, Sat, Sun 20:00–21:00',
  tip: can_play ? 'Players under 18 may play 30 more minutes now.' : 'Players under 18 may play only …',
});

const reports = (h: ReturnType<typeof harness>) => h.api.named('minorWebConfig').map((c) => c.req['usage_time']);

describe('minor_web_config while playing', () => {
  it('reports uid, game_id and the seconds played today: at start, every 60 s of play, and on stop', async () => {
    const h = harness();
    await h.play();
    expect(h.api.last('minorWebConfig')).toMatchObject({ req: { uid: 42, game_id: 7, usage_time: 0 }, silent: true });
    await h.advance(MINOR_REPORT_MS - 1);
    expect(reports(h)).toEqual([0]);
    await h.advance(1);
    expect(reports(h)).toEqual([0, 60]);
    await h.advance(MINOR_REPORT_MS);
    expect(reports(h)).toEqual([0, 60, 120]);
    await h.advance(15_000);
    h.session.leave();
    await flush();
    expect(reports(h)).toEqual([0, 60, 120, 135]);
    // Hung up is not play: nothing more is counted or reported.
    await h.advance(MINOR_REPORT_MS * 2);
    expect(reports(h)).toEqual([0, 60, 120, 135]);
  });

  it('the day count carries over another session and starts again on the server’s next day (CST)', async () => {
    const usage = memoryUsageStore();
    const h = harness({ minorUsage: usage });
    const today = cstDay(h.clock.now());
    usage.write(usageKey(42), { day: today, seconds: 600 });
    await h.play();
    expect(reports(h)).toEqual([600]);
    usage.write(usageKey(42), { day: today - 1, seconds: 3000 });
    await h.advance(MINOR_REPORT_MS);
    // Yesterday's seconds do not count today.
    expect(reports(h)).toEqual([600, 60]);
    expect(usage.read(usageKey(42))).toEqual({ day: today, seconds: 60 });
  });

  it('can_play 0 stops play: stop_game and the minor-limit ending', async () => {
    const h = harness();
    h.api.sequence('minorWebConfig', [minor(1), minor(0)]);
    await h.play();
    expect(h.session.phase.value).toBe('playing');
    await h.advance(MINOR_REPORT_MS);
    expect(h.session.phase.value).toBe('ended');
    expect(h.session.end.value).toEqual({ reason: 'minor-limit', message: '' });
    expect(h.api.named('stopGame')).toHaveLength(1);
    expect(h.events).toContain('ended:minor-limit');
    expect(h.sdk.log).toContain('stop');
    // The stop report after the end does not end anything twice.
    await flush();
    expect(h.events.filter((e) => e === 'ended:minor-limit')).toHaveLength(1);
  });

  it('a minor outside the play window is stopped as soon as the stream comes up', async () => {
    const h = harness();
    h.api.on('minorWebConfig', () => minor(0));
    await h.play();
    await flush();
    expect(h.session.end.value?.reason).toBe('minor-limit');
  });

  it('a report that fails changes nothing: the game goes on', async () => {
    const h = harness();
    h.api.on('minorWebConfig', () => {
      throw new Error('network down');
    });
    await h.play();
    await h.advance(MINOR_REPORT_MS);
    expect(h.session.phase.value).toBe('playing');
    expect(h.logs.some((l) => l.includes('minor_web_config failed: network down'))).toBe(true);
  });
});
