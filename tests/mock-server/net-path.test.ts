/**
 * The network path between a player and a WebRTC peer (mock-server/stream/net-path.ts, decision 0030), on real UDP
 * sockets on 127.0.0.1: the client is told the path's candidates instead of the peer's, packets go both ways through
 * it, `lossPercent` loses them and `bandwidthKbps` makes the way to the client a slow link (POST /__mock/network).
 */
import { createSocket, type Socket } from 'node:dgram';
import { afterEach, describe, expect, it } from 'vitest';
import { createNetPath, LINK_BUFFER_MS, nodeUdp, type NetPath } from '../../mock-server/stream/net-path.ts';
import { createManualClock } from '../../web/core/clock.ts';
import { until } from '../wait.ts';

interface End {
  socket: Socket;
  port: number;
  got: Array<{ text: string; from: string }>;
}

const opened: Array<Socket | NetPath> = [];
afterEach(() => {
  for (const s of opened.splice(0)) s.close();
});

async function end(): Promise<End> {
  const socket = createSocket('udp4');
  opened.push(socket);
  const got: End['got'] = [];
  socket.on('message', (data, from) => got.push({ text: data.toString(), from: `${from.address}:${from.port}` }));
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  return { socket, port: socket.address().port, got };
}

const line = (port: number, transport = 'udp', address = '127.0.0.1'): string =>
  `candidate:1 1 ${transport} 2122260223 ${address} ${port} typ host generation 0 ufrag abcd network-id 1`;

function path(loss: { percent: number }, random?: () => number, more: Partial<Parameters<typeof createNetPath>[0]> = {}): NetPath {
  const p = createNetPath({ lossPercent: () => loss.percent, ...(random ? { random } : {}), ...more });
  opened.push(p);
  return p;
}

/** The port the client is told for the peer's candidate. */
async function frontPort(p: NetPath, peer: End): Promise<number> {
  const told = await p.candidate({ candidate: line(peer.port), sdpMid: '0', sdpMLineIndex: 0 });
  const port = Number(told?.candidate.split(' ')[5]);
  expect(port).toBeGreaterThan(0);
  expect(port).not.toBe(peer.port);
  return port;
}

const send = (from: End, port: number, text: string): void => from.socket.send(text, port, '127.0.0.1');

describe('the network path (decision 0030)', () => {
  it('tells the client a front for each UDP IPv4 candidate of the peer, and nothing for TCP or IPv6 ones', async () => {
    const peer = await end();
    const p = path({ percent: 0 });
    const udp = await p.candidate({ candidate: line(peer.port), sdpMid: '0', sdpMLineIndex: 0 });
    expect(udp).toMatchObject({ sdpMid: '0', sdpMLineIndex: 0 });
    const port = Number(udp?.candidate.split(' ')[5]);
    expect(udp?.candidate).toBe(line(port));
    // The same candidate again: the same front.
    expect((await p.candidate({ candidate: line(peer.port) }))?.candidate).toBe(line(port));
    expect(await p.candidate({ candidate: line(9, 'tcp') })).toBeNull();
    expect(await p.candidate({ candidate: line(peer.port, 'udp', 'fe80::1') })).toBeNull();
    expect(await p.candidate({ candidate: 'not a candidate' })).toBeNull();
    // In an SDP (a renegotiation's offer carries the candidates): known ones through the front, the rest left out.
    const sdp = ['v=0', 'm=video 9 UDP/TLS/RTP/SAVPF 96', `a=${line(peer.port)}`, `a=${line(4444, 'tcp')}`, 'a=end-of-candidates', ''].join('\r\n');
    expect(p.sdp(sdp)).toBe(['v=0', 'm=video 9 UDP/TLS/RTP/SAVPF 96', `a=${line(port)}`, 'a=end-of-candidates', ''].join('\r\n'));
  });

  it('carries packets both ways; the peer sees the path, never the client’s own address', async () => {
    const [peer, client] = [await end(), await end()];
    const p = path({ percent: 0 });
    const front = await frontPort(p, peer);
    send(client, front, 'up');
    await until(() => peer.got.length === 1, 'the packet at the peer');
    const back = peer.got[0]?.from ?? '';
    expect(back).not.toBe(`127.0.0.1:${client.port}`);
    const [address, port] = back.split(':');
    peer.socket.send('down', Number(port), address);
    await until(() => client.got.length === 1, 'the answer at the client');
    expect(client.got[0]).toEqual({ text: 'down', from: `127.0.0.1:${front}` });
    expect(p.figures()).toEqual({ packetsUp: 1, lostUp: 0, packetsDown: 1, lostDown: 0 });
  });

  it('lossPercent loses that share of the packets each way, counted in the figures', async () => {
    const [peer, client] = [await end(), await end()];
    const loss = { percent: 50 };
    // Every other roll is under 50: one packet in two is lost, whichever way it goes.
    let roll = 0;
    const p = path(loss, () => (roll++ % 2 === 0 ? 0.1 : 0.9));
    const front = await frontPort(p, peer);
    for (let i = 0; i < 10; i++) send(client, front, `up ${i}`);
    await until(() => p.figures().packetsUp === 10, 'ten packets through the path');
    await until(() => peer.got.length === 5, 'five at the peer');
    const [address, port] = (peer.got[0]?.from ?? '').split(':');
    for (let i = 0; i < 10; i++) peer.socket.send(`down ${i}`, Number(port), address);
    await until(() => p.figures().packetsDown === 10, 'ten packets back through the path');
    await until(() => client.got.length === 5, 'five at the client');

    // All lost, then none: the packet sent after the loss ends is the only one that arrives.
    loss.percent = 100;
    for (let i = 0; i < 5; i++) send(client, front, 'lost');
    await until(() => p.figures().lostUp === 10, 'five more lost');
    loss.percent = 0;
    send(client, front, 'after');
    await until(() => peer.got.length === 6, 'the packet after the loss');
    expect(peer.got.map((g) => g.text)).toEqual(['up 1', 'up 3', 'up 5', 'up 7', 'up 9', 'after']);
    expect(p.figures()).toEqual({ packetsUp: 16, lostUp: 10, packetsDown: 10, lostDown: 5 });
  });

  it('packets from anyone but the peer do not go down to the client; a closed path carries nothing', async () => {
    const [peer, client, stranger] = [await end(), await end(), await end()];
    // The path's own sockets, counted as they open and close.
    let open = 0;
    const counted = () => {
      const u = nodeUdp();
      open++;
      return { ...u, close: () => (open--, u.close()) };
    };
    const p = path({ percent: 0 }, undefined, { udp: counted });
    const front = await frontPort(p, peer);
    send(client, front, 'hello');
    await until(() => peer.got.length === 1, 'the packet at the peer');
    const [address, port] = (peer.got[0]?.from ?? '').split(':');
    stranger.socket.send('spoof', Number(port), address);
    peer.socket.send('real', Number(port), address);
    await until(() => client.got.length === 1, 'the peer’s packet at the client');
    expect(client.got.map((g) => g.text)).toEqual(['real']);
    expect(p.figures().packetsDown).toBe(1);

    // One front and the client's back socket, closed with the path.
    expect(open).toBe(2);
    p.close();
    expect(open).toBe(0);
    expect(await p.candidate({ candidate: line(peer.port) })).toBeNull();
    send(client, front, 'after close');
    peer.socket.send('after close', Number(port), address);
    // A marker on a socket of the test's own shows the two sends had time to arrive, had anything carried them.
    send(client, stranger.port, 'marker');
    await until(() => stranger.got.length === 1, 'the marker');
    expect(p.figures()).toEqual({ packetsUp: 1, lostUp: 0, packetsDown: 1, lostDown: 0 });
  });

  it('bandwidthKbps: packets towards the client leave one after another at the link’s rate; past its buffer they are lost', async () => {
    const [peer, client] = [await end(), await end()];
    const clock = createManualClock(1_000);
    const link = { kbps: 80 }; // 10 bytes a millisecond: a 100-byte packet takes 10 ms.
    const p = path({ percent: 0 }, undefined, { bandwidthKbps: () => link.kbps, clock });
    const front = await frontPort(p, peer);
    send(client, front, 'hello');
    await until(() => peer.got.length === 1, 'the packet at the peer');
    const [address, port] = (peer.got[0]?.from ?? '').split(':');
    // 25 packets of 100 bytes at once: the buffer holds LINK_BUFFER_MS (200 ms) of them, 20; 5 are lost.
    for (let i = 0; i < 25; i++) peer.socket.send(`${String(i).padStart(2, '0')}`.padEnd(100, '.'), Number(port), address);
    await until(() => p.figures().packetsDown === 25, 'the 25 packets into the path');
    expect(p.figures().lostDown).toBe(25 - LINK_BUFFER_MS / 10);
    expect(client.got).toHaveLength(0);
    clock.advance(100);
    await until(() => client.got.length === 10, 'ten through after 100 ms');
    clock.advance(100);
    await until(() => client.got.length === 20, 'twenty through after 200 ms');
    expect(client.got.map((g) => g.text.slice(0, 2))).toEqual(Array.from({ length: 20 }, (_, i) => String(i).padStart(2, '0')));
    // The limit lifted: packets go at once again, behind nothing.
    link.kbps = 0;
    peer.socket.send('free', Number(port), address);
    await until(() => client.got.length === 21, 'a packet on the unlimited link');
    expect(client.got[20]?.text).toBe('free');
    expect(clock.pending()).toBe(0);
  });
});
