/**
 * json-server 0.17's list reading (filters, `_sort`, `_page`, `q`) over records
 * the mock keeps elsewhere (a session's Maps, its fixture copy): each read
 * hands the router the lists as they are now. Writes never go through it.
 */
import type { NextFunction, Request, Response } from 'express';
import jsonServer from 'json-server';

export type ListRead<S> = (state: S, req: Request, res: Response, next: NextFunction) => void;

/** `initial` names every collection: the router mounts a route per collection it sees at creation. */
export function createListReader<S extends Record<string, readonly object[]>>(initial: S, idField?: string): ListRead<S> {
  const router = jsonServer.router<S>(initial);
  if (idField !== undefined) Object.assign(router.db._, { id: idField });
  // The bare data, as the control API answers, instead of json-server's pretty-printed default.
  Object.assign(router, { render: (_req: Request, res: Response): void => void res.json(res.locals['data']) });
  return (state, req, res, next) => {
    router.db.setState(state);
    router(req, res, next);
  };
}
