/**
 * The mock's stream processes (docs/decisions/0028-stream-processes.md), as a StreamEngine for the main process: each
 * game, with its picture, sound and WebRTC peers, runs in one of `processes` child processes (the one with the fewest
 * games), while HTTP, the sockets and the control API stay here. A stream process that ends (a native crash, a kill)
 * ends only its own streams: each one's socket closes as a lost stream (1011, with why), which the app answers with
 * the SPEC §4 reconnect, and the reconnect makes the session a new game in a new process.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { noPathFigures } from '../net-path.ts';
import { type GameFigures, type GameHandle, type GameOptions, type PeerHandle, type PeerOptions, type StreamEngine } from '../engine.ts';
import { CONDITIONS_EVERY_MS, type FromStreamProcess, type ToStreamProcess } from './protocol.ts';

const CHILD = fileURLToPath(new URL('./child.ts', import.meta.url));
/** The child is TypeScript run by tsx's loader, whatever runs this process (tsx, or the e2e run's bundle). */
const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
/** A stream process that has not left this long after being asked is killed. */
const EXIT_WAIT_MS = 2_000;

export interface StreamPoolOptions {
  /** How many stream processes (at least 1). */
  processes: number;
  /** Start them now rather than with the first game (the CLI does, so a first game does not wait for one). */
  eager?: boolean;
  log(line: string): void;
  /** A stream process ended on its own. */
  warn(line: string): void;
}

export interface StreamPool extends StreamEngine {
  /** The process ids of the stream processes running now (QA and tests end one to see what a crash does). */
  pids(): number[];
}

interface RemoteGame {
  gid: number;
  o: GameOptions;
  slot: Slot;
  figures: GameFigures;
  sent: string;
  alive: boolean;
}

interface RemotePeer {
  pid: number;
  o: PeerOptions;
  slot: Slot;
}

interface Slot {
  proc: ChildProcess | null;
  ready: boolean;
  /** Sent once the process says it is ready: its listener is not there before. */
  queue: ToStreamProcess[];
  games: Map<number, RemoteGame>;
  peers: Map<number, RemotePeer>;
}

const idle = (o: GameOptions): GameFigures => ({ kind: o.kind, viewers: 0, ticks: 0, framesSent: 0, framesDropped: 0, inputs: 0, inputSeq: 0, frameCostMs: 0, soundChunks: 0, ...noPathFigures() });
const conditionsOf = (o: GameOptions) => ({ level: o.level(), network: o.network() });

export function createStreamPool(o: StreamPoolOptions): StreamPool {
  if (!Number.isInteger(o.processes) || o.processes < 1) throw new RangeError(`processes must be a whole number ≥ 1, got ${o.processes}`);
  const slots: Slot[] = Array.from({ length: o.processes }, () => ({ proc: null, ready: false, queue: [], games: new Map(), peers: new Map() }));
  let nextId = 1;
  let closing = false;
  let watch: ReturnType<typeof setInterval> | undefined;

  function post(slot: Slot, m: ToStreamProcess): void {
    if (!slot.proc) return;
    if (!slot.ready) slot.queue.push(m);
    else if (slot.proc.connected) slot.proc.send(m);
  }

  function start(slot: Slot): void {
    const proc = fork(CHILD, [], { execArgv: ['--import', TSX], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    slot.proc = proc;
    slot.ready = false;
    proc.on('message', (m: FromStreamProcess) => fromChild(slot, m));
    // Spawning can fail (no memory, a bad path): it is an exit as far as the streams are concerned.
    proc.on('error', (err) => o.warn(`mock: a stream process failed: ${err.message}`));
    proc.on('exit', (code, signal) => ended(slot, proc, signal ? `stream process ended by ${signal}` : `stream process exited with code ${code ?? '?'}`));
  }

  function ended(slot: Slot, proc: ChildProcess, why: string): void {
    if (slot.proc !== proc) return;
    slot.proc = null;
    slot.ready = false;
    slot.queue.length = 0;
    const games = [...slot.games.values()];
    const peers = [...slot.peers.values()];
    slot.games.clear();
    slot.peers.clear();
    if (closing) return;
    o.warn(`mock: ${why} (pid ${proc.pid ?? '?'}): ${peers.length} stream(s) of ${games.length} game(s) end and reconnect to a new one`);
    for (const g of games) {
      g.alive = false;
      g.o.ended(why);
    }
    for (const p of peers) p.o.lost(why);
  }

  function fromChild(slot: Slot, m: FromStreamProcess): void {
    if (m.t === 'ready') {
      slot.ready = true;
      for (const q of slot.queue.splice(0)) slot.proc?.send(q);
      return;
    }
    if (m.t === 'log') return o.log(m.line);
    if (m.t === 'figures') {
      const g = slot.games.get(m.gid);
      if (g) g.figures = m.figures;
      return;
    }
    const p = slot.peers.get(m.pid);
    if (!p) return;
    if (m.t === 'signal') p.o.signal(m.msg);
    else if (m.t === 'message') p.o.message(m.text);
    else if (m.t === 'input') p.o.inputApplied?.();
    else if (m.t === 'report') p.o.report(m.msg);
    else if (m.t === 'connected') p.o.connected();
    else p.o.lost(m.why);
  }

  /** The clarity and network conditions each game follows, sent when they change (display_grade, /__mock/network). */
  function followConditions(): void {
    watch ??= setInterval(() => {
      let any = false;
      for (const slot of slots) {
        for (const g of slot.games.values()) {
          any = true;
          const now = conditionsOf(g.o);
          const text = JSON.stringify(now);
          if (text === g.sent) continue;
          g.sent = text;
          post(slot, { t: 'conditions', gid: g.gid, ...now });
        }
      }
      if (!any) {
        clearInterval(watch);
        watch = undefined;
      }
    }, CONDITIONS_EVERY_MS);
    watch.unref();
  }

  const games = new WeakMap<GameHandle, RemoteGame>();
  if (o.eager) for (const slot of slots) start(slot);

  return {
    game(go) {
      if (closing) throw new Error('the stream processes are closing');
      const slot = slots.reduce((a, b) => (b.games.size < a.games.size ? b : a));
      if (!slot.proc) start(slot);
      const now = conditionsOf(go);
      const g: RemoteGame = { gid: nextId++, o: go, slot, figures: idle(go), sent: JSON.stringify(now), alive: true };
      slot.games.set(g.gid, g);
      post(slot, { t: 'game', gid: g.gid, kind: go.kind, title: go.title, seed: go.seed, language: go.language, ...now });
      followConditions();
      const handle: GameHandle = {
        input: (msg) => void (g.alive && post(slot, { t: 'input', gid: g.gid, msg })),
        figures: () => g.figures,
        dispose() {
          if (!g.alive) return;
          g.alive = false;
          slot.games.delete(g.gid);
          post(slot, { t: 'dispose', gid: g.gid });
        },
      };
      games.set(handle, g);
      return handle;
    },
    peer(game, po): PeerHandle {
      const g = games.get(game);
      if (!g) throw new Error('a peer of a game these stream processes did not make');
      const p: RemotePeer = { pid: nextId++, o: po, slot: g.slot };
      let open = true;
      if (!g.alive) {
        // Its process is gone already: the stream is lost as it would have been a moment later.
        queueMicrotask(() => po.lost('the game’s stream process has ended'));
      } else {
        g.slot.peers.set(p.pid, p);
        post(g.slot, { t: 'peer', pid: p.pid, gid: g.gid, ...(po.stallAt !== undefined ? { stallAt: po.stallAt } : {}) });
      }
      return {
        signal: (msg) => void (open && post(p.slot, { t: 'signal', pid: p.pid, msg })),
        close() {
          if (!open) return;
          open = false;
          if (p.slot.peers.delete(p.pid)) post(p.slot, { t: 'close', pid: p.pid });
        },
      };
    },
    pids: () => slots.flatMap((s) => (s.proc?.pid !== undefined && s.proc.exitCode === null && s.proc.signalCode === null ? [s.proc.pid] : [])),
    async close() {
      closing = true;
      clearInterval(watch);
      await Promise.all(
        slots.map(async (slot) => {
          const proc = slot.proc;
          if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
          const gone = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
          // Its own exit on disconnect (child.ts); a process that does not leave in time is killed.
          if (proc.connected) proc.disconnect();
          const kill = setTimeout(() => proc.kill('SIGKILL'), EXIT_WAIT_MS);
          await gone;
          clearTimeout(kill);
        }),
      );
    },
  };
}
