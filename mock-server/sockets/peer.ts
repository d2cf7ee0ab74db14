/** A `ws` socket as a game-logic Peer: typed JSON sends only while open, a close reason cut to the protocol's 123 bytes. */
import type { WebSocket } from 'ws';
import type { Peer } from '../game/state.ts';

const MAX_REASON_BYTES = 123;

export function closeReason(reason: string): string {
  let r = reason;
  while (Buffer.byteLength(r, 'utf8') > MAX_REASON_BYTES) r = r.slice(0, -1);
  return r;
}

export function peerOf<M>(ws: WebSocket): Peer<M> {
  return {
    send(msg) {
      if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(msg));
    },
    close(code, reason) {
      if (ws.readyState === ws.OPEN || ws.readyState === ws.CONNECTING) ws.close(code, closeReason(reason));
    },
    terminate() {
      ws.terminate();
    },
  };
}
