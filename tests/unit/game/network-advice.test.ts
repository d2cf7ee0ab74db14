/**
 * The lower clarity a poor network is offered (docs/stream-stats.md "Network advice"), as a rule and through the
 * session: the figures come once a second while playing; SPEC §3 clarity list and §5 blu-ray rule decide what may be
 * offered, and taking the offer is choosing that clarity (display_grade).
 */
import { describe, expect, it } from 'vitest';
import { NETWORK_GOOD_SECONDS, NETWORK_POOR_SECONDS } from '../../../web/core/constants.ts';
import { adviseSecond, lowerClarity, NO_ADVICE, poorSecond, type AdviceState } from '../../../web/game/network-advice.ts';
import type { StreamStats } from '../../../web/game/stream-stats.ts';
import { flush, harness } from './fakes.ts';
import { streamStats } from './fixtures.ts';

const lossy = (): StreamStats => streamStats({ packetLossPct: 6 });
const HD = { fps: 60 };

const seconds = (poor: ReadonlyArray<boolean | null>, clarity = 1, lower: number | null = 0, from: AdviceState = NO_ADVICE): AdviceState =>
  poor.reduce((s, p) => adviseSecond(s, p, clarity, lower), from);

describe('network advice: the rule', () => {
  it('a second is poor on the network’s own figures: loss, round trip, or frames well under the clarity’s rate', () => {
    expect(poorSecond(streamStats(), HD)).toBe(false);
    expect(poorSecond(streamStats({ packetLossPct: 2.5 }), HD)).toBe(true);
    expect(poorSecond(streamStats({ rttMs: 120 }), HD)).toBe(true);
    expect(poorSecond(streamStats({ fps: 24 }), HD)).toBe(true);
    // Fair is not poor, and a picture that needs little bitrate is no sign of a bad network.
    expect(poorSecond(streamStats({ packetLossPct: 1.5, rttMs: 60, fps: 40, bitrateKbps: 90 }), HD)).toBe(false);
    // Nothing measured yet, or the socket transport (no loss figures): no verdict.
    expect(poorSecond(streamStats({ packetLossPct: null }), HD)).toBeNull();
    expect(poorSecond(streamStats({ transport: 'socket' }), HD)).toBeNull();
  });

  it(`${NETWORK_POOR_SECONDS} poor seconds in a row offer the next lower clarity; a good one between starts the count again`, () => {
    expect(seconds(Array<boolean>(NETWORK_POOR_SECONDS - 1).fill(true)).offer).toBeNull();
    expect(seconds([true, true, false, true, true]).offer).toBeNull();
    expect(seconds(Array<boolean>(NETWORK_POOR_SECONDS).fill(true)).offer).toBe(0);
    // A second without figures neither counts nor breaks the run.
    expect(seconds([true, null, true, true]).offer).toBe(0);
  });

  it(`the offer stays through fair seconds and goes after ${NETWORK_GOOD_SECONDS} good ones in a row`, () => {
    const offered = seconds([true, true, true]);
    expect(seconds(Array<boolean>(NETWORK_GOOD_SECONDS - 1).fill(false), 1, 0, offered).offer).toBe(0);
    expect(seconds(Array<boolean>(NETWORK_GOOD_SECONDS).fill(false), 1, 0, offered).offer).toBeNull();
  });

  it('nothing below standard, nothing once dismissed, and a new clarity counts afresh', () => {
    expect(seconds([true, true, true, true], 0, null).offer).toBeNull();
    const dismissed = { ...seconds([true, true, true]), offer: null, dismissed: true };
    expect(seconds([true, true, true, true], 1, 0, dismissed).offer).toBeNull();
    // Switched to ultra meanwhile: the run at HD does not carry over.
    const atUltra = seconds([true, true], 1, 0);
    expect(seconds([true], 2, 1, atUltra).offer).toBeNull();
    expect(seconds([true, true, true], 2, 1, atUltra).offer).toBe(1);
  });

  it('SPEC §5: the clarity offered is one the player may use (an unavailable blu-ray is skipped)', () => {
    const opts = [0, 1, 2, 3].map((index) => ({ index, available: index !== 2 }));
    expect(lowerClarity(3, opts)).toBe(1);
    expect(lowerClarity(1, opts)).toBe(0);
    expect(lowerClarity(0, opts)).toBeNull();
  });
});

describe('network advice: in the session', () => {
  async function poorFor(h: ReturnType<typeof harness>, n: number): Promise<void> {
    for (let i = 0; i < n; i++) {
      h.sdk.nextStats = lossy();
      await h.advance(1000);
      await flush();
    }
  }

  it('SPEC §3: a poor network offers HD → standard; taking it calls display_grade 6 and the offer goes', async () => {
    const h = harness();
    await h.play();
    expect(h.session.clarity.value).toBe(1);
    await poorFor(h, NETWORK_POOR_SECONDS - 1);
    expect(h.session.networkOffer.value).toBeNull();
    await poorFor(h, 1);
    expect(h.session.networkOffer.value).toBe(0);
    h.session.takeNetworkOffer();
    await flush();
    expect(h.api.last('displayGrade')?.req['display_grade']).toBe(6);
    expect(h.session.clarity.value).toBe(0);
    expect(h.session.networkOffer.value).toBeNull();
    // Still poor at standard: there is nothing lower to offer.
    await poorFor(h, NETWORK_POOR_SECONDS + 1);
    expect(h.session.networkOffer.value).toBeNull();
  });

  it('dismissed, it is not offered again this game; the next game may offer it again', async () => {
    const h = harness();
    await h.play();
    await poorFor(h, NETWORK_POOR_SECONDS);
    expect(h.session.networkOffer.value).toBe(0);
    h.session.dismissNetworkOffer();
    expect(h.session.networkOffer.value).toBeNull();
    await poorFor(h, NETWORK_POOR_SECONDS * 2);
    expect(h.session.networkOffer.value).toBeNull();
    expect(h.api.named('displayGrade').filter((c) => c.req['display_grade'] === 6)).toHaveLength(0);

    h.session.quit();
    await flush();
    await h.play();
    await poorFor(h, NETWORK_POOR_SECONDS);
    expect(h.session.networkOffer.value).toBe(0);
  });

  it('the offer goes when the player picks another clarity in the menu', async () => {
    const h = harness();
    await h.play();
    await poorFor(h, NETWORK_POOR_SECONDS);
    expect(h.session.networkOffer.value).toBe(0);
    await h.session.setClarity(2);
    expect(h.session.networkOffer.value).toBeNull();
  });
});
