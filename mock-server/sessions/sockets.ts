/**
 * A mock session's open websockets by kind (the socket path below the socket
 * base, e.g. "duration"), and which session a socket belongs to.
 */
import type { WebSocket } from 'ws';

export class SocketRegistry {
  private readonly byKind = new Map<string, Set<WebSocket>>();

  /** Track `ws` until it closes. */
  add(kind: string, ws: WebSocket): void {
    let set = this.byKind.get(kind);
    if (!set) {
      set = new Set();
      this.byKind.set(kind, set);
    }
    set.add(ws);
    ws.once('close', () => set.delete(ws));
  }

  /** Open sockets of one kind. */
  of(kind: string): WebSocket[] {
    return [...(this.byKind.get(kind) ?? [])].filter((ws) => ws.readyState === ws.OPEN);
  }

  count(kind?: string): number {
    if (kind !== undefined) return this.of(kind).length;
    let n = 0;
    for (const k of this.byKind.keys()) n += this.of(k).length;
    return n;
  }

  counts(): Record<string, number> {
    const out: Record<string, number> = {};
    for (const k of this.byKind.keys()) out[k] = this.of(k).length;
    return out;
  }

  /** Send `message` (JSON-encoded) to every open socket of `kind`; answers how many it went to. */
  push(kind: string, message: unknown): number {
    const text = JSON.stringify(message);
    const open = this.of(kind);
    for (const ws of open) ws.send(text);
    return open.length;
  }

  closeAll(code: number, reason: string): void {
    for (const set of this.byKind.values()) {
      for (const ws of set) {
        if (ws.readyState === ws.OPEN || ws.readyState === ws.CONNECTING) ws.close(code, reason);
        else ws.terminate();
      }
      set.clear();
    }
  }
}

