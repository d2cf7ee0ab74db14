/**
 * Input to the mock cloud (SPEC §9): each device's message as the stream
 * protocol has it, every message numbered (`seq`, rising by one for the
 * SDK's life), and the input-to-frame latency of each, read back from the
 * frame code of the first presented frame that reflects it.
 */
import type { StreamInput } from '../api/contract.ts';
import type { Clock } from '../core/clock.ts';
import { createLatencyTracker, percentile } from './input-latency.ts';
import { normaliseGamepad, type GamepadInput, type MouseInput, type TouchInput } from './sdk.ts';

/** The frame code carries input_seq modulo 2^24. */
const SEQ_SPAN = 2 ** 24;
const MAX_LATENCY_LOG = 1000;

/** The full input number a frame code's 24 bits stand for, given the last number sent. */
export function unwrapSeq(coded: number, lastSent: number): number {
  return lastSent - ((((lastSent - coded) % SEQ_SPAN) + SEQ_SPAN) % SEQ_SPAN);
}

/** SPEC §9: padded to 17 buttons and 4 axes, values clamped. */
export function gamepadInput(input: GamepadInput): StreamInput {
  const { buttons, axes } = normaliseGamepad(input);
  return { device: 'gamepad', buttons, axes };
}

/** Relative motion scaled by the SDK value (setting × 1.19): value/100 of the movement. */
export function mouseInput(input: MouseInput, sensitivity: number): StreamInput {
  const k = sensitivity / 100;
  return {
    device: 'mouse',
    action: input.action,
    dx: input.dx * k,
    dy: input.dy * k,
    ...(input.button !== undefined ? { button: input.button } : {}),
    ...(input.buttons !== undefined ? { buttons: input.buttons } : {}),
    ...(input.wheel !== undefined ? { wheel: input.wheel } : {}),
  };
}

export function touchInput(input: TouchInput): StreamInput {
  return { device: 'touch', x: Math.min(1, Math.max(0, input.x)), y: Math.min(1, Math.max(0, input.y)), action: input.action };
}

export interface InputLog {
  /** Recent input-to-frame latencies, ms (for the bench and QA). */
  readonly latencies: readonly number[];
  /** Numbers `input` and hands the message text to `send`. */
  send(input: StreamInput, send: (text: string) => void): void;
  /** A frame presented at `at` carries this 24-bit input number. */
  presented(codedSeq: number, at: number): void;
  /** The median latency of the inputs shown since the last call (null: none); they join `latencies`. */
  takeMedian(): number | null;
  /** A new stream: latencies of inputs still in flight are not counted. */
  reset(): void;
}

export function createInputLog(clock: Clock): InputLog {
  const tracker = createLatencyTracker();
  const latencies: number[] = [];
  let seq = 0;
  return {
    latencies,
    send(input, send) {
      seq += 1;
      const text = JSON.stringify({ ...input, type: 'input', seq });
      tracker.sent(seq, clock.now());
      send(text);
    },
    presented(codedSeq, at) {
      tracker.presented(unwrapSeq(codedSeq, seq), at);
    },
    takeMedian() {
      const taken = tracker.take();
      for (const v of taken) latencies.push(v);
      if (latencies.length > MAX_LATENCY_LOG) latencies.splice(0, latencies.length - MAX_LATENCY_LOG);
      return percentile(taken, 50);
    },
    reset: () => tracker.reset(),
  };
}
