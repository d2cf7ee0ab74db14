/**
 * A socket replaying one recorded connection (sessions/replay.ts): each
 * recorded message at its `atMs` from this socket's opening on the session
 * clock (at once for 0), or in answer to the same incoming message
 * (`inReplyTo`). It answers nothing else: the recording is the server.
 */
import type { WebSocket } from 'ws';
import type { TimerId } from '../../web/core/clock.ts';
import { wireText, type RecordedPush } from '../scenarios/recorded.ts';
import type { MockSession } from '../sessions/session.ts';
import type { SocketHandler } from './hub.ts';

export function replaySocket(pushes: readonly RecordedPush[]): SocketHandler {
  return {
    handle(ws: WebSocket, _req, session: MockSession): void {
      const clock = session.clock;
      const send = (p: RecordedPush): void => {
        if (ws.readyState === ws.OPEN) ws.send(wireText(p.message).text);
      };
      const replies = new Map<number, RecordedPush[]>();
      const timers: TimerId[] = [];
      for (const p of pushes) {
        if (p.inReplyTo !== undefined) replies.set(p.inReplyTo, [...(replies.get(p.inReplyTo) ?? []), p]);
        else if (p.atMs === 0) send(p);
        else timers.push(clock.setTimeout(() => send(p), p.atMs));
      }
      let received = 0;
      ws.on('message', () => {
        received++;
        for (const p of replies.get(received) ?? []) send(p);
      });
      const done = (): void => timers.forEach((t) => clock.clearTimeout(t));
      ws.on('close', done);
      ws.on('error', done);
    },
  };
}
