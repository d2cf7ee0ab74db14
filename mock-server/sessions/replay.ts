/**
 * Replaying a recorded scenario (scenarios/recorded.ts) in a session: from
 * when it is applied, each API call takes the next recorded answer for its
 * method and path (no query, token values redacted), in order of
 * occurrence; each socket that opens takes the next recorded connection of
 * its kind and gets that connection's messages, timed from its own opening
 * (so an app that opens it a little later than in the recording still sees
 * the same gaps) or in answer to the same incoming message, and is closed
 * when the server closed it.
 *
 * What the recording lacks falls through to the live mock: a call with no
 * answer left, a socket past the recorded connections. The journal marks
 * each replayed entry `replay: "recorded"` and each fall-through
 * `replay: "not-recorded"`. A reset or another scenario ends the replay.
 */
import type { Recorded, RecordedAnswer, RecordedClose, RecordedPush } from '../scenarios/recorded.ts';
import { redactPath } from './redact.ts';
import type { Slot } from './slot.ts';

/** A call or socket the replay has nothing for: the live mock answers it. */
export const NOT_RECORDED = 'not-recorded';

/** One recorded connection: its messages, and the server's close if it made one. */
export interface RecordedConnection {
  pushes: RecordedPush[];
  close?: RecordedClose;
}

const key = (method: string, path: string): string => `${method.toUpperCase()} ${path}`;

export class Replay {
  private active = false;
  private answers = new Map<string, RecordedAnswer[]>();
  private connections = new Map<string, RecordedConnection>();
  private opened = new Map<string, number>();
  private missed = 0;

  load(r: Recorded): void {
    this.active = true;
    this.answers.clear();
    for (const a of r.answers) {
      const k = key(a.method, a.path);
      const queue = this.answers.get(k) ?? [];
      queue.push(a);
      this.answers.set(k, queue);
    }
    this.connections = new Map(r.sockets.map((s) => [`${s.socket} ${s.connection}`, { pushes: [], ...(s.close ? { close: s.close } : {}) }]));
    for (const p of r.pushes) this.connections.get(`${p.socket} ${p.connection}`)?.pushes.push(p);
    this.opened.clear();
    this.missed = 0;
  }

  /** The next recorded answer for this call; NOT_RECORDED when none is left; undefined when not replaying. */
  take(method: string, pathname: string): RecordedAnswer | typeof NOT_RECORDED | undefined {
    if (!this.active) return undefined;
    const found = this.answers.get(key(method, redactPath(pathname).slice(0, 512)))?.shift();
    if (!found) this.missed++;
    return found ?? NOT_RECORDED;
  }

  /** The next recorded connection of `kind`; NOT_RECORDED past them; undefined when not replaying. */
  connect(kind: string): RecordedConnection | typeof NOT_RECORDED | undefined {
    if (!this.active) return undefined;
    const n = (this.opened.get(kind) ?? 0) + 1;
    this.opened.set(kind, n);
    const found = this.connections.get(`${kind} ${n}`);
    if (!found) this.missed++;
    return found ?? NOT_RECORDED;
  }

  /** For the control API: whether replaying, the answers not yet given, the calls and sockets that fell through. */
  status(): { replaying: boolean; answersLeft?: number; notRecorded?: number } {
    if (!this.active) return { replaying: false };
    let left = 0;
    for (const q of this.answers.values()) left += q.length;
    return { replaying: true, answersLeft: left, notRecorded: this.missed };
  }
}

export const replaySlot: Slot<Replay, unknown> = { name: 'replay', create: () => new Replay() };
