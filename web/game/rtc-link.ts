/**
 * The client's WebRTC peer of one stream (decision 0005): it offers
 * receive-only video and audio transceivers and the input data channel, takes the
 * cloud's answer and trickled ICE candidates from the stream socket, and
 * reports each real step: answered (50 %), connected (80 %), the video and
 * sound tracks, and the frame reports and rumble that come down the data channel. The cloud
 * may offer again mid-stream (a new bitrate cap); this peer answers.
 * No ICE servers: the mock cloud is reached directly (loopback or LAN); a
 * vendor adapter would pass its STUN/TURN servers here.
 */
import { STREAM_DATA_CHANNEL, type RtcCandidateInit, type StreamFrameMessage, type StreamRtcMessage } from '../api/contract.ts';
import { messages } from '../core/i18n/messages.ts';
import { rumbleOf } from './rumble.ts';
import type { Rumble } from './sdk.ts';

// The player reads why the stream ended; worded when it ends, in the language showing then.
const msgs = messages('game/rtc', {
  failed: 'The video connection failed.',
  disconnected: 'The video connection was lost.',
  closed: 'The video connection was closed.',
});

export interface RtcLinkOptions {
  PeerConnection: typeof RTCPeerConnection;
  /** Sends signalling on the stream socket. */
  signal(msg: StreamRtcMessage): void;
  answered(): void;
  connected(): void;
  track(track: MediaStreamTrack): void;
  report(msg: StreamFrameMessage): void;
  /** The game asks for rumble (a `vibrate` message on the data channel); a receiver that plays none leaves it out. */
  vibrate?(rumble: Rumble): void;
  /** The connection failed or closed under us. */
  failed(why: string): void;
  log(line: string): void;
}

export interface RtcLink {
  /** Creates and sends the offer. */
  start(): Promise<void>;
  handle(msg: StreamRtcMessage): Promise<void>;
  /** Sends on the data channel; false when it is not open (the caller falls back to the socket). */
  send(text: string): boolean;
  stats(): Promise<RTCStatsReport | null>;
  close(): void;
}

const isFrameReport = (v: unknown): v is StreamFrameMessage =>
  typeof v === 'object' && v !== null && (v as { type?: unknown }).type === 'frame' && typeof (v as { input_seq?: unknown }).input_seq === 'number';

const isVibrate = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && (v as { type?: unknown }).type === 'vibrate';

export function createRtcLink(o: RtcLinkOptions): RtcLink {
  const pc = new o.PeerConnection({ iceServers: [] });
  // Input must arrive and in order: a lost key-up would leave a key held.
  const channel = pc.createDataChannel(STREAM_DATA_CHANNEL, { ordered: true });
  let closed = false;
  let connected = false;
  let remoteSet = false;
  const early: RtcCandidateInit[] = [];

  pc.addTransceiver('video', { direction: 'recvonly' });
  pc.addTransceiver('audio', { direction: 'recvonly' });
  pc.ontrack = (e) => {
    if (closed) return;
    // A game wants the newest frame and sound now, not a smooth buffer: ask for the smallest jitter buffer
    // (jitterBufferTarget; playoutDelayHint in older Chromium), as cloud-gaming clients do.
    const receiver = e.receiver as unknown as { jitterBufferTarget?: number | null; playoutDelayHint?: number | null };
    try {
      if ('jitterBufferTarget' in receiver) receiver.jitterBufferTarget = 0;
      else receiver.playoutDelayHint = 0;
    } catch {
      // Not settable here: the browser's default buffer stays.
    }
    o.track(e.track);
  };
  pc.onicecandidate = (e) => {
    if (closed) return;
    o.signal({ type: 'rtc', kind: 'candidate', candidate: e.candidate ? (e.candidate.toJSON() as RtcCandidateInit) : null });
  };
  pc.onconnectionstatechange = () => {
    if (closed) return;
    const state = pc.connectionState;
    if (state === 'connected' && !connected) {
      connected = true;
      o.connected();
    } else if (state === 'failed' || (state === 'disconnected' && connected) || state === 'closed') {
      const t = msgs.get();
      o.failed(state === 'failed' ? t.failed : state === 'closed' ? t.closed : t.disconnected);
    }
  };
  channel.onmessage = (e: MessageEvent) => {
    if (closed || typeof e.data !== 'string') return;
    try {
      const msg = JSON.parse(e.data) as unknown;
      if (isFrameReport(msg)) o.report(msg);
      else if (isVibrate(msg)) {
        const rumble = rumbleOf(msg);
        if (rumble) o.vibrate?.(rumble);
      }
    } catch {
      // Not ours to break on: a malformed report is skipped.
    }
  };

  async function addCandidate(c: RtcCandidateInit): Promise<void> {
    try {
      await pc.addIceCandidate(c);
    } catch (err) {
      o.log(`rtc: candidate refused: ${String(err)}`);
    }
  }

  return {
    async start() {
      const offer = await pc.createOffer();
      await pc.setLocalDescription(offer);
      // The description as made: candidates trickle, and wrtc (Node tests) crashes reading localDescription mid-gathering.
      if (!closed) o.signal({ type: 'rtc', kind: 'offer', sdp: offer.sdp ?? '' });
    },
    async handle(msg) {
      if (closed) return;
      if (msg.kind === 'offer') {
        // The cloud renegotiates mid-stream (a new bitrate cap for a clarity or network change).
        await pc.setRemoteDescription({ type: 'offer', sdp: msg.sdp });
        const answer = await pc.createAnswer();
        await pc.setLocalDescription(answer);
        if (!closed) o.signal({ type: 'rtc', kind: 'answer', sdp: answer.sdp ?? '' });
      } else if (msg.kind === 'answer') {
        await pc.setRemoteDescription({ type: 'answer', sdp: msg.sdp });
        remoteSet = true;
        if (!closed) o.answered();
        for (const c of early.splice(0)) await addCandidate(c);
      } else if (msg.kind === 'candidate' && msg.candidate) {
        // Candidates may overtake the answer on a busy server.
        if (remoteSet) await addCandidate(msg.candidate);
        else early.push(msg.candidate);
      }
    },
    send(text) {
      if (closed || channel.readyState !== 'open') return false;
      channel.send(text);
      return true;
    },
    stats: () => (closed ? Promise.resolve(null) : pc.getStats()),
    close() {
      if (closed) return;
      closed = true;
      pc.ontrack = pc.onicecandidate = pc.onconnectionstatechange = null;
      channel.onmessage = null;
      channel.close();
      pc.close();
    },
  };
}
