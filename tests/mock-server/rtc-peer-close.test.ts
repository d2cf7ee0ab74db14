/**
 * The mock's WebRTC peer and its data channel (mock-server/stream/rtc-peer.ts):
 * wrtc drops a channel's native side on libwebrtc's signalling thread while the
 * client closes it, and a call on the JS thread in that gap crashed the process
 * (SIGSEGV in RTCDataChannel::Send; node-webrtc/node-webrtc#325, #391, #576). So the peer
 * never calls into the channel — reports go to the stream socket — and closes
 * the connection only after the channel's close event (or a bounded wait).
 * With fakes that record every call: no wrtc, no threads, no waiting.
 */
import { describe, expect, it } from 'vitest';
import type { StreamFrameMessage, StreamRtcMessage, StreamVibrateMessage } from '../../web/api/contract.ts';
import { createManualClock } from '../../web/core/clock.ts';
import { CHANNEL_CLOSE_WAIT_MS, createRtcPeer, rtcResources, type RtcPeerOptions } from '../../mock-server/stream/rtc-peer.ts';

/** A data channel that fails the test on any call: only its event handlers may be used. */
function untouchableChannel(calls: string[]): RTCDataChannel {
  const target = { onmessage: null, onclose: null } as Record<string, unknown>;
  return new Proxy(target, {
    get(t, key) {
      if (key === 'onmessage' || key === 'onclose') return t[key];
      calls.push(`channel.${String(key)}`);
      throw new Error(`the peer touched the data channel: ${String(key)}`);
    },
    set(t, key, value) {
      if (key !== 'onmessage' && key !== 'onclose') calls.push(`channel.${String(key)}=`);
      t[key as string] = value;
      return true;
    },
  }) as unknown as RTCDataChannel;
}

function fakes() {
  const calls: string[] = [];
  const channel = untouchableChannel(calls);
  let pc: FakePc | undefined;
  class FakePc {
    connectionState = 'new';
    signalingState = 'stable';
    onicecandidate: ((e: unknown) => void) | null = null;
    onconnectionstatechange: (() => void) | null = null;
    ondatachannel: ((e: { channel: RTCDataChannel }) => void) | null = null;
    constructor() {
      // eslint-disable-next-line @typescript-eslint/no-this-alias -- the test drives the one peer the module made
      pc = this;
    }
    async setRemoteDescription(d: { type: string }) {
      calls.push(`pc.setRemoteDescription ${d.type}`);
      this.signalingState = d.type === 'offer' ? 'have-remote-offer' : 'stable';
    }
    async addIceCandidate() {
      calls.push('pc.addIceCandidate');
    }
    addTrack() {
      calls.push('pc.addTrack');
    }
    async createAnswer() {
      return { type: 'answer', sdp: 'v=0 answer' };
    }
    async createOffer() {
      return { type: 'offer', sdp: 'v=0 offer' };
    }
    async setLocalDescription() {
      this.signalingState = 'stable';
    }
    close() {
      calls.push('pc.close');
    }
  }
  const wrtc = {
    RTCPeerConnection: FakePc as unknown as typeof RTCPeerConnection,
    nonstandard: {
      RTCVideoSource: class {
        createTrack() {
          return { stop: () => calls.push('track.stop') } as unknown as MediaStreamTrack;
        }
        onFrame() {
          calls.push('source.onFrame');
        }
      },
      RTCAudioSource: class {
        createTrack() {
          return { stop: () => calls.push('audio.stop') } as unknown as MediaStreamTrack;
        }
        onData() {
          calls.push('audio.onData');
        }
      },
    },
  };
  const peerConnection = (): FakePc => {
    if (!pc) throw new Error('no peer connection made');
    return pc;
  };
  return { calls, channel, wrtc, peerConnection };
}

const frameInfo = (frame: number): StreamFrameMessage => ({ type: 'frame', frame, input_seq: 0, t: frame, inputs: 0, last_input: null, game: null });
const video = { width: 2, height: 2, data: new Uint8ClampedArray(6) };

/** A peer answered, connected and given its channel (as the client's offer does). */
async function streaming() {
  const f = fakes();
  const clock = createManualClock();
  const reports: Array<StreamFrameMessage | StreamVibrateMessage> = [];
  const signals: StreamRtcMessage[] = [];
  const before = rtcResources();
  const opts: RtcPeerOptions = {
    signal: (m) => signals.push(m),
    message: () => undefined,
    report: (m) => reports.push(m),
    connected: () => undefined,
    lost: () => undefined,
    bitrateKbps: () => 1000,
    log: () => undefined,
    clock,
    wrtc: f.wrtc,
  };
  const peer = createRtcPeer(opts);
  await peer.signal({ type: 'rtc', kind: 'offer', sdp: 'v=0\r\nm=video 9 UDP/TLS/RTP/SAVPF 96\r\nc=IN IP4 0.0.0.0\r\n' });
  const pc = f.peerConnection();
  pc.ondatachannel?.({ channel: f.channel });
  pc.connectionState = 'connected';
  pc.onconnectionstatechange?.();
  return { ...f, clock, reports, signals, peer, pc, before };
}

describe('the mock WebRTC peer never calls into its data channel', () => {
  it('frame reports and rumble go to the stream socket, not the channel (no send, readyState or bufferedAmount)', async () => {
    const s = await streaming();
    s.peer.frame(video, frameInfo(1));
    s.peer.vibrate({ type: 'vibrate', duration_ms: 200, strong: 0.8, weak: 0.5 });
    s.peer.frame(video, frameInfo(2));
    s.peer.audio?.(new Int16Array(480));
    expect(s.reports.map((r) => (r.type === 'frame' ? `frame ${r.frame}` : r.type))).toEqual(['frame 1', 'vibrate', 'frame 2']);
    expect(s.calls.filter((c) => c.startsWith('channel.'))).toEqual([]);
    expect(s.calls.filter((c) => c === 'source.onFrame')).toHaveLength(2);
    expect(s.calls.filter((c) => c === 'audio.onData')).toHaveLength(1);
    s.channel.onclose?.(new Event('close'));
    s.peer.close();
  });

  it('closing while the channel is open: nothing more is sent, and the connection closes after the channel has (the client closes it as it leaves)', async () => {
    const s = await streaming();
    s.peer.close();
    s.peer.frame(video, frameInfo(3));
    s.peer.audio?.(new Int16Array(480));
    expect(s.reports).toEqual([]);
    expect(s.calls).not.toContain('audio.onData');
    // Not yet: pc.close() would clean the channel up on this thread while its own close may be running on libwebrtc's.
    expect(s.calls).not.toContain('pc.close');
    expect(rtcResources().peers).toBe(s.before.peers + 1);
    s.channel.onclose?.(new Event('close'));
    expect(s.calls.slice(-3)).toEqual(['track.stop', 'audio.stop', 'pc.close']);
    expect(rtcResources()).toEqual(s.before);
    expect(s.calls.filter((c) => c.startsWith('channel.'))).toEqual([]);
  });

  it(`a client that never closes the channel: the connection closes after ${CHANNEL_CLOSE_WAIT_MS} ms anyway, once`, async () => {
    const s = await streaming();
    s.peer.close();
    s.clock.advance(CHANNEL_CLOSE_WAIT_MS - 1);
    expect(s.calls).not.toContain('pc.close');
    s.clock.advance(1);
    expect(s.calls.filter((c) => c === 'pc.close')).toHaveLength(1);
    expect(rtcResources()).toEqual(s.before);
    // A late close event frees nothing twice.
    s.channel.onclose?.(new Event('close'));
    s.peer.close();
    expect(s.calls.filter((c) => c === 'pc.close')).toHaveLength(1);
    expect(rtcResources()).toEqual(s.before);
  });

  it('a channel already closed by the client, or none yet: the connection closes at once', async () => {
    const s = await streaming();
    s.channel.onclose?.(new Event('close'));
    s.peer.close();
    expect(s.calls).toContain('pc.close');
    expect(rtcResources()).toEqual(s.before);

    const f = fakes();
    const early = createRtcPeer({
      signal: () => undefined,
      message: () => undefined,
      report: () => undefined,
      connected: () => undefined,
      lost: () => undefined,
      bitrateKbps: () => 1000,
      log: () => undefined,
      wrtc: f.wrtc,
    });
    early.close();
    expect(f.calls).toEqual(['track.stop', 'audio.stop', 'pc.close']);
  });
});
