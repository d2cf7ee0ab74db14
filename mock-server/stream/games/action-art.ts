/**
 * What the action control (a click, Space, pad A) looks like where it is not
 * a shot: the racer's boost flame and the catcher's net. Drawn directly
 * (they flicker and stretch every frame, so a cached sprite would not help).
 */
import type { Ctx2D } from './types.ts';

/** Twin exhaust flames under a car whose rear edge is at `rear`; `t` flickers them. */
export function paintBoost(ctx: Ctx2D, cx: number, rear: number, carW: number, h: number, t: number): void {
  const len = h * (0.05 + (t % 3) * 0.012);
  for (const side of [-0.25, 0.25]) {
    const x = cx + side * carW;
    ctx.fillStyle = '#ff9f43';
    ctx.beginPath();
    ctx.moveTo(x - carW * 0.12, rear);
    ctx.lineTo(x + carW * 0.12, rear);
    ctx.lineTo(x, rear + len);
    ctx.closePath();
    ctx.fill();
    ctx.fillStyle = '#fff3c4';
    ctx.beginPath();
    ctx.moveTo(x - carW * 0.06, rear);
    ctx.lineTo(x + carW * 0.06, rear);
    ctx.lineTo(x, rear + len * 0.55);
    ctx.closePath();
    ctx.fill();
  }
}

/** A glowing net `half` wide either side of `cx`, rising above the basket's rim at `top`. */
export function paintNet(ctx: Ctx2D, cx: number, top: number, half: number, h: number): void {
  const rise = h * 0.05;
  ctx.save();
  ctx.globalAlpha = 0.35;
  ctx.fillStyle = '#5ef2ff';
  ctx.fillRect(cx - half, top - rise, half * 2, rise);
  ctx.globalAlpha = 0.9;
  ctx.strokeStyle = '#5ef2ff';
  ctx.lineWidth = Math.max(1, h * 0.004);
  ctx.strokeRect(cx - half, top - rise, half * 2, rise);
  ctx.beginPath();
  for (let i = 1; i < 6; i++) {
    const x = cx - half + (half * 2 * i) / 6;
    ctx.moveTo(x, top - rise);
    ctx.lineTo(x, top);
  }
  ctx.stroke();
  ctx.restore();
}
