/** Duration sockets the test plays the server of. */
import type { DurationSocket, OpenSocket } from '../../../web/game/duration.ts';

export interface FakeDurationSocket extends DurationSocket {
  url: string;
  connected: boolean;
  closed: boolean;
  heartbeat: () => string;
  server(msg: object): void;
  giveup(): void;
  serverClose(code: number): void;
}

export function fakeSockets(): { open: OpenSocket; sockets: FakeDurationSocket[] } {
  const sockets: FakeDurationSocket[] = [];
  const open: OpenSocket = (url, opts) => {
    const handlers = new Map<string, Set<(p?: unknown) => void>>();
    const s: FakeDurationSocket = {
      url,
      connected: false,
      closed: false,
      heartbeat: opts.heartbeat,
      connect() {
        s.connected = true;
      },
      close() {
        s.closed = true;
      },
      on(event: string, fn: (p: never) => void) {
        let set = handlers.get(event);
        if (!set) handlers.set(event, (set = new Set()));
        set.add(fn as (p?: unknown) => void);
        return () => set.delete(fn as (p?: unknown) => void);
      },
      server(msg) {
        for (const fn of handlers.get('message') ?? []) fn(JSON.stringify(msg));
      },
      giveup() {
        for (const fn of handlers.get('giveup') ?? []) fn({ reconnects: 10 });
      },
      serverClose(code) {
        for (const fn of handlers.get('close') ?? []) fn({ code, reason: '' });
      },
    } as FakeDurationSocket;
    sockets.push(s);
    return s;
  };
  return { open, sockets };
}
