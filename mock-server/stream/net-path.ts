/**
 * The network between a player and the cloud, for one WebRTC peer (docs/decisions/0030-network-path.md): a UDP relay
 * the client reaches instead of the peer's own candidates, so scripted packet loss (`lossPercent`) falls on real
 * packets (RTP, RTCP, the input's SCTP, STUN) and libwebrtc answers it as it answers a real network: NACKs and
 * retransmits, a keyframe when a frame cannot be mended, a lower target bitrate from its congestion control.
 *
 * `bandwidthKbps` makes the path towards the client a link of that capacity: a packet leaves once those before it
 * have, and one that would wait longer than `LINK_BUFFER_MS` is lost, as a full router buffer loses it. The stream's
 * congestion control sees the queue grow (delay) and then the loss, and sends less.
 *
 * Each of the peer's UDP IPv4 candidates gets a front socket on the same address, and the client is told that one
 * instead. Each client address heard on a front gets a back socket of its own, which is what the peer sees (a
 * peer-reflexive candidate): the client's own candidates never reach the peer, so nothing goes round the relay.
 */
import { createSocket } from 'node:dgram';
import type { RtcCandidateInit } from '../../web/api/contract.ts';
import { systemClock, type Clock, type TimerId } from '../../web/core/clock.ts';

/** The part of a UDP socket the path uses; tests pass an in-memory one. */
export interface UdpSocket {
  /** Binds to `address` on a free port and resolves that port. Sends made before it resolves wait for it. */
  bind(address: string): Promise<number>;
  send(data: Uint8Array, port: number, address: string): void;
  onMessage(cb: (data: Uint8Array, from: { address: string; port: number }) => void): void;
  close(): void;
}

export interface NetPathOptions {
  /** Share of packets lost in each direction now, percent. */
  lossPercent(): number;
  /** The capacity of the link towards the client now, kbit/s; 0 is no limit. */
  bandwidthKbps?(): number;
  /** Times the link's queue (real time in the server; a test passes a manual clock). */
  clock?: Clock;
  random?: () => number;
  udp?: () => UdpSocket;
  /** Counted into: one set for all the paths of a game (every peer it had), which its figures show. */
  figures?: NetPathFigures;
  log?(line: string): void;
}

export interface NetPathFigures {
  /** Packets from the client to the peer that entered the path, and those of them it lost. */
  packetsUp: number;
  lostUp: number;
  /** Packets from the peer to the client, and those lost (by `lossPercent`, or to a full link). */
  packetsDown: number;
  lostDown: number;
}

export const noPathFigures = (): NetPathFigures => ({ packetsUp: 0, lostUp: 0, packetsDown: 0, lostDown: 0 });

export interface NetPath {
  /** What the client is told for one of the peer's candidates: the front socket's, or null when the client must not use it. */
  candidate(c: RtcCandidateInit): Promise<RtcCandidateInit | null>;
  /** The peer's SDP as the client may see it: every candidate line through a front socket, the others left out. */
  sdp(sdp: string): string;
  /** What this path counted (into `figures` when one was given). */
  figures(): NetPathFigures;
  close(): void;
}

/** How long a packet may wait for a slow link before it is lost: a home router's buffer, about. */
export const LINK_BUFFER_MS = 200;
/** Enough for every interface of a machine; a candidate past it is not offered. */
const MAX_FRONTS = 8;
/** A client checks from each of its candidates: more addresses than this on one front are not relayed. */
const MAX_CLIENTS_PER_FRONT = 8;

interface Parsed {
  transport: string;
  address: string;
  port: number;
}

/** The transport, address and port of an `a=candidate`/`candidate:` line (RFC 8839 §5.1), or null. */
function parse(line: string): Parsed | null {
  const f = line.replace(/^a=/, '').split(' ');
  if (f.length < 8 || !f[0]?.startsWith('candidate:') || f[6] !== 'typ') return null;
  const port = Number(f[5]);
  if (!Number.isInteger(port) || port <= 0 || port > 65_535) return null;
  return { transport: (f[2] ?? '').toLowerCase(), address: f[4] ?? '', port };
}

const isIpv4 = (a: string): boolean => /^\d{1,3}(\.\d{1,3}){3}$/.test(a);
const keyOf = (address: string, port: number): string => `${address}:${port}`;

/** The same candidate line with the front's port in place of the peer's own. */
function through(line: string, port: number): string {
  const f = line.split(' ');
  f[5] = String(port);
  return f.join(' ');
}

let openSockets = 0;
/** The paths' UDP sockets open now, in this process: a test checks none is left behind. */
export const openPathSockets = (): number => openSockets;

export function nodeUdp(): UdpSocket {
  const socket = createSocket({ type: 'udp4' });
  openSockets++;
  // A send to a client that left answers ICMP unreachable as an error on the socket: nothing to do about it.
  socket.on('error', () => undefined);
  let closed = false;
  return {
    bind: (address) =>
      new Promise((resolve, reject) => {
        socket.once('error', reject);
        socket.bind({ address, port: 0 }, () => {
          socket.off('error', reject);
          resolve(socket.address().port);
        });
      }),
    send(data, port, address) {
      if (!closed) socket.send(data, port, address);
    },
    onMessage(cb) {
      socket.on('message', (data, from) => cb(data, from));
    },
    close() {
      if (closed) return;
      closed = true;
      openSockets--;
      socket.close();
    },
  };
}

interface Front {
  socket: UdpSocket;
  /** The peer's own candidate this front stands for. */
  peer: { address: string; port: number };
  port: Promise<number>;
  bound: number | null;
  clients: Map<string, UdpSocket>;
}

export function createNetPath(o: NetPathOptions): NetPath {
  const udp = o.udp ?? nodeUdp;
  const random = o.random ?? Math.random;
  const clock = o.clock ?? systemClock;
  const fronts = new Map<string, Front>();
  const figures = o.figures ?? noPathFigures();
  let closed = false;

  const lost = (): boolean => {
    const p = o.lossPercent();
    return p > 0 && random() * 100 < p;
  };

  // ---- the link towards the client: a FIFO drained at bandwidthKbps
  const queue: Array<{ at: number; send: () => void }> = [];
  /** When the link has sent everything queued. */
  let busyUntil = 0;
  let drainTimer: TimerId | undefined;

  function schedule(): void {
    const head = queue[0];
    if (drainTimer !== undefined || !head || closed) return;
    drainTimer = clock.setTimeout(drain, Math.max(0, head.at - clock.now()));
  }

  function drain(): void {
    drainTimer = undefined;
    const now = clock.now();
    while (queue.length > 0 && (queue[0] as { at: number }).at <= now) (queue.shift() as { send: () => void }).send();
    schedule();
  }

  /** Sends down the link, or loses the packet (false) when the link's buffer is full. */
  function downlink(bytes: number, send: () => void): boolean {
    const kbps = o.bandwidthKbps?.() ?? 0;
    const now = clock.now();
    if (kbps <= 0) {
      // No limit, or one just lifted: nothing overtakes what still waits.
      if (queue.length === 0) send();
      else queue.push({ at: now, send });
      return true;
    }
    // kbit/s is bits per ms.
    const at = Math.max(now, busyUntil) + (bytes * 8) / kbps;
    if (at - now > LINK_BUFFER_MS) return false;
    busyUntil = at;
    queue.push({ at, send });
    schedule();
    return true;
  }

  /** The back socket for one client address on a front: what the peer sees that client as. */
  function backFor(front: Front, client: { address: string; port: number }): UdpSocket | null {
    const key = keyOf(client.address, client.port);
    const known = front.clients.get(key);
    if (known) return known;
    if (front.clients.size >= MAX_CLIENTS_PER_FRONT) return null;
    const back = udp();
    front.clients.set(key, back);
    back.bind(front.peer.address).catch((err: unknown) => o.log?.(`stream: network path: ${String(err)}`));
    back.onMessage((data, from) => {
      // Only the peer's own packets go down: anything else on this port is no part of the stream.
      if (closed || from.port !== front.peer.port || from.address !== front.peer.address) return;
      figures.packetsDown++;
      if (lost() || !downlink(data.byteLength, () => front.socket.send(data, client.port, client.address))) figures.lostDown++;
    });
    return back;
  }

  function frontFor(peer: Parsed): Front | null {
    const key = keyOf(peer.address, peer.port);
    const known = fronts.get(key);
    if (known) return known;
    if (fronts.size >= MAX_FRONTS) return null;
    const socket = udp();
    const front: Front = { socket, peer: { address: peer.address, port: peer.port }, port: socket.bind(peer.address), bound: null, clients: new Map() };
    fronts.set(key, front);
    front.port.then(
      (port) => (front.bound = port),
      (err: unknown) => o.log?.(`stream: network path: ${String(err)}`),
    );
    socket.onMessage((data, from) => {
      if (closed) return;
      const back = backFor(front, from);
      if (!back) return;
      figures.packetsUp++;
      if (lost()) figures.lostUp++;
      else back.send(data, front.peer.port, front.peer.address);
    });
    return front;
  }

  return {
    async candidate(c) {
      const peer = parse(c.candidate);
      // TCP and IPv6 candidates would reach the peer round the relay: the client is not told them.
      if (closed || !peer || peer.transport !== 'udp' || !isIpv4(peer.address)) return null;
      const front = frontFor(peer);
      if (!front) return null;
      try {
        const port = await front.port;
        return closed ? null : { ...c, candidate: through(c.candidate, port) };
      } catch {
        return null;
      }
    },
    sdp(sdp) {
      const eol = sdp.includes('\r\n') ? '\r\n' : '\n';
      const out: string[] = [];
      for (const line of sdp.split(/\r?\n/)) {
        if (!line.startsWith('a=candidate:')) {
          out.push(line);
          continue;
        }
        const peer = parse(line);
        const front = peer && fronts.get(keyOf(peer.address, peer.port));
        if (front?.bound) out.push(through(line, front.bound));
      }
      return out.join(eol);
    },
    figures: () => ({ ...figures }),
    close() {
      if (closed) return;
      closed = true;
      clock.clearTimeout(drainTimer);
      queue.length = 0;
      for (const front of fronts.values()) {
        front.socket.close();
        for (const back of front.clients.values()) back.close();
      }
      fronts.clear();
    },
  };
}
