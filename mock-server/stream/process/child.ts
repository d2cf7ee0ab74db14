/**
 * A stream process (docs/decisions/0028-stream-processes.md): the games the main process gives it, their pictures,
 * sound and WebRTC peers, on the local engine and real time. Everything a peer or a game produces goes back to the
 * main process, which owns the sockets and the session. A crash here (native code) ends only this process: the main
 * process ends its streams through the SPEC §4 reconnect path.
 *
 * It leaves through `process.exit` when the main process goes (libwebrtc's threads keep the loop alive, and a
 * natural exit after a track was stopped crashes in its teardown: native.ts).
 */
import type { StreamInputMessage } from '../../../web/api/contract.ts';
import { systemClock } from '../../../web/core/clock.ts';
import { isObj } from '../../validate.ts';
import { parseInput } from '../input.ts';
import { createLocalEngine, type GameHandle, type PeerHandle } from '../engine.ts';
import { FIGURES_EVERY_MS, type Conditions, type FromStreamProcess, type ToStreamProcess } from './protocol.ts';

const send = (m: FromStreamProcess): void => {
  if (process.connected) process.send?.(m);
};
const log = (line: string): void => send({ t: 'log', line });

const engine = createLocalEngine(systemClock);

/** A well-formed input message from the data channel, or null: anything else goes to the main process to answer. */
function channelInput(text: string): StreamInputMessage | null {
  let msg: unknown;
  try {
    msg = JSON.parse(text) as unknown;
  } catch {
    return null;
  }
  if (!isObj(msg) || msg['type'] !== 'input') return null;
  const got = parseInput(msg);
  return 'input' in got ? got.input : null;
}
const games = new Map<number, { handle: GameHandle; now: Conditions }>();
const peers = new Map<number, PeerHandle>();

function handle(m: ToStreamProcess): void {
  switch (m.t) {
    case 'game': {
      const now: Conditions = { level: m.level, network: m.network };
      const game = engine.game({
        kind: m.kind,
        title: m.title,
        seed: m.seed,
        language: m.language,
        level: () => now.level,
        network: () => now.network,
        // Only the main process's end of a game is known here: this one is this process's own.
        ended: () => undefined,
        log,
      });
      games.set(m.gid, { handle: game, now });
      return;
    }
    case 'conditions': {
      const g = games.get(m.gid);
      // In place: the game reads this very object.
      if (g) Object.assign(g.now, { level: m.level, network: m.network });
      return;
    }
    case 'input':
      games.get(m.gid)?.handle.input(m.msg);
      return;
    case 'dispose':
      games.get(m.gid)?.handle.dispose();
      games.delete(m.gid);
      return;
    case 'peer': {
      const g = games.get(m.gid);
      const pid = m.pid;
      if (!g) {
        send({ t: 'lost', pid, why: 'the game has ended' });
        return;
      }
      const peer = engine.peer(g.handle, {
        signal: (msg) => send({ t: 'signal', pid, msg }),
        // Input goes to the game here and now; the main process hears that it came (idleness), not what it was.
        message: (text) => {
          const input = channelInput(text);
          if (!input) return send({ t: 'message', pid, text });
          g.handle.input(input);
          send({ t: 'input', pid });
        },
        report: (msg) => send({ t: 'report', pid, msg }),
        connected: () => send({ t: 'connected', pid }),
        lost: (why) => send({ t: 'lost', pid, why }),
        ...(m.stallAt !== undefined ? { stallAt: m.stallAt } : {}),
        log,
      });
      peers.set(pid, peer);
      return;
    }
    case 'signal':
      peers.get(m.pid)?.signal(m.msg);
      return;
    case 'close':
      peers.get(m.pid)?.close();
      peers.delete(m.pid);
      return;
  }
}

process.on('message', (m: ToStreamProcess) => handle(m));
process.on('disconnect', () => process.exit(0));
// A send racing the main process's end (EPIPE): the disconnect that follows ends this process.
process.on('error', () => undefined);
// The main process may have gone while this one was loading (a mock that could not listen exits at once): its
// disconnect was before anyone listened.
if (!process.connected) process.exit(0);
setInterval(() => {
  for (const [gid, g] of games) send({ t: 'figures', gid, figures: g.handle.figures() });
}, FIGURES_EVERY_MS).unref();
send({ t: 'ready' });
