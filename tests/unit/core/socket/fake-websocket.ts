/** A scriptable WebSocket: the test plays the server by calling serverOpen/serverMessage/serverClose. */
export class FakeWebSocket {
  static instances: FakeWebSocket[] = [];
  static throwOnConstruct: Error | null = null;

  readyState = 0;
  sent: string[] = [];
  closedWith: { code: number | undefined; reason: string | undefined } | null = null;
  failSend: Error | null = null;
  onopen: ((ev: Event) => void) | null = null;
  onmessage: ((ev: MessageEvent) => void) | null = null;
  onerror: ((ev: Event) => void) | null = null;
  onclose: ((ev: CloseEvent) => void) | null = null;

  constructor(
    readonly url: string,
    readonly protocols?: string | string[],
  ) {
    if (FakeWebSocket.throwOnConstruct) throw FakeWebSocket.throwOnConstruct;
    FakeWebSocket.instances.push(this);
  }

  send(data: string): void {
    if (this.failSend) throw this.failSend;
    this.sent.push(data);
  }

  close(code?: number, reason?: string): void {
    this.closedWith = { code, reason };
    this.readyState = 2;
  }

  serverOpen(): void {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }

  serverMessage(data: string): void {
    this.onmessage?.(new MessageEvent('message', { data }));
  }

  serverError(): void {
    this.onerror?.(new Event('error'));
  }

  /** The close handshake finishing (after our close()) or the link dropping (without it). */
  serverClose(code = 1006, reason = ''): void {
    this.readyState = 3;
    this.onclose?.({ code, reason } as CloseEvent);
  }

  static reset(): void {
    FakeWebSocket.instances = [];
    FakeWebSocket.throwOnConstruct = null;
  }

  static last(): FakeWebSocket {
    const ws = FakeWebSocket.instances.at(-1);
    if (!ws) throw new Error('no socket created');
    return ws;
  }
}

export const FakeWebSocketImpl = FakeWebSocket as unknown as typeof WebSocket;
