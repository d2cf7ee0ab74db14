/**
 * The two native libraries behind the video stream, loaded on first use so a
 * mock that never streams video (`--no-video`, socket-only tests) never loads
 * them: `@roamhq/wrtc` (libwebrtc: the peer connection, VP8 and Opus
 * encoding, congestion control) and `@napi-rs/canvas` (Skia: the game's picture).
 * Both install from npm with prebuilt binaries.
 *
 * A process that loaded wrtc must leave through `process.exit`: libwebrtc's
 * threads keep the event loop alive, and a natural exit after a track was
 * stopped crashes in its teardown (main.ts exits explicitly).
 */
import { createRequire } from 'node:module';

export interface VideoFrame {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

export interface VideoSource {
  createTrack(): MediaStreamTrack;
  onFrame(frame: VideoFrame): void;
}

/** 10 ms of PCM for an audio source (16-bit; mono unless `channelCount` says otherwise). */
export interface AudioData {
  samples: Int16Array;
  sampleRate: number;
  channelCount?: number;
}

export interface AudioSource {
  createTrack(): MediaStreamTrack;
  onData(data: AudioData): void;
}

export interface Wrtc {
  RTCPeerConnection: typeof RTCPeerConnection;
  nonstandard: {
    RTCVideoSource: new (init?: { isScreencast?: boolean }) => VideoSource;
    RTCVideoSink: new (track: MediaStreamTrack) => { onframe: ((e: { frame: VideoFrame }) => void) | null; stop(): void };
    RTCAudioSource: new () => AudioSource;
    RTCAudioSink: new (track: MediaStreamTrack) => { ondata: ((e: AudioData & { numberOfFrames: number }) => void) | null; stop(): void };
    rgbaToI420(rgba: VideoFrame, i420: VideoFrame): void;
  };
}

export interface CanvasLib {
  createCanvas(width: number, height: number): {
    width: number;
    height: number;
    getContext(kind: '2d'): CanvasRenderingContext2D;
  };
}

const require = createRequire(import.meta.url);
let wrtc: Wrtc | null = null;
let canvas: CanvasLib | null = null;

export function loadWrtc(): Wrtc {
  wrtc ??= require('@roamhq/wrtc') as Wrtc;
  return wrtc;
}

export function loadCanvas(): CanvasLib {
  canvas ??= require('@napi-rs/canvas') as CanvasLib;
  return canvas;
}

const CJK_FAMILIES = /WenQuanYi|Noto (Sans|Serif) CJK|Source Han|Droid Sans Fallback|AR PL/i;
let cjk: boolean | undefined;

/** Whether Skia finds a font with Chinese glyphs; without one Chinese text draws as nothing, so the HUD stays English. */
export function hasCjkFont(): boolean {
  cjk ??= (require('@napi-rs/canvas') as { GlobalFonts: { families: Array<{ family: string }> } }).GlobalFonts.families.some((f) => CJK_FAMILIES.test(f.family));
  return cjk;
}
