/**
 * A socket replaying one recorded connection (sessions/replay.ts): each
 * recorded message at its `atMs` from this socket's opening on the session
 * clock (at once for 0), or in answer to the same incoming message
 * (`inReplyTo`), then the server's close at its time (1006: dropped
 * without a close frame). It answers nothing else: the recording is the server.
 */
import type { WebSocket } from 'ws';
import type { TimerId } from '../../web/core/clock.ts';
import { wireText, type RecordedClose, type RecordedPush } from '../scenarios/recorded.ts';
import type { RecordedConnection } from '../sessions/replay.ts';
import type { MockSession } from '../sessions/session.ts';
import type { SocketHandler } from './handler.ts';

function closeAsRecorded(ws: WebSocket, close: RecordedClose): void {
  if (ws.readyState !== ws.OPEN) return;
  if (close.code === 1006) ws.terminate();
  else if (close.code === 1005) ws.close();
  else {
    try {
      ws.close(close.code, close.reason);
    } catch {
      // A code no endpoint may send (1004, 1015, …) in a hand-edited file: dropped instead.
      ws.terminate();
    }
  }
}

export function replaySocket({ pushes, close }: RecordedConnection): SocketHandler {
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
      // After the messages due at the same time, as the server sent them.
      if (close?.atMs === 0) closeAsRecorded(ws, close);
      else if (close) timers.push(clock.setTimeout(() => closeAsRecorded(ws, close), close.atMs));
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
