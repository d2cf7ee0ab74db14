/**
 * An object of async methods whose code loads on the first call. The shell holds the API from its first line, but
 * home's first view (the visitor's at least) calls none of it, so the HTTP client and the endpoint table stay out of
 * the first load and arrive with the first request (decision 0015).
 */

/** Methods of `T` that return a promise: only those can wait for their implementation. */
type AsyncMethods<T> = { [K in keyof T]: T[K] extends (...args: never[]) => Promise<unknown> ? T[K] : never };

/**
 * `load` runs once, on the first call; a failed load (a chunk that did not arrive) is forgotten, so the next call
 * tries again. Each method is one stable function, so it can be handed around and compared like the real one.
 * The object is not thenable and has no enumerable keys: it is for calling methods, nothing else.
 */
export function lazyMethods<T extends AsyncMethods<T>>(load: () => Promise<T>): T {
  let loading: Promise<T> | null = null;
  const target = (): Promise<T> =>
    (loading ??= load().catch((err: unknown) => {
      loading = null;
      throw err;
    }));
  const methods = new Map<string, (...args: unknown[]) => Promise<unknown>>();
  return new Proxy({} as T, {
    get(_, name) {
      // `then` would make the object a thenable that `await` unwraps forever.
      if (typeof name !== 'string' || name === 'then') return undefined;
      let method = methods.get(name);
      if (!method) {
        method = async (...args: unknown[]) => {
          const real = (await target())[name as keyof T] as unknown;
          if (typeof real !== 'function') throw new TypeError(`no method ${name}`);
          return (real as (...a: unknown[]) => Promise<unknown>)(...args);
        };
        methods.set(name, method);
      }
      return method;
    },
  });
}
