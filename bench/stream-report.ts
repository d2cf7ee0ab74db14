/**
 * The stream benchmark's report (bench/stream.ts): its goals, and the markdown section of each part — server cost per
 * frame and the encoder, streams per core, and the app in Chromium — with what was measured and how.
 */
import type { LevelConfig } from '../web/api/contract.ts';
import { GAME_KINDS } from '../mock-server/stream/games/index.ts';
import { GAME_PATH, MEMBER_MOBILE } from './stream-browser-session.ts';
import type { BrowserResult } from './stream-browser.ts';
import { STAGE_NAMES, type LatencyStages } from './stream-browser-latency.ts';
import { SUSTAINED_FPS, type ServerResult } from './stream-capacity.ts';
import type { RenderRow } from './stream-render.ts';
import { f0, f1, quantile, ratio, table } from './stats.ts';

export const GOAL = {
  /** Decoded frames per second in Chromium at standard and HD. */
  fps: 58,
  /** Input-to-frame latency median at standard and HD, ms (loopback). */
  latencyP50Ms: 50,
  /** Navigation to the game URL → first presented frame, ms (median of runs). */
  firstFrameMs: 1500,
  /** Sound and picture apart by at most this, ms, either way (decision 0027). */
  avOffsetMs: 80,
} as const;
/** Clarities the fps and latency goals apply to. */
export const GOAL_LEVELS: readonly LevelConfig['name'][] = ['standard', 'hd'];

const FRAME_BUDGET_MS = 1000 / 60;
export const ms = (n: number): string => (Number.isFinite(n) ? `${n.toFixed(2)} ms` : '—');
export const pct = (n: number): string => (Number.isFinite(n) ? `${Math.round(n)} %` : '—');
export const ok = (pass: boolean): string => (pass ? 'ok' : '**missed**');

/** The most streams of a step where every stream delivered ≥ SUSTAINED_FPS. */
export function sustained(server: ServerResult): number {
  return Math.max(0, ...server.capacity.filter((r) => Math.min(...r.deliveredFps) >= SUSTAINED_FPS).map((r) => r.n));
}

export function renderSection(render: RenderRow[]): string[] {
  const rows = render.map((r) => {
    const worst = Math.max(...GAME_KINDS.map((k) => r.gameMs[k]));
    return [
      `${r.level.name}`,
      `${r.level.width}×${r.level.height}`,
      ms(r.bareMs),
      ...GAME_KINDS.map((k) => ms(r.gameMs[k])),
      ratio(r.gameMs.shooter, r.bareMs),
      ratio(worst, r.bareMs),
      `${f0((worst / FRAME_BUDGET_MS) * 100)} %`,
    ];
  });
  return [
    '### 1. Server cost per frame',
    '',
    'Before the encoder, in the bench process: median ms of one `createPicture().render()` (game draw, frame code, `getImageData`, `rgbaToI420`) per game, the bare frame and the three games interleaved frame by frame over 60 frames each, as process CPU time (a busy machine does not inflate it the way wall time would); the game tick is not timed. **Baseline:** a bare frame at the same size — one full-frame `fillRect` + `getImageData` + `rgbaToI420`, same libraries, same run. Starfall Odyssey (game 1, used in part 3) is a shooter.',
    '',
    table(['clarity', 'size', 'bare frame (baseline)', ...GAME_KINDS, 'shooter vs bare', 'worst vs bare', 'worst, share of a 60 fps frame'], rows),
  ];
}

export function encodeSection(render: RenderRow[], server: ServerResult): string[] {
  const rows = server.encode.map((e) => {
    const r = render.find((x) => x.level.name === e.level.name);
    const total = (r?.gameMs.shooter ?? Number.NaN) + e.cpuMsPerFrame;
    return [
      e.level.name,
      `${e.level.width}×${e.level.height}`,
      f1(e.fedFps),
      `${f1(e.encodedFps)} at ${e.encodedSize}`,
      f1(e.deliveredFps),
      ms(e.cpuMsPerFrame),
      ratio(e.cpuMsPerFrame, r?.bareMs ?? Number.NaN),
      ms(e.encodeMsPerFrame),
      `${f0(e.kbps)} (cap ${e.level.bitrate}, estimate ${f0(e.availableKbps)})`,
      e.limitation || '—',
      ms(total),
      total <= FRAME_BUDGET_MS ? 'yes' : `no (${f1(1000 / total)} fps max)`,
    ];
  });
  return [
    '',
    `Encoder alone (server worker pinned to CPU ${server.serverCpus}): one \`createRtcPeer\` fed 60 pre-rendered frames of the shooter in a loop at 60 Hz, decoded by a Node receiver in another process; 3 s warm-up (bandwidth estimation ramps up), then a 3 s window. *Server CPU/frame* is the worker's \`process.cpuUsage()\` per fed frame (VP8 encode, packetisation, pacing, sending, the feed loop; at rest it uses ${f1(server.idleCpuPct)} % of a core); *libwebrtc encode* is its own \`totalEncodeTime / framesEncoded\` (wall time in the encoder); *estimate* is the sender's bandwidth estimate (\`availableOutgoingBitrate\`), *limited by* its \`qualityLimitationReason\`. *One stream, total* = shooter draw+convert + server CPU per frame: what one 60 fps stream costs one core.`,
    '',
    table(
      ['clarity', 'size', 'fed fps', 'encoded fps', 'delivered fps', 'server CPU/frame', 'vs bare frame', 'libwebrtc encode/frame', 'kbit/s sent', 'encoder limited by', 'one stream, total/frame', 'fits 60 fps on one core'],
      rows,
    ),
  ];
}

export function capacitySection(server: ServerResult, bareStandardMs: number): string[] {
  const rows = server.capacity.map((r) => {
    const perStream = (r.serverCpuPct / r.n) * 10; // ms of CPU per stream-second
    const minD = Math.min(...r.deliveredFps);
    return [
      String(r.n),
      f1(quantile(r.tickFps, 0.5)),
      f1(quantile(r.encodedFps, 0.5)),
      `${f1(minD)} / ${f1(quantile(r.deliveredFps, 0.5))}`,
      `${f1(r.skippedPct)} %`,
      pct(r.serverCpuPct),
      `${f0(perStream)} ms`,
      ms(r.frameCostMs),
      pct(r.receiverCpuPct),
      `${pct(r.load.othersPct)}`,
      `${minD >= SUSTAINED_FPS ? 'sustained' : 'drops'}${r.windows > 1 ? ' (better of 2 windows)' : ''}`,
    ];
  });
  const n = sustained(server);
  // CPU per stream from the biggest sustained step (per-process overhead spread over the most streams).
  const ref = server.capacity.find((r) => r.n === n) ?? server.capacity[0];
  const perStreamPct = ref ? ref.serverCpuPct / ref.n : Number.NaN;
  const byCpu = Math.floor(100 / perStreamPct);
  return [
    '',
    '### 2. Concurrent standard streams on one core',
    '',
    `N real game loops (\`createGameStream\`, racer/shooter/catcher in turn) at standard (640×360, 1500 kbit/s cap), each viewed by its own \`createRtcPeer\`, all in one server worker pinned to CPU ${server.serverCpus}; each stream is received and decoded by the app's own \`createRtcLink\` on @roamhq/wrtc in a receiver worker on CPU ${server.receiverCpus} (a receiver per stream: its decoding does not count as server CPU). Streams are added between steps; each step has a 2.5 s warm-up and a 3 s window (a step that drops frames gets a second window and keeps the better: other agents' load comes in bursts); the steps stop after two that drop frames in a row, or after 75 s. *Delivered* = frames decoded at the receiver per second; *never delivered* = gaps in the frame codes read back from the decoded pictures. A step is *sustained* when every stream delivers ≥ ${SUSTAINED_FPS} fps. *CPU per stream* is server CPU ÷ N; the baseline is the bare frame's cost at 60 fps.`,
    '',
    table(['N', 'loop ticks/s (median)', 'encoded fps (median)', 'delivered fps per stream (min / median)', 'never delivered', 'server CPU (one core = 100 %)', 'CPU per stream per second', 'draw+convert/frame', 'receiver CPU', 'other processes', 'status'], rows),
    '',
    `**One core sustained ${n} standard stream${n === 1 ? '' : 's'} at ≥ ${SUSTAINED_FPS} fps** in this run${server.capacity.some((r) => Math.min(...r.deliveredFps) < SUSTAINED_FPS) ? '' : ' (no step dropped frames: the limit is higher)'}. By CPU alone (at N = ${ref?.n ?? '—'} a stream used ${pct(perStreamPct)} of the core, ${f1(perStreamPct * 10)} ms per second = ${ratio(perStreamPct * 10, 60 * bareStandardMs)} the bare frame's cost at 60 fps) a core would fit ${Number.isFinite(byCpu) ? byCpu : '—'}.`,
  ];
}

export function browserSection(b: BrowserResult): string[] {
  const ffMedian = quantile(
    b.firstFrame.map((r) => r.firstFrameMs),
    0.5,
  );
  const ffRows = b.firstFrame.map((r, i) => [String(i + 1), `${f0(r.firstFrameMs)} ms`, `${f0(r.playingMs)} ms`, r.clarity]);
  const rows = b.clarity.map((c) => {
    const lat = b.latency.find((l) => l.level.name === c.level.name);
    const goal = GOAL_LEVELS.includes(c.level.name);
    const p50 = lat ? quantile(lat.samples, 0.5) : Number.NaN;
    const p95 = lat ? quantile(lat.samples, 0.95) : Number.NaN;
    return [
      c.level.name,
      c.size,
      `${f1(c.decodedFps)}${goal ? ` (≥ ${GOAL.fps}: ${ok(c.decodedFps >= GOAL.fps)})` : ''}${c.reconnects > 0 ? ` — SDK reconnected ${c.reconnects}×` : ''}`,
      `${f1(c.presentedFps)} / ${f1(c.distinctFps)}`,
      `${f0(c.kbps)} (cap ${c.level.bitrate})`,
      `${c.overlay.fps.at(-1) ?? '—'} fps, ${c.overlay.bitrate.at(-1) ?? '—'}`,
      ms(c.decodeMs),
      `${f1(c.serverTickFps)} / ${ms(c.serverFrameCostMs)}`,
      c.sender ? `${f1(c.sender.encodedFps)} fps, ${ms(c.sender.encodeMs)}, ${c.sender.limitation || '—'}, ${f0(c.sender.availableKbps)} kbit/s` : '—',
      lat ? `${f1(p50)} ms${goal ? ` (≤ ${GOAL.latencyP50Ms}: ${ok(p50 <= GOAL.latencyP50Ms)})` : ''}` : '—',
      lat ? `${f1(p95)} ms` : '—',
      lat ? `${lat.samples.length}/${lat.presses} (server ${lat.serverInputs})${lat.reconnects > 0 ? `, SDK reconnected ${lat.reconnects}×` : ''}` : '—',
      lat && lat.overlayMedians.length > 0 ? `${f0(quantile(lat.overlayMedians, 0.5))} ms` : '—',
      c.avOffsetMs === null ? '—' : `${f0(c.avOffsetMs)} ms (within ${GOAL.avOffsetMs}: ${ok(Math.abs(c.avOffsetMs) <= GOAL.avOffsetMs)})`,
      pct(c.load.othersPct),
    ];
  });
  return [
    '',
    '### 3. The app in Chromium',
    '',
    `The built app (dist/) in headless Chromium ${b.chromium} (the e2e harness's flags, 844×390 @2x touch phone) against the mock cloud on 127.0.0.1 in the bench process, scenario play-now, member ${MEMBER_MOBILE}, Starfall Odyssey (\`${GAME_PATH}\`). Page instrumentation by an init script only: the page's RTCPeerConnections are remembered (the SDK's own connection's \`getStats()\` is read); the SDK's presenter reads the frame code of every frame it is shown (\`requestVideoFrameCallback\`, then a copy of the code's rows through WebCodecs' \`VideoFrame\`, web/game/frame-code-reader.ts) and writes it on the stream element, and the bench timestamps those writes — the frames the SDK sees, when it sees them, with no readback of the bench's own; key events are timestamped in the capture phase, before the app's listener hands them to the SDK.`,
    '',
    `**First frame:** a fresh context per run, logged in on home, then \`page.goto\` of the game URL; time from the navigation start to the first frame the SDK saw presented, and to the screen showing "playing" (the SDK's progress 100). The member's default clarity is used. Median ${f0(ffMedian)} ms (goal ≤ ${GOAL.firstFrameMs} ms: ${ok(ffMedian <= GOAL.firstFrameMs)}).`,
    '',
    table(['run', 'navigation → first presented frame', 'navigation → "playing"', 'decoded size'], ffRows),
    '',
    `**Per clarity** (chosen in the game menu; after the decoded size changes, 2 s settle, then a 4 s window). *Decoded fps* and *bitrate* are getStats deltas of the SDK's connection (\`framesDecoded\`, \`bytesReceived\` — what the realtime-info overlay shows; its last reading is beside them as a cross-check). *Presented* counts the frames the SDK was shown (its \`requestVideoFrameCallback\`s) / distinct frame codes among them; below the decoded rate it means Chromium decoded frames it never composited (headless software compositing on a busy machine). *Server loop* is the session's game-stream ticks/s and draw+convert ms (\`GET /__mock/network\`; wall time, so it grows when the machine is busy); *sender* is the mock's own RTCPeerConnection (outbound-rtp and the candidate pair's bandwidth estimate). **Input latency:** ${b.latency[0]?.presses ?? 0} real key events (ArrowRight down/up via Playwright, 90–190 ms apart, one input each); a sample is the time from the key event in the page to the first presented frame whose code carries an input_seq that includes it — the SDK tracker's definition (docs/stream-stats.md), measured in the page. *Seen* checks every input reached a presented frame within 5 s and the server counted exactly that many. The overlay's Input figure (the SDK's per-second median) is beside it as a cross-check. *Sound lag* is how much longer the sound waited in its jitter buffer than the picture in its own over the window (getStats \`jitterBufferDelay\` / \`jitterBufferEmittedCount\` deltas of the two inbound tracks; they leave the mock within a tick of each other, and Chromium reports no playout time against the sender's clock for this peer), at every clarity; positive: the sound comes later. Goals apply at ${GOAL_LEVELS.join(' and ')}.`,
    '',
    table(
      ['clarity', 'decoded size', 'decoded fps', 'presented / distinct fps', 'kbit/s received', 'overlay (last)', 'decode/frame', 'server loop ticks/s / draw+convert', 'sender: encoded fps, encode/frame, limited by, estimate', 'input p50', 'input p95', 'inputs seen', 'overlay input (median)', 'sound lag', 'other processes'],
      rows,
    ),
    '',
    '**Input-to-frame by stage** (median ms of each stage over the samples above; the medians need not add up to the total\'s, and the code read comes after the frame was shown: it is outside the total). Stamped on the one wall clock the page and the mock share: the key event, the server\'s time the frame shown was made (its frame report), and the video\'s own timing of that frame (`requestVideoFrameCallback` metadata: last packet received, decode time, callback).',
    '',
    table(
      ['clarity', ...Object.values(STAGE_NAMES), 'total p50'],
      b.latency.map((l) => [
        l.level.name,
        ...(Object.keys(STAGE_NAMES) as (keyof LatencyStages)[]).map((k) => (l.stages[k].length > 0 ? `${f1(quantile(l.stages[k], 0.5))} (${l.stages[k].length})` : '—')),
        f1(quantile(l.samples, 0.5)),
      ]),
    ),
    ...(b.failure ? ['', `**Part 3 did not finish:** ${b.failure}.`] : []),
    ...(b.pageErrors.length > 0 ? ['', `Page errors: ${b.pageErrors.slice(0, 5).map((e) => `\`${e.slice(0, 160)}\``).join('; ')}`] : []),
  ];
}
