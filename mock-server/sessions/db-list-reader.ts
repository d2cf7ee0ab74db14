/**
 * json-server 0.17's list reading (filters, `_sort`, `_page`, `q`) over records
 * the mock keeps elsewhere (a session's Maps, its fixture copy): each read
 * hands the router the lists as they are now. Writes never go through it.
 *
 * One router serves every session, and it reads its state a tick after it is
 * called (express leaves a nested router on setImmediate), so reads take turns:
 * two sessions' reads at once would otherwise see each other's lists. Between
 * reads the router holds only `initial`: keeping the last lists read would keep
 * a session's data alive after its reset.
 */
import type { NextFunction, Request, Response } from 'express';
import { jsonServer } from './json-server.ts';

export type ListRead<S> = (state: S, req: Request, res: Response, next: NextFunction) => void;

/** `initial` names every collection: the router mounts a route per collection it sees at creation. */
export function createListReader<S extends Record<string, readonly object[]>>(initial: S, idField?: string): ListRead<S> {
  const router = jsonServer().router<S>(initial);
  if (idField !== undefined) Object.assign(router.db._, { id: idField });
  /** Ends a read's turn: called once its answer is computed (render) or it is handed on (next). */
  const releases = new WeakMap<Response, () => void>();
  // The bare data, as the control API answers, instead of json-server's pretty-printed default.
  Object.assign(router, {
    render: (_req: Request, res: Response): void => {
      const data: unknown = res.locals['data'];
      releases.get(res)?.();
      res.json(data);
    },
  });
  let turn: Promise<void> = Promise.resolve();
  return (state, req, res, next) => {
    turn = turn.then(
      () =>
        new Promise<void>((done) => {
          let released = false;
          const release = (): void => {
            if (released) return;
            released = true;
            router.db.setState(initial);
            done();
          };
          releases.set(res, release);
          // A client gone before the answer was computed must not hold up the next read.
          res.once('close', release);
          router.db.setState(state);
          router(req, res, (err?: unknown) => {
            release();
            next(err);
          });
        }),
    );
  };
}
