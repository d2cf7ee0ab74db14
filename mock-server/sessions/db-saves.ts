/**
 * `/__db/saves`: the manual saves of a session (SPEC §3 saves), the very
 * records game_save_list, edit_save and del_save read, so a removed save is
 * gone from the app's next list and a save added here can be loaded without
 * playing first. Fields are those of SaveRecord (game/state.ts); times are ms
 * on the session clock. A write is checked whole (the user must exist, the
 * game must be visible in the session, at most MAX_SAVES_PER_GAME per user
 * and game) before it replaces the record.
 */
import type { NextFunction, Request, Response } from 'express';
import * as z from 'zod';
import { MAX_SAVES_PER_GAME } from '../../web/api/contract.ts';
import { findGameByKey } from '../content/catalogue.ts';
import type { Fixtures } from '../fixtures/index.ts';
import { gameStateOf, type SaveRecord } from '../game/state.ts';
import { check, FieldError, flag, int, isObj, text } from '../validate.ts';
import { DbError, sessionFixtures } from './db-fixtures.ts';
import { createListReader } from './db-list-reader.ts';
import type { MockSession } from './session.ts';

const ID = 'saveId';

const saveSchema = z.object({
  saveId: int({ min: 1 }),
  uid: int({ min: 1 }),
  gameKey: text({ max: 64 }),
  gameId: int({ min: 1 }),
  scId: text({ empty: true, max: 64 }),
  clientSid: text({ empty: true, max: 64 }),
  name: text({ max: 32 }),
  isShare: flag(),
  size: int({ min: 0 }),
  createdAt: int({ min: 0 }),
  updatedAt: int({ min: 0 }),
}) satisfies z.ZodType<SaveRecord>;

const FIELDS = Object.keys(saveSchema.shape);

function checkSave(session: MockSession, base: Fixtures, value: unknown, replacing: SaveRecord | undefined): SaveRecord {
  let save: SaveRecord;
  try {
    save = check(saveSchema, value, '', 'save');
  } catch (err) {
    if (err instanceof FieldError) throw new DbError(400, `Invalid save: "${err.field}" ${err.problem}`);
    throw err;
  }
  if (!session.store.userByUid(save.uid)) throw new DbError(400, `Invalid save: "uid" names no user of this session (${save.uid})`);
  const game = findGameByKey(sessionFixtures(session, base), save.gameKey);
  if (!game) throw new DbError(400, `Invalid save: "gameKey" names no visible game (${save.gameKey})`);
  if (game.id !== save.gameId) throw new DbError(400, `Invalid save: "gameId" must be ${game.id}, the id of ${save.gameKey}`);
  const state = gameStateOf({ session });
  const others = [...state.saves.values()].filter((r) => r !== replacing && r.uid === save.uid && r.gameKey === save.gameKey);
  if (others.length >= MAX_SAVES_PER_GAME) throw new DbError(400, `At most ${MAX_SAVES_PER_GAME} saves per user and game: remove one first`);
  return save;
}

export interface SavesDb {
  match(path: string): { id: string | undefined } | undefined;
  handle(session: MockSession, id: string | undefined, req: Request, res: Response, next: NextFunction): void;
  all(session: MockSession): SaveRecord[];
}

export function createSavesDb(base: Fixtures, log: (line: string) => void): SavesDb {
  const readList = createListReader<{ saves: SaveRecord[] }>({ saves: [] }, ID);
  const all = (session: MockSession): SaveRecord[] => [...gameStateOf({ session }).saves.values()];

  return {
    match(path) {
      const m = /^\/saves(?:\/([^/]+))?\/?$/.exec(path);
      return m ? { id: m[1] === undefined ? undefined : decodeURIComponent(m[1]) } : undefined;
    },
    all,
    handle(session, id, req, res, next) {
      const state = gameStateOf({ session });
      const method = req.method;
      try {
        const existing = id === undefined ? undefined : state.saves.get(Number(id));
        if (id !== undefined && !existing) throw new DbError(404, `No save with saveId ${id}`);
        if (method === 'GET' || method === 'HEAD') {
          if (existing) res.json(existing);
          else {
            readList({ saves: all(session) }, req, res, next);
          }
          return;
        }
        if (method === 'POST' && existing) throw new DbError(405, 'POST to /__db/saves (without an id) to add a save');
        if (method !== 'POST' && !existing) throw new DbError(405, `${method} needs an id: /__db/saves/<saveId>`);
        if (method === 'DELETE' && existing) {
          state.saves.delete(existing.saveId);
          res.json({});
        } else {
          const body: unknown = req.body;
          if (!isObj(body)) throw new DbError(400, 'The body must be a JSON object');
          const unknown = Object.keys(body).find((k) => !FIELDS.includes(k));
          if (unknown !== undefined) throw new DbError(400, `Unknown save field "${unknown}"; fields: ${FIELDS.join(', ')}`);
          if (existing && body[ID] !== undefined && body[ID] !== existing.saveId) throw new DbError(400, `"${ID}" cannot change (it is the record's id)`);
          const now = session.clock.now();
          const game = typeof body['gameKey'] === 'string' ? findGameByKey(sessionFixtures(session, base), body['gameKey']) : undefined;
          // A new save needs only uid, gameKey and name: the rest is what manual_save would have set.
          const candidate = existing
            ? method === 'PATCH'
              ? { ...existing, ...body, updatedAt: body['updatedAt'] ?? now }
              : { ...body, saveId: existing.saveId }
            : { saveId: state.seq.save, gameId: game?.id, scId: '', clientSid: '', isShare: 0, size: 1024 * 1024, createdAt: now, updatedAt: now, ...body };
          const save = checkSave(session, base, candidate, existing);
          if (!existing && state.saves.has(save.saveId)) throw new DbError(400, `A save with saveId ${save.saveId} exists; PATCH it to change it`);
          state.saves.set(save.saveId, save);
          if (save.saveId >= state.seq.save) state.seq.save = save.saveId + 1;
          res.status(existing ? 200 : 201).json(save);
        }
        log(`/__db/ ${method} ${req.originalUrl.slice(0, 200)} (session ${session.name})`);
      } catch (err) {
        next(err);
      }
    },
  };
}
