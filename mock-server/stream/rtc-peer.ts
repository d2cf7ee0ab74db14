/**
 * The mock cloud's side of one WebRTC stream (docs/decisions/0005-webrtc-stream.md): a real
 * libwebrtc peer (`@roamhq/wrtc`). The client offers (receive-only video and
 * audio transceivers and the input data channel); this peer answers with the
 * game's video and sound tracks (in no shared media stream: a browser holds
 * the video back to meet the sound's buffer when they share one, and the
 * picture must never wait, decision 0027), trickles its ICE candidates over
 * the stream socket, takes
 * input from the data channel, and hands a frame report for every frame and
 * the game's rumble (`vibrate`) to the stream socket (`report`).
 *
 * The data channel is only listened to, never called (no send, readyState,
 * bufferedAmount or close): wrtc's RTCDataChannel drops its native channel on
 * libwebrtc's signalling thread the moment the client's side closes (a
 * reload, a navigation, a closed tab), while a call on the JS thread checks
 * that pointer and then uses it. A frame report sent in that gap crashed the
 * process (SIGSEGV in RTCDataChannel::Send, null channel, found by
 * bench/stream-stress.ts; node-webrtc/node-webrtc#325, #391). Events are safe:
 * they are dispatched to the JS thread after the native side is done.
 *
 * Scripted load stalls act where a real one would: `stallAt` 30 never
 * answers the offer, 50 answers but never lets ICE connect, 80 connects but
 * never sends a frame.
 */
import type { LevelConfig, RtcCandidateInit, StreamFrameMessage, StreamRtcMessage, StreamVibrateMessage } from '../../web/api/contract.ts';
import { loadWrtc, type AudioSource, type VideoFrame, type VideoSource, type Wrtc } from './native.ts';
import { SOUND_RATE } from './sound.ts';
import type { Viewer } from './game-stream.ts';
import type { NetPath } from './net-path.ts';
import { systemClock, type Clock, type TimerId } from '../../web/core/clock.ts';

/** Candidates kept while the offer has not been applied (a scripted stall at 30 never applies it). */
const MAX_EARLY_CANDIDATES = 32;
/**
 * How long a closing peer waits for its data channel's close before closing the connection anyway: the client's side
 * normally closes it within milliseconds of leaving (see `close`).
 */
export const CHANNEL_CLOSE_WAIT_MS = 2_000;

export interface RtcPeerOptions {
  /** Sends signalling to the client (the stream socket). */
  signal(msg: StreamRtcMessage): void;
  /** A data-channel message: the stream socket's own input handling checks it. */
  message(text: string): void;
  /** A frame report or a rumble for the client: the stream socket carries them (never the data channel, see above). */
  report(msg: StreamFrameMessage | StreamVibrateMessage): void;
  /** ICE connected: the peer wants frames now. */
  connected(): void;
  /** The connection failed or closed on the client's side. */
  lost(why: string): void;
  /** The encoder cap now, kbit/s (clarity and network conditions). */
  bitrateKbps(): number;
  /**
   * The network between the client and this peer (net-path.ts): the client is told its candidates, never the
   * peer's, and the peer never hears the client's. Without one they reach each other directly.
   */
  path?: NetPath;
  stallAt?: 30 | 50 | 80;
  log(line: string): void;
  /** Times the wait for the data channel's close (real time: libwebrtc's threads are; a test may pass a manual clock). */
  clock?: Clock;
  /** The WebRTC library (default @roamhq/wrtc); a test passes fakes that record what is called. */
  wrtc?: Pick<Wrtc, 'RTCPeerConnection'> & { nonstandard: Pick<Wrtc['nonstandard'], 'RTCVideoSource' | 'RTCAudioSource'> };
}

export interface RtcPeer extends Viewer {
  signal(msg: StreamRtcMessage): Promise<void>;
  close(): void;
}

const live = { peers: 0, sources: 0 };
/** What is open now, across every session: a test checks nothing is left behind. */
export function rtcResources(): { peers: number; sources: number } {
  return { ...live };
}

export function createRtcPeer(o: RtcPeerOptions): RtcPeer {
  const wrtc = o.wrtc ?? loadWrtc();
  const pc = new wrtc.RTCPeerConnection({ iceServers: [] });
  const source: VideoSource = new wrtc.nonstandard.RTCVideoSource();
  const track = source.createTrack();
  const audioSource: AudioSource = new wrtc.nonstandard.RTCAudioSource();
  const audioTrack = audioSource.createTrack();
  live.peers++;
  live.sources++;
  let channel: RTCDataChannel | null = null;
  /** The channel's close event has run: its native side is gone, so closing the connection cannot race it. */
  let channelClosed = false;
  let finished = false;
  let bitrate = 0;
  let renegotiating = false;
  const early: RtcCandidateInit[] = [];
  let closed = false;
  let connected = false;
  /**
   * Whether the client's offer is applied, kept here rather than read from
   * `pc.remoteDescription`: that getter serializes the SDP on this thread
   * while libwebrtc's signalling thread may be adding a trickled candidate to
   * it, and the race crashes the process (the same SdpSerialize crash as
   * `localDescription`, below). It was read on every frame.
   */
  let remoteSet = false;
  const iceBlocked = o.stallAt === 50;

  const path = o.path;
  /** Candidates go out in the order they were found, the end of them last, whatever the path takes to open each. */
  let trickled: Promise<void> = Promise.resolve();
  pc.onicecandidate = (e) => {
    if (closed || iceBlocked) return;
    const found = e.candidate ? (e.candidate.toJSON() as RtcCandidateInit) : null;
    if (!path) return o.signal({ type: 'rtc', kind: 'candidate', candidate: found });
    const told = found ? path.candidate(found) : Promise.resolve(null);
    trickled = trickled
      .then(async () => {
        const candidate = await told;
        if (!closed && (candidate || !found)) o.signal({ type: 'rtc', kind: 'candidate', candidate });
      })
      .catch((err: unknown) => o.log(`stream: a candidate could not be sent: ${String(err)}`));
  };
  /** The peer's SDP as the client gets it: its candidates through the path. */
  const outgoing = (sdp: string): string => (path ? path.sdp(sdp) : sdp);
  pc.onconnectionstatechange = () => {
    if (closed) return;
    const state = pc.connectionState;
    if (state === 'connected' && !connected) {
      connected = true;
      applyBitrate();
      if (o.stallAt !== 80) o.connected();
    } else if (state === 'failed' || state === 'closed') {
      o.lost(`WebRTC connection ${state}`);
    }
  };
  pc.ondatachannel = (e) => {
    channel = e.channel;
    channel.onmessage = (m: MessageEvent) => {
      if (!closed) o.message(typeof m.data === 'string' ? m.data : '');
    };
    channel.onclose = () => {
      channelClosed = true;
      if (closed) finish();
    };
  };

  /**
   * The encoder cap travels as `b=AS`/`b=TIAS` in the client's description,
   * as a receiver's limit would: wrtc's RTCRtpSender.setParameters always
   * answers InvalidStateError. A new cap mid-stream (clarity, network
   * conditions) renegotiates: this peer offers, the client answers, and the
   * answer is applied with the cap written in.
   */
  function applyBitrate(): void {
    const want = o.bitrateKbps();
    if (want === bitrate || renegotiating || pc.signalingState !== 'stable' || !remoteSet) return;
    renegotiating = true;
    void (async () => {
      try {
        const offer = await pc.createOffer();
        await pc.setLocalDescription(offer);
        if (!closed) o.signal({ type: 'rtc', kind: 'offer', sdp: outgoing(offer.sdp ?? '') });
      } catch (err) {
        renegotiating = false;
        o.log(`stream: bitrate renegotiation failed: ${String(err)}`);
      }
    })();
  }

  const clock = o.clock ?? systemClock;
  let closeWait: TimerId | undefined;
  /** Frees the connection: once, after the channel has closed (or the wait ran out). */
  function finish(): void {
    if (finished) return;
    finished = true;
    clock.clearTimeout(closeWait);
    track.stop();
    audioTrack.stop();
    pc.close();
    path?.close();
    live.peers--;
    live.sources--;
  }

  /** A candidate the peer cannot use is not fatal: ICE tries the others. */
  async function addCandidate(c: RtcCandidateInit): Promise<void> {
    try {
      await pc.addIceCandidate(c);
    } catch (err) {
      o.log(`stream: ICE candidate refused: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  return {
    async signal(msg) {
      if (closed) return;
      try {
        if (msg.kind === 'offer') {
          if (o.stallAt === 30) return;
          bitrate = o.bitrateKbps();
          // A stall at 50 must not connect through candidates the offer already carries (peer-reflexive pairs), nor
          // may the peer reach a client round its network path.
          const offer = iceBlocked || path ? withoutCandidates(msg.sdp) : msg.sdp;
          await pc.setRemoteDescription({ type: 'offer', sdp: withBitrate(offer, bitrate) });
          remoteSet = true;
          for (const c of early.splice(0)) await addCandidate(c);
          // Closed while waiting: a stopped track added to a closed connection is not wrtc's tested path.
          if (closed) return;
          pc.addTrack(track);
          pc.addTrack(audioTrack);
          const answer = await pc.createAnswer();
          if (closed) return;
          await pc.setLocalDescription(answer);
          if (closed) return;
          // The description as made, not pc.localDescription: wrtc crashes (SdpSerialize) reading that while it
          // gathers candidates on its own thread. Candidates trickle anyway.
          const sdp = answer.sdp ?? '';
          o.signal({ type: 'rtc', kind: 'answer', sdp: iceBlocked ? withoutCandidates(sdp) : outgoing(sdp) });
        } else if (msg.kind === 'answer') {
          if (!renegotiating || pc.signalingState !== 'have-local-offer') return;
          const want = o.bitrateKbps();
          await pc.setRemoteDescription({ type: 'answer', sdp: withBitrate(msg.sdp, want) });
          bitrate = want;
          renegotiating = false;
        } else if (msg.kind === 'candidate') {
          if (iceBlocked || path || !msg.candidate) return;
          // Trickled candidates can overtake the offer (or meet a scripted stall that never takes it).
          if (!remoteSet) {
            if (early.length < MAX_EARLY_CANDIDATES) early.push(msg.candidate);
          }
          else await addCandidate(msg.candidate);
        }
      } catch (err) {
        o.log(`stream: signalling failed: ${err instanceof Error ? err.message : String(err)}`);
        o.lost('WebRTC signalling failed');
      }
    },
    frame(video: VideoFrame, info: StreamFrameMessage) {
      if (closed || !connected) return;
      applyBitrate();
      source.onFrame(video);
      o.report(info);
    },
    vibrate(msg: StreamVibrateMessage) {
      if (!closed && connected) o.report(msg);
    },
    audio(samples: Int16Array) {
      if (closed || !connected) return;
      audioSource.onData({ samples, sampleRate: SOUND_RATE });
    },
    /**
     * Stops at once (no more signalling, frames or input), and frees the connection once the data channel has
     * closed. pc.close() closes an open channel itself, on the JS thread (RTCDataChannel::OnPeerConnectionClosed),
     * while the channel's own close may be running on the signalling thread: the client is leaving right now (this
     * runs when the stream socket closes), and two cleanups of one channel crash (node-webrtc #576, #360). So the
     * channel is left to the client, whose leaving closes it within milliseconds, and the connection closes after
     * its close event; `CHANNEL_CLOSE_WAIT_MS` bounds the wait for a client that went silent instead.
     */
    close() {
      if (closed) return;
      closed = true;
      pc.onicecandidate = pc.onconnectionstatechange = pc.ondatachannel = null;
      if (!channel || channelClosed) finish();
      else closeWait = clock.setTimeout(finish, CHANNEL_CLOSE_WAIT_MS);
    },
  };
}

const withoutCandidates = (sdp: string): string => sdp.replace(/^a=(candidate|end-of-candidates).*\r?\n/gm, '');

/** The SDP with the video section's bandwidth set to `kbps` (b=AS, and b=TIAS in bit/s). */
export function withBitrate(sdp: string, kbps: number): string {
  const eol = sdp.includes('\r\n') ? '\r\n' : '\n';
  const out: string[] = [];
  let video = false;
  for (const line of sdp.split(/\r?\n/)) {
    if (line.startsWith('m=')) video = line.startsWith('m=video');
    if (video && (line.startsWith('b=AS:') || line.startsWith('b=TIAS:'))) continue;
    out.push(line);
    if (video && line.startsWith('c=')) out.push(`b=AS:${kbps}`, `b=TIAS:${kbps * 1000}`);
  }
  return out.join(eol);
}

/** The encoder cap for a clarity under network conditions. */
export function bitrateCap(level: LevelConfig, capKbps: number): number {
  return capKbps > 0 ? Math.min(level.bitrate, capKbps) : level.bitrate;
}
