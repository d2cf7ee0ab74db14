/**
 * Physical gamepads (Gamepad API, SPEC §9 17 buttons and 4 axes): which pad
 * plays, what it sends (sticks through a radial dead zone), and the name a
 * toast shows when one connects.
 */

/** A stick resting or worn within this radius reads as centred. */
export const STICK_DEAD_ZONE = 0.15;

/**
 * A radial dead zone on one stick: inside `zone` it is centred; outside, the
 * distance is rescaled to 0–1 so the stick still reaches full tilt, and the
 * direction is kept (a square zone per axis would snap diagonals to the axes).
 */
export function deadZone(x: number, y: number, zone = STICK_DEAD_ZONE): [number, number] {
  const fx = Number.isFinite(x) ? x : 0;
  const fy = Number.isFinite(y) ? y : 0;
  const m = Math.hypot(fx, fy);
  if (m <= zone) return [0, 0];
  const scaled = Math.min(1, (m - zone) / (1 - zone));
  const r = (v: number): number => Math.round(((v / m) * scaled) * 1000) / 1000;
  return [r(fx), r(fy)];
}

/** What the Gamepad API reports of one pad. */
export interface PadReading {
  index: number;
  id: string;
  connected: boolean;
  timestamp: number;
  buttons: readonly { value: number; pressed: boolean }[];
  axes: readonly number[];
}

/** The pad that plays: the connected one used last (any index, the first pad plugged in need not be 0). */
export function activePad<P extends PadReading>(pads: readonly (P | null)[]): P | null {
  let best: P | null = null;
  for (const p of pads) if (p?.connected && (!best || p.timestamp > best.timestamp)) best = p;
  return best;
}

/** The snapshot sent: button values (a pressed digital button reads 1) and both sticks through the dead zone. */
export function padSnapshot(pad: PadReading): { buttons: number[]; axes: number[] } {
  const buttons = pad.buttons.map((b) => (b.pressed ? Math.max(b.value, 1) : b.value));
  const [lx, ly] = deadZone(pad.axes[0] ?? 0, pad.axes[1] ?? 0);
  const [rx, ry] = deadZone(pad.axes[2] ?? 0, pad.axes[3] ?? 0);
  return { buttons, axes: [lx, ly, rx, ry] };
}

const same = (a: readonly number[], b: readonly number[]): boolean => a.length === b.length && a.every((v, i) => v === b[i]);
export const sameSnapshot = (a: { buttons: number[]; axes: number[] }, b: { buttons: number[]; axes: number[] }): boolean =>
  same(a.buttons, b.buttons) && same(a.axes, b.axes);

/**
 * "Xbox 360 Controller (XInput STANDARD GAMEPAD)" → "Xbox 360 Controller"; vendor codes and mapping notes are not for players.
 * Null when nothing is left: the toast then says "Gamepad" in the player's language.
 */
export function padName(id: string): string | null {
  const name = id
    .replace(/\((?:[^()]*\b(?:Vendor|Product|STANDARD GAMEPAD)\b[^()]*)\)/gi, '')
    .replace(/^[0-9a-f]{4}-[0-9a-f]{4}-/i, '')
    .replace(/\s+/g, ' ')
    .trim();
  return name || null;
}
