/**
 * Scriptable WebRTC fakes for the mock SDK's tests: the test plays the
 * browser's peer connection (and the cloud behind it) by firing
 * `onicecandidate`, `onconnectionstatechange`, `ontrack` and data-channel
 * messages, and plays the video element by "presenting" frames with a frame code.
 */
import type { FrameCode } from '../../../web/api/frame-code.ts';
import type { SdkSound } from '../../../web/game/sdk.ts';
import type { FramePresenter, PresentedFrame, PresenterFactory } from '../../../web/game/video-presenter.ts';

type Stat = Record<string, unknown>;

export class FakeDataChannel {
  readyState: RTCDataChannelState = 'connecting';
  sent: string[] = [];
  closed = false;
  onmessage: ((ev: MessageEvent) => void) | null = null;

  constructor(
    readonly label: string,
    readonly init: RTCDataChannelInit | undefined,
  ) {}

  send(data: string): void {
    if (this.readyState !== 'open') throw new Error(`InvalidStateError: data channel is ${this.readyState}`);
    this.sent.push(data);
  }

  close(): void {
    this.closed = true;
    this.readyState = 'closed';
  }

  /** The channel opening (the test plays the browser). */
  open(): void {
    this.readyState = 'open';
  }

  /** A message from the cloud down the channel. */
  serverMessage(data: unknown): void {
    this.onmessage?.({ data } as MessageEvent);
  }
}

export class FakePeerConnection {
  static instances: FakePeerConnection[] = [];
  /** Called with each new instance (before the SDK uses it): lets a test arm `failNext`. */
  static onCreate: ((pc: FakePeerConnection) => void) | null = null;

  /** Every call in order, e.g. "setRemoteDescription answer answer-sdp-1". */
  calls: string[] = [];
  channels: FakeDataChannel[] = [];
  transceivers: Array<{ kind: string; init: RTCRtpTransceiverInit | undefined }> = [];
  localDescription: RTCSessionDescriptionInit | null = null;
  remoteDescription: RTCSessionDescriptionInit | null = null;
  candidates: RTCIceCandidateInit[] = [];
  connectionState: RTCPeerConnectionState = 'new';
  closed = false;
  getStatsCalls = 0;
  /** What getStats() resolves to: a Map keyed by stat id, as Chromium's RTCStatsReport. */
  statsReport: Map<string, Stat> = new Map();
  /** Makes the next call of that name reject with this error. */
  failNext: Partial<Record<'createOffer' | 'setRemoteDescription' | 'addIceCandidate', Error>> = {};
  onicecandidate: ((ev: RTCPeerConnectionIceEvent) => void) | null = null;
  onconnectionstatechange: ((ev: Event) => void) | null = null;
  ontrack: ((ev: RTCTrackEvent) => void) | null = null;
  private offers = 0;
  private answers = 0;

  constructor(readonly config?: RTCConfiguration) {
    FakePeerConnection.instances.push(this);
    FakePeerConnection.onCreate?.(this);
  }

  private fail(name: 'createOffer' | 'setRemoteDescription' | 'addIceCandidate'): void {
    const err = this.failNext[name];
    if (!err) return;
    delete this.failNext[name];
    throw err;
  }

  createDataChannel(label: string, init?: RTCDataChannelInit): FakeDataChannel {
    this.calls.push(`createDataChannel ${label}`);
    const ch = new FakeDataChannel(label, init);
    this.channels.push(ch);
    return ch;
  }

  addTransceiver(kind: string, init?: RTCRtpTransceiverInit): object {
    this.calls.push(`addTransceiver ${kind}`);
    this.transceivers.push({ kind, init });
    return {};
  }

  async createOffer(): Promise<RTCSessionDescriptionInit> {
    this.calls.push('createOffer');
    this.fail('createOffer');
    this.offers += 1;
    return { type: 'offer', sdp: `offer-sdp-${this.offers}` };
  }

  async createAnswer(): Promise<RTCSessionDescriptionInit> {
    this.calls.push('createAnswer');
    this.answers += 1;
    return { type: 'answer', sdp: `answer-sdp-${this.answers}` };
  }

  async setLocalDescription(d: RTCSessionDescriptionInit): Promise<void> {
    this.calls.push(`setLocalDescription ${d.type} ${d.sdp}`);
    this.localDescription = d;
  }

  async setRemoteDescription(d: RTCSessionDescriptionInit): Promise<void> {
    this.calls.push(`setRemoteDescription ${d.type} ${d.sdp}`);
    this.fail('setRemoteDescription');
    this.remoteDescription = d;
  }

  async addIceCandidate(c: RTCIceCandidateInit): Promise<void> {
    this.calls.push(`addIceCandidate ${c.candidate}`);
    this.fail('addIceCandidate');
    this.candidates.push(c);
  }

  async getStats(): Promise<Map<string, Stat>> {
    this.getStatsCalls += 1;
    return this.statsReport;
  }

  close(): void {
    this.calls.push('close');
    this.closed = true;
    this.connectionState = 'closed';
  }

  // ---- the test plays the browser

  /** A local ICE candidate gathered (null: gathering complete). */
  fireIceCandidate(init: RTCIceCandidateInit | null): void {
    const candidate = init ? ({ ...init, toJSON: () => init } as unknown as RTCIceCandidate) : null;
    this.onicecandidate?.({ candidate } as RTCPeerConnectionIceEvent);
  }

  setConnectionState(state: RTCPeerConnectionState): void {
    this.connectionState = state;
    this.onconnectionstatechange?.(new Event('connectionstatechange'));
  }

  /** The receiver of the last track fired: the SDK tunes its jitter buffer. */
  receiver: { jitterBufferTarget: number | null } = { jitterBufferTarget: null };

  fireTrack(track: MediaStreamTrack): void {
    this.ontrack?.({ track, receiver: this.receiver } as unknown as RTCTrackEvent);
  }

  /** The input data channel the SDK made. */
  get channel(): FakeDataChannel {
    const ch = this.channels[0];
    if (!ch) throw new Error('no data channel created');
    return ch;
  }

  static reset(): void {
    FakePeerConnection.instances = [];
    FakePeerConnection.onCreate = null;
  }

  static last(): FakePeerConnection {
    const pc = FakePeerConnection.instances.at(-1);
    if (!pc) throw new Error('no peer connection created');
    return pc;
  }
}

export const FakePeerConnectionImpl = FakePeerConnection as unknown as typeof RTCPeerConnection;

export const fakeTrack = (id = 'video-1'): MediaStreamTrack => ({ kind: 'video', id }) as MediaStreamTrack;

export interface InboundVideo {
  /** ms, the stat's own timestamp. */
  timestamp: number;
  framesDecoded: number;
  bytesReceived: number;
  packetsReceived: number;
  packetsLost: number;
  /** s */
  totalDecodeTime: number;
  framesPerSecond: number;
  frameWidth: number;
  frameHeight: number;
  /** s */
  jitter: number;
  /** s, of the selected candidate pair. */
  rtt: number;
}

/** A Chromium-shaped report (bundled recvonly video + data channel), keyed by stat id. */
export function chromiumReport(v: InboundVideo): Map<string, Stat> {
  const t = v.timestamp;
  const stats: Stat[] = [
    { id: 'P', type: 'peer-connection', timestamp: t, dataChannelsOpened: 1, dataChannelsClosed: 0 },
    { id: 'CIT01_96', type: 'codec', timestamp: t, mimeType: 'video/VP8', payloadType: 96, clockRate: 90000, transportId: 'T01' },
    {
      id: 'IT01V2731',
      type: 'inbound-rtp',
      kind: 'video',
      timestamp: t,
      ssrc: 2731,
      mid: '0',
      transportId: 'T01',
      codecId: 'CIT01_96',
      jitter: v.jitter,
      packetsLost: v.packetsLost,
      packetsReceived: v.packetsReceived,
      bytesReceived: v.bytesReceived,
      framesReceived: v.framesDecoded + 1,
      framesDecoded: v.framesDecoded,
      keyFramesDecoded: 1,
      framesDropped: 0,
      frameWidth: v.frameWidth,
      frameHeight: v.frameHeight,
      framesPerSecond: v.framesPerSecond,
      totalDecodeTime: v.totalDecodeTime,
    },
    { id: 'D1', type: 'data-channel', timestamp: t, label: 'input', state: 'open', messagesSent: 3 },
    { id: 'T01', type: 'transport', timestamp: t, dtlsState: 'connected', iceState: 'connected', selectedCandidatePairId: 'CPaa_bb' },
    { id: 'CPaa_bb', type: 'candidate-pair', timestamp: t, transportId: 'T01', state: 'succeeded', nominated: true, currentRoundTripTime: v.rtt },
    { id: 'Iaa', type: 'local-candidate', timestamp: t, candidateType: 'host', protocol: 'udp' },
    { id: 'Ibb', type: 'remote-candidate', timestamp: t, candidateType: 'host', protocol: 'udp' },
  ];
  return new Map(stats.map((s) => [s['id'] as string, s]));
}

export class FakePresenter implements FramePresenter {
  static instances: FakePresenter[] = [];

  shown: MediaStreamTrack[] = [];
  /** Every mount() argument in order (null: taken off the page). */
  mounts: Array<HTMLElement | null> = [];
  closed = false;

  constructor(
    readonly presented: (frame: PresentedFrame) => void,
    readonly soundBlocked: (blocked: boolean) => void = () => undefined,
  ) {
    FakePresenter.instances.push(this);
  }

  show(track: MediaStreamTrack): void {
    this.shown.push(track);
  }

  mount(el: HTMLElement | null): void {
    this.mounts.push(el);
  }

  /** Every sound level set, in order. */
  sounds: SdkSound[] = [];
  unblocks = 0;

  setSound(sound: SdkSound): void {
    this.sounds.push(sound);
  }

  unblockSound(): void {
    this.unblocks++;
  }

  close(): void {
    this.closed = true;
  }

  /** The player is shown a frame whose frame code reads `code` (null: unreadable). */
  present(code: FrameCode | null, width = 1920, height = 1080, sinceShownMs?: number): void {
    this.presented({ code, width, height, ...(sinceShownMs === undefined ? {} : { sinceShownMs }) });
  }

  static reset(): void {
    FakePresenter.instances = [];
  }

  static last(): FakePresenter {
    const p = FakePresenter.instances.at(-1);
    if (!p) throw new Error('no presenter created');
    return p;
  }
}

export const fakePresenter: PresenterFactory = (presented, soundBlocked) => new FakePresenter(presented, soundBlocked);
