/**
 * Per-session state a module keeps (session.ts): made on first use, disposed
 * when the session is reset or dropped. Generic in what it is made from and
 * in a module of its own, so a slot that needs nothing of its session
 * (replay.ts) does not import the session that imports it.
 */
export interface Slot<T, From> {
  readonly name: string;
  create(from: From): T;
  dispose?(value: T): void;
}
