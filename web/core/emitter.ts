/**
 * The one listener registry of the runtime: the socket, the bridge, the
 * network status, the game session and the SDKs all keep their listeners
 * here, so "a broken listener must not starve the others" is written once.
 *
 * `on` returns its own unsubscribe; `emit` calls a snapshot of the listeners
 * in the order they came, so a listener that unsubscribes (or subscribes
 * another) mid-emit changes the next emit, not this one. A listener that
 * throws is handed to `log` and the rest still hear the event.
 */

export type Unsubscribe = () => void;

/**
 * Where a throwing listener is reported. `message` says which event; `error`
 * is what was thrown. The default rethrows it on a microtask: the emitter's
 * owner is never left half-updated, and the error still reaches the page's
 * error handlers (and the console) as an uncaught one.
 */
export type ListenerFailureLog = (message: string, error: unknown) => void;

/** The payload argument of `emit`: optional for events that carry none (`void` or `undefined`). */
export type PayloadArg<P> = undefined extends P ? [payload?: P] : [payload: P];

export interface Emitter<Events> {
  on<K extends keyof Events>(event: K, fn: (payload: Events[K]) => void): Unsubscribe;
  emit<K extends keyof Events>(event: K, ...payload: PayloadArg<Events[K]>): void;
  /** Forgets the listeners of one event, or of every event. */
  clear(event?: keyof Events): void;
}

export const rethrowLater: ListenerFailureLog = (_message, error) => {
  queueMicrotask(() => {
    throw error;
  });
};

const errorText = (e: unknown): string => (e instanceof Error ? e.message : String(e));

export function createEmitter<Events>(log: ListenerFailureLog = rethrowLater): Emitter<Events> {
  const listeners = new Map<keyof Events, Set<(payload: never) => void>>();
  return {
    on(event, fn) {
      let set = listeners.get(event);
      if (!set) listeners.set(event, (set = new Set()));
      const entry = fn as (payload: never) => void;
      set.add(entry);
      return () => {
        set.delete(entry);
      };
    },
    emit(event, ...[payload]) {
      const set = listeners.get(event);
      if (!set) return;
      for (const fn of [...set]) {
        try {
          (fn as (p: unknown) => void)(payload);
        } catch (e) {
          log(`${String(event)} listener failed: ${errorText(e)}`, e);
        }
      }
    },
    clear(event) {
      if (event === undefined) listeners.clear();
      else listeners.delete(event);
    },
  };
}
