/** The realtime-info overlay's grades and texts of each stream figure: absolute limits, or relative to the clarity in force. */
import { describe, expect, it } from 'vitest';
import { formatStat, gradeStat, STAT_THRESHOLDS } from '../../../web/game/stream-stats.ts';

describe('gradeStat', () => {
  it.each([
    // [name, value, grade] at and just past each edge
    ['rttMs', 40, 'good'],
    ['rttMs', 40.01, 'fair'],
    ['rttMs', 80, 'fair'],
    ['rttMs', 80.01, 'poor'],
    ['jitterMs', 10, 'good'],
    ['jitterMs', 10.01, 'fair'],
    ['jitterMs', 30, 'fair'],
    ['jitterMs', 30.01, 'poor'],
    ['packetLossPct', 0, 'good'],
    ['packetLossPct', 0.5, 'good'],
    ['packetLossPct', 0.51, 'fair'],
    ['packetLossPct', 2, 'fair'],
    ['packetLossPct', 2.01, 'poor'],
    ['decodeMs', 8, 'good'],
    ['decodeMs', 8.01, 'fair'],
    ['decodeMs', 16, 'fair'],
    ['decodeMs', 16.01, 'poor'],
    ['inputLatencyMs', 80, 'good'],
    ['inputLatencyMs', 80.01, 'fair'],
    ['inputLatencyMs', 150, 'fair'],
    ['inputLatencyMs', 150.01, 'poor'],
    ['fps', 55, 'good'],
    ['fps', 54.99, 'fair'],
    ['fps', 30, 'fair'],
    ['fps', 29.99, 'poor'],
    ['bitrateKbps', 1500, 'good'],
    ['bitrateKbps', 1499, 'fair'],
    ['bitrateKbps', 500, 'fair'],
    ['bitrateKbps', 499, 'poor'],
  ] as const)('%s %s → %s (absolute)', (name, value, grade) => {
    expect(gradeStat(name, value)).toBe(grade);
  });

  it('fps relative to the clarity: ≥ 0.9× good, ≥ 0.5× fair', () => {
    expect(gradeStat('fps', 54, { fps: 60 })).toBe('good');
    expect(gradeStat('fps', 53.9, { fps: 60 })).toBe('fair');
    expect(gradeStat('fps', 30, { fps: 60 })).toBe('fair');
    expect(gradeStat('fps', 29.9, { fps: 60 })).toBe('poor');
    // A 30 fps clarity is good at 27, though 27 would be poor for a 60 fps one.
    expect(gradeStat('fps', 27, { fps: 30 })).toBe('good');
    expect(gradeStat('fps', 26.9, { fps: 30 })).toBe('fair');
    expect(gradeStat('fps', 15, { fps: 30 })).toBe('fair');
    expect(gradeStat('fps', 14.9, { fps: 30 })).toBe('poor');
  });

  it('bitrate relative to the clarity cap: ≥ 0.5× good, ≥ 0.2× fair', () => {
    expect(gradeStat('bitrateKbps', 3000, { bitrateKbps: 6000 })).toBe('good');
    expect(gradeStat('bitrateKbps', 2999, { bitrateKbps: 6000 })).toBe('fair');
    expect(gradeStat('bitrateKbps', 1200, { bitrateKbps: 6000 })).toBe('fair');
    expect(gradeStat('bitrateKbps', 1199, { bitrateKbps: 6000 })).toBe('poor');
    // The fps expectation does not touch the bitrate, nor a useless cap.
    expect(gradeStat('bitrateKbps', 1500, { fps: 60 })).toBe('good');
    expect(gradeStat('bitrateKbps', 1500, { bitrateKbps: 0 })).toBe('good');
  });

  it('null, NaN and the ungraded figures → null', () => {
    expect(gradeStat('rttMs', null)).toBeNull();
    expect(gradeStat('fps', Number.NaN, { fps: 60 })).toBeNull();
    expect(gradeStat('width', 1920)).toBeNull();
    expect(gradeStat('framesDecoded', 10)).toBeNull();
    expect(gradeStat('at', 10)).toBeNull();
  });

  it('every graded figure has limits in the right order', () => {
    for (const t of Object.values(STAT_THRESHOLDS)) {
      if (t.better === 'lower') expect(t.good).toBeLessThan(t.fair);
      else expect(t.good).toBeGreaterThan(t.fair);
      if (t.relative) expect(t.relative.good).toBeGreaterThan(t.relative.fair);
    }
  });
});

describe('formatStat', () => {
  it('units, precision and the dash', () => {
    expect(formatStat('fps', 59.6)).toBe('60');
    expect(formatStat('bitrateKbps', 6042)).toBe('6.0 Mbps');
    expect(formatStat('bitrateKbps', 1000)).toBe('1.0 Mbps');
    expect(formatStat('bitrateKbps', 999.6)).toBe('1.0 Mbps');
    expect(formatStat('bitrateKbps', 999.4)).toBe('999 kbit/s');
    expect(formatStat('bitrateKbps', 0)).toBe('0 kbit/s');
    expect(formatStat('rttMs', 31.6)).toBe('32 ms');
    expect(formatStat('jitterMs', 4.2)).toBe('4 ms');
    expect(formatStat('inputLatencyMs', 72.4)).toBe('72 ms');
    expect(formatStat('decodeMs', 3.04)).toBe('3.0 ms');
    expect(formatStat('packetLossPct', 0.497)).toBe('0.5 %');
    expect(formatStat('rttMs', null)).toBe('—');
    expect(formatStat('fps', Number.NaN)).toBe('—');
  });
});
