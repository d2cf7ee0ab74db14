/**
 * Stream benchmark, part 1a: server cost of one video frame before the
 * encoder, in this process, timed around the product's
 * `createPicture().render()` (mock-server/stream/picture.ts: the game's Skia
 * draw, the frame code, getImageData, rgbaToI420) with each real game, against
 * a bare frame at the same size: one full-frame fillRect + getImageData +
 * rgbaToI420 on the same libraries. The game's own tick is not timed (it is
 * not picture work), as in game-stream.ts's `frameCostMs`. Process CPU time
 * per frame, median over frames: a busy machine (other agents' tests) must
 * not count as the picture's cost.
 */
import type { LevelConfig } from '../web/api/contract.ts';
import { createControls } from '../mock-server/stream/controls.ts';
import { createStreamGame, GAME_KINDS, type GameKind } from '../mock-server/stream/games/index.ts';
import { loadCanvas, loadWrtc, type VideoFrame } from '../mock-server/stream/native.ts';
import { createPicture } from '../mock-server/stream/picture.ts';
import { quantile } from './stats.ts';

/**
 * CPU time of this process, ms. The picture is drawn and converted
 * synchronously on the main thread, so this is its cost; unlike wall time it
 * does not grow when other processes take the CPU away mid-frame.
 */
function cpuNow(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

export interface RenderRow {
  level: LevelConfig;
  /** Median CPU ms per bare frame (fillRect + getImageData + rgbaToI420). */
  bareMs: number;
  /** Median CPU ms per `render()` of each game. */
  gameMs: Record<GameKind, number>;
}

/** One way of making a frame at a fixed size; `frame(i)` makes the i-th. */
type Variant = (i: number) => void;

function bareVariant(width: number, height: number): Variant {
  const canvas = loadCanvas().createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  const i420: VideoFrame = { width, height, data: new Uint8ClampedArray((width * height * 3) / 2) };
  const wrtc = loadWrtc();
  return (i) => {
    ctx.fillStyle = `rgb(${i % 256}, ${(i * 7) % 256}, ${(i * 13) % 256})`;
    ctx.fillRect(0, 0, width, height);
    const rgba = ctx.getImageData(0, 0, width, height);
    wrtc.nonstandard.rgbaToI420({ width, height, data: rgba.data }, i420);
  };
}

/** The game ticks before each frame (not timed: `prepare`), then the product's picture renders it. */
function gameVariant(kind: GameKind, width: number, height: number): { prepare: Variant; frame: Variant } {
  const game = createStreamGame({ kind, title: 'Bench', seed: 11 });
  const controls = createControls();
  const picture = createPicture();
  return {
    prepare(i) {
      // Steer right then left: the picture moves as in play.
      controls.apply({ device: 'keyboard', key: i % 120 < 60 ? 'ArrowRight' : 'ArrowLeft', down: true }, { width, height });
      controls.apply({ device: 'keyboard', key: i % 120 < 60 ? 'ArrowLeft' : 'ArrowRight', down: false }, { width, height });
      game.tick(controls.state());
    },
    frame(i) {
      picture.render(game, width, height, { frame: i, inputSeq: i });
    },
  };
}

const yieldToLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * Per clarity: the bare frame and the three games, interleaved frame by frame
 * (in a rotating order) so a burst of load elsewhere hits all of them alike;
 * the median CPU ms per frame of each, after 5 warm-up frames. The event loop
 * runs between frames, as between the stream's ticks: the canvas frees each
 * getImageData buffer in a finalizer that runs there (a tight loop would pile
 * them up, hundreds of MB at 1080p, and time page faults instead).
 */
export async function measureRender(levels: readonly LevelConfig[], opts: { frames: number }): Promise<RenderRow[]> {
  const rows: RenderRow[] = [];
  for (const level of levels) {
    const { width, height } = level;
    const variants: { name: 'bare' | GameKind; prepare: Variant; frame: Variant; times: number[] }[] = [
      { name: 'bare', prepare: () => undefined, frame: bareVariant(width, height), times: [] },
      ...GAME_KINDS.map((k) => ({ name: k, ...gameVariant(k, width, height), times: [] as number[] })),
    ];
    for (let i = 1; i <= opts.frames + 5; i++) {
      for (let j = 0; j < variants.length; j++) {
        const v = variants[(i + j) % variants.length] as (typeof variants)[number];
        v.prepare(i);
        const t = cpuNow();
        v.frame(i);
        const took = cpuNow() - t;
        if (i > 5) v.times.push(took);
        await yieldToLoop();
      }
    }
    const med = (name: string): number => quantile(variants.find((v) => v.name === name)?.times ?? [], 0.5);
    rows.push({ level, bareMs: med('bare'), gameMs: Object.fromEntries(GAME_KINDS.map((k) => [k, med(k)])) as Record<GameKind, number> });
  }
  return rows;
}
