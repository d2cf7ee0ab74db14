/**
 * `npm run bench -- stream-processes`: how many standard streams (640×360, 60 fps) the mock carries
 * with every stream at ≥ 58 fps, its games in its own process (`streamProcesses: 0`, as before decision 0028) against
 * one stream process per core (what the CLI runs). This process is the mock's main process (createApp, video on);
 * the receivers are the app's mock SDK on @roamhq/wrtc in two worker processes (bench/stream-processes-client.ts), each
 * stream in a mock session of its own. Everything shares this machine's cores, receivers included: the figure is what
 * one machine carries end to end, not the server alone (bench/stream-capacity.ts pins those apart).
 *
 * Steps add one stream at a time; each step settles 2 s, then counts every receiver's presented frames over 3 s (a
 * step that drops gets a second window and keeps the better: other agents' load comes in bursts). The steps stop after
 * two that drop in a row. Both orders run (in the mock's process first, then in stream processes, then the other way
 * round): the first run of a pair was seen to gain from the machine being quieter. Bounded: every wait has a limit.
 */
import { availableParallelism, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { DEFAULT_RUNTIME_CONFIG, GAME_CLIENT, HEADER, PATH, type ApiEnvelope, type GetTokenResponse, type LoginInfo, type PlayGameResponse } from '../web/api/contract.ts';
import type { StreamTarget } from '../web/game/sdk.ts';
import { createApp } from '../mock-server/app.ts';
import { signedHeaders } from '../mock-server/http/signature.ts';
import { MOCK_SMS_CODE } from '../mock-server/limits.ts';
import { guardWrtcLocalDescription } from '../tests/mock-server/rtc-peers.ts';
import { quantile } from './stats.ts';
import type { BenchContext, BenchResult, Benchmark } from './types.ts';
import { forkWorker, type Worker } from './worker-rpc.ts';

const MAX = 8;
const SUSTAINED_FPS = 58;
const STANDARD = 6;
const DEVICE = 'bench-processes';
const MEMBER = '13800000001';
const LIMIT_MS = 30_000;
const SETTLE_MS = 2_000;
const WINDOW_MS = 3_000;

interface Step {
  n: number;
  min: number;
  median: number;
  sustained: boolean;
}

async function measure(processes: number, clients: Worker[], log: (line: string) => void): Promise<Step[]> {
  const app = createApp({ distDir: null, video: true, streamProcesses: processes, warmStreamProcesses: processes > 0, log: () => undefined });
  const { url: base } = await app.listen(0, '127.0.0.1');

  async function api<T>(session: string, endpoint: string, data: Record<string, string | number>, o: { token?: string; game?: boolean } = {}): Promise<T> {
    const root = o.game ? DEFAULT_RUNTIME_CONFIG.gameApiBase : DEFAULT_RUNTIME_CONFIG.apiBase;
    const urlPath = `${root}${endpoint}`;
    const body = JSON.stringify(data);
    const headers: Record<string, string> = { ...signedHeaders('POST', urlPath, body, DEVICE), 'content-type': 'application/json', 'x-mock-session': session };
    if (o.token !== undefined) headers[HEADER.token] = o.token;
    if (o.game) headers[HEADER.gameClient] = GAME_CLIENT;
    const res = await fetch(`${base}${urlPath}`, { method: 'POST', headers, body, signal: AbortSignal.timeout(LIMIT_MS) });
    const envelope = (await res.json()) as ApiEnvelope<T>;
    if (envelope.code !== 1) throw new Error(`${endpoint} answered ${envelope.code} ${envelope.msg}`);
    return envelope.data;
  }

  /** A member's game in mock session `session`, at standard. */
  async function standardGame(session: string): Promise<StreamTarget> {
    const login = await api<LoginInfo>(session, PATH.webLogin, { mobile: MEMBER, area_code: '86', code: MOCK_SMS_CODE, device_id: DEVICE });
    const token = login.gly_token;
    const play = await api<GetTokenResponse>(session, PATH.getToken, { manufacturer: 'mock', client_sid: DEVICE }, { token, game: true });
    const played = await api<PlayGameResponse>(
      session,
      PATH.playGame,
      { game_key: 'g_bench_processes', token: play.token, model_name: 'Pixel 8', queue_grade: 1, able_queue: 1, enable_restart: 0, local_stream: 0 },
      { token, game: true },
    );
    if (played.code !== 200 || !('sc_id' in played)) throw new Error(`play_game did not start: ${JSON.stringify(played)}`);
    await api(session, PATH.displayGrade, { game_key: played.game_key, sc_id: played.sc_id, display_grade: STANDARD }, { token, game: true });
    return { sc_id: played.sc_id, game_key: played.game_key, stream_url: played.stream_url, level_config: played.level_config };
  }

  const sample = async (): Promise<number[]> => (await Promise.all(clients.map((c) => c.call<number[]>('fps', WINDOW_MS, WINDOW_MS + 10_000)))).flat();
  const steps: Step[] = [];
  try {
    for (let n = 1; n <= MAX; n++) {
      const session = `bench-${processes}-${n}`;
      const target = await standardGame(session);
      await clients[(n - 1) % clients.length]?.call('add', { base, target, session }, LIMIT_MS + 5_000);
      await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
      let fps = await sample();
      if (Math.min(...fps) < SUSTAINED_FPS) {
        const again = await sample();
        if (Math.min(...again) > Math.min(...fps)) fps = again;
      }
      const step = { n, min: Math.min(...fps), median: quantile(fps, 0.5), sustained: Math.min(...fps) >= SUSTAINED_FPS };
      steps.push(step);
      log(`stream processes ${processes}: N=${n} min ${step.min.toFixed(1)} fps, median ${step.median.toFixed(1)} — ${step.sustained ? 'sustained' : 'drops'}`);
      if (steps.length >= 2 && steps.slice(-2).every((s) => !s.sustained)) break;
    }
  } finally {
    await Promise.all(clients.map((c) => c.call('stopAll')));
    await app.close();
  }
  return steps;
}

const carried = (steps: readonly Step[]): number => Math.max(0, ...steps.filter((s) => s.sustained).map((s) => s.n));
const where = (processes: number): string => (processes === 0 ? 'the mock’s process' : `${processes} stream processes`);

export const streamProcesses: Benchmark = {
  name: 'stream-processes',
  title: 'Stream processes: standard streams one machine carries, games in the mock’s process or in stream processes',
  async run(ctx: BenchContext): Promise<BenchResult> {
    guardWrtcLocalDescription();
    const load0 = loadavg().map((x) => x.toFixed(2)).join(' ');
    const clientFile = fileURLToPath(new URL('./stream-processes-client.ts', import.meta.url));
    const clients = [forkWorker(clientFile), forkWorker(clientFile)];
    const cores = availableParallelism();
    const runs: Array<{ order: string; processes: number; steps: Step[] }> = [];
    try {
      for (const [i, modes] of [[0, cores], [cores, 0]].entries()) {
        for (const [j, processes] of modes.entries()) {
          runs.push({ order: `${i + 1} (${j === 0 ? 'first' : 'second'})`, processes, steps: await measure(processes, clients, ctx.log) });
        }
      }
    } finally {
      await Promise.all(clients.map((c) => c.stop()));
    }
    const load1 = loadavg().map((x) => x.toFixed(2)).join(' ');
    const rows = runs.map((r) => {
      const cells = Array.from({ length: MAX }, (_, i) => {
        const s = r.steps.find((x) => x.n === i + 1);
        return s ? `${s.min.toFixed(1)} / ${s.median.toFixed(1)}` : '—';
      });
      return `| ${r.order} | ${where(r.processes)} | ${cells.join(' | ')} | ${carried(r.steps)} |`;
    });
    const best = (processes: number): number => Math.max(0, ...runs.filter((r) => r.processes === processes).map((r) => carried(r.steps)));
    const markdown = [
      `The mock's main process (createApp, video on, in the bench's process) with its games in its own process`,
      `(\`--stream-processes 0\`, as before decision 0028) or in one stream process per core (what the CLI runs); receivers are`,
      `the app's mock SDK on @roamhq/wrtc, decoding every frame, in two worker processes on the same ${cores} cores. Each stream`,
      `is a member's game in a mock session of its own at standard (640×360, 60 fps). Cells are presented fps per stream,`,
      `min / median, over a 3 s window after 2 s of settling; a step is sustained when every stream gets ≥ ${SUSTAINED_FPS}. Both`,
      `orders run. Load average ${load0} before, ${load1} after.`,
      '',
      `| run | games run in | ${Array.from({ length: MAX }, (_, i) => `N=${i + 1}`).join(' | ')} | carried at ≥ ${SUSTAINED_FPS} fps |`,
      `|---|---|${'---|'.repeat(MAX + 1)}`,
      ...rows,
      '',
      `**Carried, best of the two orders: ${best(cores)} with stream processes, ${best(0)} in the mock's process.** End to end`,
      `on one machine the figure is the machine's, not the server's: the receivers' decoding takes about as much CPU as the`,
      `encoders, and libwebrtc already encodes on its own threads outside the mock's JavaScript thread, so moving the games`,
      `into processes does not by itself raise what this machine carries. What stream processes buy is isolation: a native`,
      `crash ends only its own streams (decision 0028). The server's side alone, pinned apart from the receivers, is the`,
      `stream section's part 2 (one core, one process).`,
    ].join('\n');
    return {
      markdown,
      overBudget: [],
      history: { header: ['in the mock’s process', 'in stream processes'], cells: [String(best(0)), String(best(cores))] },
    };
  },
};
