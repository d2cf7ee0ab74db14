/**
 * Minor protection (SPEC §7 minor_web_config, decision 0012): while playing the app reports the day's play; the
 * `minor-limit` scenario makes the player a minor with 60 s left, so about a minute into play the game stops with
 * the anti-addiction message. Screenshot at 844×390.
 */
import { describe, expect, it } from 'vitest';
import { gameScreen, runWhileStreaming, screenshot, useServerAndBrowser } from './harness.ts';

// The socket-only stream: what is checked here is the game session, not the picture (stream.test.ts has that).
const e2e = useServerAndBrowser({ video: false });
const gs = gameScreen(e2e, 'minor-limit');

describe('minor protection (SPEC §7 minor_web_config)', () => {
  it('play is reported at once and every 60 s; at the limit the game stops with the anti-addiction message', async () => {
    const p = await gs.playing('minor-limit');
    const reports = async () => (await gs.journal(p.session)).filter((e) => e.path.includes('minor_web_config')).length;
    // The report when the stream came up: 0 s, under the limit, so the game goes on.
    await expect.poll(reports).toBe(1);
    expect(await p.page.locator('.gs').getAttribute('data-phase')).toBe('playing');
    await runWhileStreaming(p.page, 60_000);
    const reason = p.page.getByTestId('end-reason');
    await reason.waitFor();
    expect(await reason.textContent()).toBe('Play has stopped: players under 18 have reached the play time allowed now by the anti-addiction rules.');
    // No "Play again": it would only be stopped again.
    expect(await p.page.getByRole('button', { name: 'Play again' }).count()).toBe(0);
    await expect.poll(async () => (await gs.journal(p.session)).some((e) => e.path.includes('stop_game'))).toBe(true);
    await screenshot(p.page, 'minor-limit-ended');
    await p.close();
  });
});
