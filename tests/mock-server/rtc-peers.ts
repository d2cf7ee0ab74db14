/**
 * The wrtc side of the WebRTC stream tests (rtc-helpers.ts builds on it): a
 * presenter that reads every decoded I420 frame through wrtc's RTCVideoSink
 * (the frame code read from the luma plane, as the browser presenter reads it
 * from the picture), the client's peer connections counted (and, for race
 * tests, slowed), and `guardWrtcLocalDescription`, which works round a wrtc
 * crash (see there).
 */
import { frameCodeFromLuma, frameGameHeight } from '../../web/api/frame-code.ts';
import type { FramePresenter, PresentedFrame, PresenterFactory } from '../../web/game/video-presenter.ts';
import { loadWrtc, type Wrtc } from '../../mock-server/stream/native.ts';
import { until } from '../wait.ts';

// ---- the Node presenter

/** How many RTCVideoSinks and RTCAudioSinks are running now (every presenter closed: 0). */
let sinksLive = 0;
export const liveSinks = (): number => sinksLive;

/** What the Node presenter heard of the stream's sound: 10 ms chunks, and how loud the loudest sample was (0–32767). */
export interface HeardSound {
  chunks: number;
  peak: number;
}

/**
 * A PresenterFactory for Node: `show(track)` starts an RTCVideoSink on a video track; every decoded
 * I420 frame is `presented` with the frame code read from its Y plane (frameCodeFromLuma); a sound
 * track goes to an RTCAudioSink, counted in `heard` (when given). `close()` stops the sinks. `mount`
 * is ignored: there is no element in Node.
 */
export const nodePresenterHearing = (heard?: HeardSound): PresenterFactory => (presented) => nodePresenterWith(presented, heard);
export const nodePresenter: PresenterFactory = (presented) => nodePresenterWith(presented);

function nodePresenterWith(presented: (frame: PresentedFrame) => void, heard?: HeardSound): FramePresenter {
  let sink: InstanceType<Wrtc['nonstandard']['RTCVideoSink']> | null = null;
  let audioSink: InstanceType<Wrtc['nonstandard']['RTCAudioSink']> | null = null;
  let closed = false;
  const stopSink = (): void => {
    if (!sink) return;
    sink.onframe = null;
    sink.stop();
    sink = null;
    sinksLive--;
  };
  const stopAudio = (): void => {
    if (!audioSink) return;
    audioSink.ondata = null;
    audioSink.stop();
    audioSink = null;
    sinksLive--;
  };
  return {
    show(track) {
      if (closed) return;
      if (track.kind === 'audio') {
        stopAudio();
        const started = new (loadWrtc().nonstandard.RTCAudioSink)(track);
        audioSink = started;
        sinksLive++;
        started.ondata = ({ samples }) => {
          if (closed || !heard) return;
          heard.chunks++;
          for (const v of samples) heard.peak = Math.max(heard.peak, Math.abs(v));
        };
        return;
      }
      stopSink();
      const { RTCVideoSink } = loadWrtc().nonstandard;
      const started = new RTCVideoSink(track);
      sink = started;
      sinksLive++;
      started.onframe = ({ frame }) => {
        if (closed) return;
        presented({ code: frameCodeFromLuma(frame.data, frame.width, frame.height), width: frame.width, height: frameGameHeight(frame.width, frame.height) });
      };
    },
    mount() {
      // Nothing to show the picture in.
    },
    setSound() {
      // Heard as sent: the level is the browser's business.
    },
    unblockSound() {
      // No autoplay rules in Node.
    },
    close() {
      closed = true;
      stopSink();
      stopAudio();
    },
  };
}

// ---- the client's peer connections, counted (and, for race tests, slowed)

let clientPeersLive = 0;
/** Client-side peer connections made and not yet closed. */
export const liveClientPeers = (): number => clientPeersLive;

export interface PeerTiming {
  /**
   * setLocalDescription resolves only once ICE gathering is complete (bounded), so the offer the
   * SDK sends carries every client candidate in its SDP (as a non-trickle client's would).
   */
  offerWithCandidates?: boolean;
  /**
   * setRemoteDescription of the cloud's answer resolves only once the connection is up (bounded):
   * a client that is slow to settle the answer while ICE and DTLS complete underneath.
   */
  answerSettlesAfterConnect?: boolean;
}

type SessionDescriptionFn = (d?: RTCSessionDescriptionInit) => Promise<void>;

/** Resolves when `pred` holds, or after `limitMs` either way (a slow client's wait, not a test's). */
const settled = (pred: () => boolean, limitMs: number): Promise<void> => until(pred, 'a peer state', limitMs, undefined, 5).catch(() => undefined);

/**
 * Workaround for a crash in @roamhq/wrtc (reported with these tests): reading `pc.localDescription`
 * while ICE gathering runs serializes the description on the JS thread as the signalling thread adds
 * gathered candidates to it, and now and then segfaults (SIGSEGV in webrtc::SdpSerialize under
 * RTCPeerConnection::GetLocalDescription). Both mock-server/stream/rtc-peer.ts (after setting its
 * answer, and its renegotiation offer) and web/game/rtc-link.ts (after setting its offer, and its
 * renegotiation answer) read it right after setLocalDescription, which is exactly when gathering
 * runs: a run of this file then lost its worker every few runs.
 *
 * The guarded peer answers `localDescription` with the description last set while gathering is
 * still going (candidates then only trickle, as they do anyway), and the real one once gathering is
 * complete (nothing changes it any more). Everything else is the real peer.
 */
function withSafeLocalDescription<T extends object>(pc: T): T {
  const real = pc as unknown as RTCPeerConnection;
  const setLocal = (real.setLocalDescription as SessionDescriptionFn).bind(pc);
  let set: RTCSessionDescriptionInit | null = null;
  const setLocalDescription: SessionDescriptionFn = async (d) => {
    await setLocal(d);
    set = d ? { type: d.type, sdp: d.sdp ?? '' } : null;
  };
  return new Proxy(pc, {
    get(target, prop) {
      if (prop === 'localDescription') return real.iceGatheringState === 'complete' ? real.localDescription : set;
      if (prop === 'setLocalDescription') return setLocalDescription;
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
    set: (target, prop, value) => Reflect.set(target, prop, value, target),
  });
}

/** wrtc's own RTCPeerConnection, kept before the guard replaces the export. */
let realPeerConnection: typeof RTCPeerConnection | null = null;
const realPeer = (): typeof RTCPeerConnection => (realPeerConnection ??= loadWrtc().RTCPeerConnection);

/**
 * Makes every peer the mock server creates in this process a guarded one (see withSafeLocalDescription);
 * answers the function that puts wrtc's own back. `WRTC_UNGUARDED=1` leaves wrtc as it is (to see the crash).
 */
export function guardWrtcLocalDescription(): () => void {
  if (process.env['WRTC_UNGUARDED'] === '1') return () => undefined;
  const wrtc = loadWrtc() as { RTCPeerConnection: typeof RTCPeerConnection };
  const Real = realPeer();
  const Guarded = function Guarded(config?: RTCConfiguration) {
    return withSafeLocalDescription(new Real(config));
  };
  wrtc.RTCPeerConnection = Guarded as unknown as typeof RTCPeerConnection;
  return () => {
    wrtc.RTCPeerConnection = Real;
  };
}

/** wrtc's RTCPeerConnection for the client (guarded like the server's), counting live instances, with optional timing. */
export function clientPeerConnection(timing: PeerTiming = {}): typeof RTCPeerConnection {
  const Base = realPeer();
  class Counted extends Base {
    #open = true;
    constructor(config?: RTCConfiguration) {
      super(config);
      clientPeersLive++;
      const self = this as unknown as { setLocalDescription: SessionDescriptionFn; setRemoteDescription: SessionDescriptionFn };
      if (timing.offerWithCandidates) {
        const setLocal = self.setLocalDescription.bind(this);
        self.setLocalDescription = async (d) => {
          await setLocal(d);
          await settled(() => this.iceGatheringState === 'complete', 5_000);
        };
      }
      if (timing.answerSettlesAfterConnect) {
        const setRemote = self.setRemoteDescription.bind(this);
        self.setRemoteDescription = async (d) => {
          await setRemote(d);
          if (d?.type === 'answer') await settled(() => this.connectionState === 'connected', 5_000);
        };
      }
      if (process.env['WRTC_UNGUARDED'] !== '1') return withSafeLocalDescription(this);
    }
    override close(): void {
      if (this.#open) {
        this.#open = false;
        clientPeersLive--;
      }
      super.close();
    }
  }
  return Counted as unknown as typeof RTCPeerConnection;
}
