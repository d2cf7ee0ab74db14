/**
 * What the control API and the console's feed (console/feed.ts) say about a
 * session: its summary, its clock, its streams' network conditions and figures.
 */
import type { NetworkSummary, SessionSummary } from '../client/types.ts';
import { gameStateOf } from '../game/state.ts';
import type { MockSession } from '../sessions/session.ts';
import { networkOf } from '../stream/network.ts';

export function clockState(s: MockSession): { virtual: boolean; now: number; pending: number } {
  return { virtual: s.clock.virtual, now: s.clock.now(), pending: s.clock.pending() };
}

export function sessionSummary(s: MockSession): SessionSummary {
  return {
    session: s.name,
    scenario: s.scenario,
    clock: clockState(s),
    script: s.script,
    faults: s.faults.list(),
    sockets: s.sockets.counts(),
    journal: { size: s.journal.size, bytes: s.journal.bytes, maxBytes: s.journal.maxBytes, dropped: s.journal.dropped },
    users: s.store.users.length,
  };
}

/** The conditions in force and what each game session's stream is doing (frames, drops, input, cost). */
export function networkSummary(session: MockSession): NetworkSummary {
  const state = gameStateOf({ session });
  const streams = [...state.sessions.values()]
    .filter((s) => s.game !== undefined)
    .map((s) => ({ sc_id: s.scId, status: s.status, level_config: s.level, ...s.game?.figures() }));
  return { session: session.name, network: networkOf(state), streams };
}
