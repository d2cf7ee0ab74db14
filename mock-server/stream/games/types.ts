import type { StreamGameState } from '../../../web/api/contract.ts';
import type { ControlState } from '../controls.ts';

export type GameKind = 'racer' | 'shooter' | 'catcher';

/**
 * The subset of CanvasRenderingContext2D the games use, so @napi-rs/canvas's
 * context, a browser context and a recording fake all fit. The games only
 * ever write CSS colour strings; styles read as `string | object` because
 * real contexts also hold gradients and patterns there.
 */
export interface Ctx2D {
  fillStyle: string | object;
  strokeStyle: string | object;
  lineWidth: number;
  font: string;
  textAlign: 'left' | 'right' | 'center' | 'start' | 'end';
  textBaseline: 'top' | 'hanging' | 'middle' | 'alphabetic' | 'ideographic' | 'bottom';
  globalAlpha: number;
  fillRect(x: number, y: number, w: number, h: number): void;
  strokeRect(x: number, y: number, w: number, h: number): void;
  beginPath(): void;
  moveTo(x: number, y: number): void;
  lineTo(x: number, y: number): void;
  arc(x: number, y: number, radius: number, startAngle: number, endAngle: number, counterclockwise?: boolean): void;
  closePath(): void;
  fill(): void;
  stroke(): void;
  fillText(text: string, x: number, y: number, maxWidth?: number): void;
  save(): void;
  restore(): void;
  /**
   * Optional. With it (and `canvas`) an @napi-rs/canvas context gets cached
   * offscreen layers copied in (see layers.ts); without, everything is drawn
   * directly.
   */
  drawImage?(image: object, dx: number, dy: number): void;
  /** The canvas drawn into, when the context has one (tells layers.ts it is @napi-rs/canvas). */
  readonly canvas?: unknown;
}

export interface StreamGame {
  readonly kind: GameKind;
  /** One fixed 1/60 s step with the controls held during it. */
  tick(c: ControlState): void;
  /** Draw the whole picture (covering every pixel) at this size; resolution independent (everything scales with w,h). */
  draw(ctx: Ctx2D, w: number, h: number): void;
  state(): StreamGameState;
}
