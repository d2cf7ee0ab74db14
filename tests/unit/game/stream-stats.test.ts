import { describe, expect, it } from 'vitest';
import { computeStats, sampleOf, type StatsSample } from '../../../web/game/stream-stats.ts';

type Stat = Record<string, unknown>;

/** A Chromium (M120-ish) report of a bundled receive-only video + data channel connection, trimmed to the stats it sends. */
function chromeReport(o: { t?: number; frames?: number; bytes?: number; received?: number; lost?: number; decode?: number; video?: Partial<Stat>; rtt?: number } = {}): Map<string, Stat> {
  const t = o.t ?? 1_700_000_000_000;
  const stats: Stat[] = [
    { id: 'CIT01_96_level', type: 'codec', timestamp: t, mimeType: 'video/H264', payloadType: 96, clockRate: 90000, transportId: 'T01' },
    {
      id: 'IT01V1234',
      type: 'inbound-rtp',
      kind: 'video',
      timestamp: t,
      ssrc: 1234,
      mid: '0',
      trackIdentifier: 'f3a1',
      transportId: 'T01',
      codecId: 'CIT01_96_level',
      jitter: 0.004,
      packetsLost: o.lost ?? 10,
      packetsReceived: o.received ?? 9000,
      bytesReceived: o.bytes ?? 7_500_000,
      headerBytesReceived: 108_000,
      framesReceived: (o.frames ?? 600) + 1,
      framesDecoded: o.frames ?? 600,
      keyFramesDecoded: 2,
      framesDropped: 0,
      frameWidth: 1920,
      // A 1920×1080 game and the frame code's strip under it (decision 0025).
      frameHeight: 1176,
      framesPerSecond: 59,
      totalDecodeTime: o.decode ?? 2.4,
      totalInterFrameDelay: 9.98,
      jitterBufferDelay: 12.1,
      decoderImplementation: 'ExternalDecoder (D3D11VideoDecoder)',
      ...o.video,
    },
    { id: 'IT01A5678', type: 'inbound-rtp', kind: 'audio', timestamp: t, ssrc: 5678, jitter: 0.05, packetsReceived: 500, bytesReceived: 40_000, packetsLost: 0, transportId: 'T01' },
    { id: 'D2', type: 'data-channel', timestamp: t, label: 'input', state: 'open', messagesSent: 800 },
    { id: 'T01', type: 'transport', timestamp: t, dtlsState: 'connected', iceState: 'connected', selectedCandidatePairId: 'CPabc_def', bytesReceived: 8_000_000 },
    // An old pair that lost the race: nominated but failed, never used.
    { id: 'CPold_def', type: 'candidate-pair', timestamp: t, transportId: 'T01', state: 'failed', nominated: true, currentRoundTripTime: 0.9 },
    {
      id: 'CPabc_def',
      type: 'candidate-pair',
      timestamp: t,
      transportId: 'T01',
      localCandidateId: 'Iabc',
      remoteCandidateId: 'Idef',
      state: 'succeeded',
      nominated: true,
      currentRoundTripTime: o.rtt ?? 0.032,
      totalRoundTripTime: 1.2,
      availableOutgoingBitrate: 3_000_000,
    },
    { id: 'Iabc', type: 'local-candidate', timestamp: t, candidateType: 'host', protocol: 'udp' },
    { id: 'Idef', type: 'remote-candidate', timestamp: t, candidateType: 'host', protocol: 'udp' },
  ];
  return new Map(stats.map((s) => [s.id as string, s]));
}

const at = { at: 5000, inputLatencyMs: 72 };

function sample(over: Partial<StatsSample> = {}): StatsSample {
  return {
    timestamp: 1000,
    framesDecoded: 0,
    framesReceived: 0,
    bytesReceived: 0,
    packetsReceived: 0,
    packetsLost: 0,
    totalDecodeTime: 0,
    frameWidth: 1280,
    // A 1280×720 game and the frame code's strip: the figures show the game's size (decision 0025).
    frameHeight: 784,
    jitter: 0.002,
    framesPerSecond: 30,
    currentRoundTripTime: 0.02,
    ...over,
  };
}

describe('sampleOf', () => {
  it('picks the inbound video and the selected pair from a Chromium report', () => {
    expect(sampleOf(chromeReport())).toEqual({
      timestamp: 1_700_000_000_000,
      framesDecoded: 600,
      framesReceived: 601,
      bytesReceived: 7_500_000,
      packetsReceived: 9000,
      packetsLost: 10,
      totalDecodeTime: 2.4,
      frameWidth: 1920,
      frameHeight: 1176,
      jitter: 0.004,
      framesPerSecond: 59,
      currentRoundTripTime: 0.032,
    });
  });

  it('takes a real RTCStatsReport (forEach), a Map and an array of entries alike', () => {
    const map = chromeReport();
    const forEachOnly = { forEach: (cb: (v: Stat) => void) => map.forEach((v) => cb(v)) };
    const want = sampleOf(map);
    expect(sampleOf(forEachOnly)).toEqual(want);
    expect(sampleOf([...map.entries()])).toEqual(want);
    expect(sampleOf({ [Symbol.iterator]: () => map.entries() })).toEqual(want);
    // The DOM type is accepted as is.
    const asDom = (r: RTCStatsReport): unknown => sampleOf(r);
    expect(asDom).toBeTypeOf('function');
  });

  it('is null with no inbound video (before the first packet, or audio only)', () => {
    const map = chromeReport();
    map.delete('IT01V1234');
    expect(sampleOf(map)).toBeNull();
    expect(sampleOf(new Map())).toBeNull();
  });

  it('reads the legacy mediaType', () => {
    const map = chromeReport({ video: { kind: undefined, mediaType: 'video' } });
    expect(sampleOf(map)?.framesDecoded).toBe(600);
  });

  it('missing or junk fields: counters 0, the rest null, never NaN', () => {
    const map = new Map<string, Stat>([['V', { id: 'V', type: 'inbound-rtp', kind: 'video' }]]);
    const s = sampleOf(map);
    expect(s).toEqual({
      timestamp: 0,
      framesDecoded: 0,
      framesReceived: null,
      bytesReceived: 0,
      packetsReceived: 0,
      packetsLost: 0,
      totalDecodeTime: null,
      frameWidth: null,
      frameHeight: null,
      jitter: null,
      framesPerSecond: null,
      currentRoundTripTime: null,
    });
    const junk = chromeReport({ video: { framesDecoded: 'x', frameWidth: 0, frameHeight: Number.NaN, jitter: Infinity, totalDecodeTime: -1 } });
    const j = sampleOf(junk);
    expect(j).toMatchObject({ framesDecoded: 0, frameWidth: null, frameHeight: null, jitter: null, totalDecodeTime: null });
    expect(Object.values(j ?? {}).some((v) => typeof v === 'number' && Number.isNaN(v))).toBe(false);
  });

  it('without selectedCandidatePairId: the nominated succeeded pair (or Firefox `selected`), never a failed one', () => {
    const map = chromeReport();
    const transport = map.get('T01') as Stat;
    delete transport.selectedCandidatePairId;
    expect(sampleOf(map)?.currentRoundTripTime).toBe(0.032);

    const firefox = new Map<string, Stat>([
      ['v', { id: 'v', type: 'inbound-rtp', kind: 'video', timestamp: 1, framesDecoded: 1 }],
      ['p1', { id: 'p1', type: 'candidate-pair', state: 'succeeded', nominated: false, currentRoundTripTime: 0.5 }],
      ['p2', { id: 'p2', type: 'candidate-pair', state: 'succeeded', selected: true, currentRoundTripTime: 0.05 }],
    ]);
    expect(sampleOf(firefox)?.currentRoundTripTime).toBe(0.05);

    map.delete('CPabc_def');
    expect(sampleOf(map)?.currentRoundTripTime).toBeNull();
  });

  it('prefers the video transport when there is no BUNDLE', () => {
    const map = chromeReport({ video: { transportId: 'T02' } });
    map.set('T02', { id: 'T02', type: 'transport', selectedCandidatePairId: 'CP2' });
    map.set('CP2', { id: 'CP2', type: 'candidate-pair', state: 'succeeded', nominated: true, currentRoundTripTime: 0.07 });
    expect(sampleOf(map)?.currentRoundTripTime).toBe(0.07);
  });
});

describe('computeStats', () => {
  it('one second of a 60 fps, 6 Mbit/s stream', () => {
    const prev = sampleOf(chromeReport())!;
    const cur = sampleOf(chromeReport({ t: 1_700_000_001_000, frames: 660, bytes: 7_500_000 + 750_000, received: 9600, lost: 13, decode: 2.58 }))!;
    const s = computeStats(prev, cur, at);
    expect(s).toMatchObject({ at: 5000, transport: 'webrtc', width: 1920, height: 1080, inputLatencyMs: 72, framesDecoded: 660 });
    expect(s.fps).toBeCloseTo(60, 9);
    expect(s.bitrateKbps).toBeCloseTo(6000, 9);
    // 3 lost of 603 expected.
    expect(s.packetLossPct).toBeCloseTo((3 / 603) * 100, 9);
    // 0.18 s over 60 frames.
    expect(s.decodeMs).toBeCloseTo(3, 9);
    expect(s.rttMs).toBeCloseTo(32, 9);
    expect(s.jitterMs).toBeCloseTo(4, 9);
  });

  it('uses the report timestamps, not the caller’s timer: a late tick still gives the true rate', () => {
    const prev = sample({ timestamp: 1000, framesDecoded: 100, bytesReceived: 0 });
    const cur = sample({ timestamp: 2500, framesDecoded: 145, bytesReceived: 375_000 });
    const s = computeStats(prev, cur, at);
    expect(s.fps).toBeCloseTo(30, 9);
    expect(s.bitrateKbps).toBeCloseTo(2000, 9);
  });

  it('first sample: fps is the browser’s own, interval figures are null, instant ones are there', () => {
    const s = computeStats(null, sample({ framesDecoded: 5 }), { at: 1, inputLatencyMs: null });
    expect(s).toEqual({
      at: 1,
      transport: 'webrtc',
      fps: 30,
      width: 1280,
      height: 720,
      bitrateKbps: null,
      rttMs: 20,
      jitterMs: 2,
      packetLossPct: null,
      decodeMs: null,
      inputLatencyMs: null,
      framesDecoded: 5,
    });
  });

  it.each([
    ['framesDecoded', { framesDecoded: 10 }],
    ['bytesReceived', { bytesReceived: 10 }],
    ['packetsReceived', { packetsReceived: 10 }],
    ['framesReceived', { framesReceived: 10 }],
    ['totalDecodeTime', { totalDecodeTime: 0.01 }],
  ])('a counter that went backwards (%s: a new stream) is as if there were no prev', (_, back) => {
    const prev = sample({ timestamp: 1000, framesDecoded: 1000, framesReceived: 1000, bytesReceived: 1e6, packetsReceived: 1000, totalDecodeTime: 5 });
    const cur = sample({ timestamp: 2000, framesDecoded: 1030, framesReceived: 1030, bytesReceived: 2e6, packetsReceived: 2000, totalDecodeTime: 5.1, framesPerSecond: 24, ...back });
    const s = computeStats(prev, cur, at);
    expect(s).toMatchObject({ fps: 24, bitrateKbps: null, packetLossPct: null, decodeMs: null, rttMs: 20 });
  });

  it('no time passed (the same report twice, or no timestamp): no rates', () => {
    const a = sample({ timestamp: 1000, framesDecoded: 10 });
    expect(computeStats(a, a, at)).toMatchObject({ fps: 30, bitrateKbps: null });
    expect(computeStats(sample({ timestamp: 0 }), sample({ timestamp: 1000 }), at).bitrateKbps).toBeNull();
  });

  it('packetsLost falling (duplicates) counts as no loss, not negative loss or a reset', () => {
    const prev = sample({ timestamp: 1000, packetsReceived: 100, packetsLost: 5 });
    const cur = sample({ timestamp: 2000, packetsReceived: 200, packetsLost: 3 });
    expect(computeStats(prev, cur, at)).toMatchObject({ packetLossPct: 0, bitrateKbps: 0 });
  });

  it('a stalled stream: 0 fps, 0 kbit/s, 0 % loss, decode unknown', () => {
    const a = sample({ timestamp: 1000, framesDecoded: 50, bytesReceived: 10, packetsReceived: 10, totalDecodeTime: 1 });
    const b = { ...a, timestamp: 2000 };
    expect(computeStats(a, b, at)).toMatchObject({ fps: 0, bitrateKbps: 0, packetLossPct: 0, decodeMs: null });
  });

  it('decode time unknown when the browser does not report it', () => {
    const prev = sample({ timestamp: 1000, totalDecodeTime: null });
    const cur = sample({ timestamp: 2000, framesDecoded: 30, totalDecodeTime: null });
    expect(computeStats(prev, cur, at).decodeMs).toBeNull();
  });

  it('all lost in the interval is 100 %', () => {
    const prev = sample({ timestamp: 1000, packetsReceived: 100, packetsLost: 0 });
    const cur = sample({ timestamp: 2000, packetsReceived: 100, packetsLost: 40 });
    expect(computeStats(prev, cur, at).packetLossPct).toBe(100);
  });
});
