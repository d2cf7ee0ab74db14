/**
 * The `recorded` part of a scenario: what a session answered and pushed
 * while `POST /__mock/record` was on (sessions/recorder.ts), replayed by
 * any session the scenario is applied to (sessions/replay.ts).
 *
 * - `answers`: every API answer, matched at replay by method + path (no
 *   query; token values redacted) + order of occurrence: the 2nd
 *   `GET …/game_queue` of the replay gets the 2nd one recorded.
 *   `status` 0 is a dropped connection; a string `body` is sent as is,
 *   anything else as JSON (as a fault's body).
 * - `sockets`: every socket connection seen, numbered per kind from 1, and
 *   when the server closed it (`close.atMs` from its opening).
 * - `pushes`: every message the server sent on them, timed by `atMs` from
 *   the opening of its connection, or (`inReplyTo: n`) sent in answer to
 *   the connection's n-th incoming message.
 * `t` is always ms on the recording session's clock since recording began.
 */
import * as z from 'zod';
import { SOCKET_PATH } from '../../web/api/contract.ts';
import { boundedJson, MAX_RECORDED_ITEM_BYTES } from '../limits.ts';
import { int, known, oneOf, optional, problem, text } from '../validate.ts';

/** Most answers, connections or pushes one recording may list. */
export const MAX_RECORDED_ITEMS = 20_000;
const MAX_MS = 30 * 24 * 60 * 60 * 1000;
const ms = int({ min: 0, max: MAX_MS });
const list = <T extends z.ZodType>(item: T): z.ZodArray<T> => z.array(item).max(MAX_RECORDED_ITEMS);
const socketKind = oneOf([SOCKET_PATH.duration, SOCKET_PATH.stream]);
const connection = int({ min: 1, max: MAX_RECORDED_ITEMS });

export const recordedSchema = known({
  answers: optional(
    list(
      known({
        t: ms,
        method: text({ max: 16 }),
        /** The URL path without its query, token values redacted. */
        path: text({ max: 512 }),
        /** 0: the connection was dropped without an answer. */
        status: int({ min: 0, max: 599 }).refine((v) => v === 0 || v >= 100, 'must be 0 (dropped) or an HTTP status from 100 to 599'),
        body: z.unknown().optional(),
      }),
    ),
  ),
  sockets: optional(
    list(
      known({
        t: ms,
        socket: socketKind,
        connection,
        /** The server closed it `atMs` after it opened: 1006 without a close frame (a drop), 1005 without a code. */
        close: optional(known({ atMs: ms, code: int({ min: 1000, max: 4999 }), reason: optional(text({ max: 123, empty: true })) })),
      }),
    ),
  ),
  pushes: optional(list(known({ t: ms, socket: socketKind, connection, atMs: ms, inReplyTo: optional(int({ min: 1 })), message: z.unknown() }))),
})
  .superRefine((r, ctx) => {
    const seen = new Set((r.sockets ?? []).map((s) => `${s.socket} ${s.connection}`));
    if (seen.size !== (r.sockets ?? []).length) problem(ctx, ['sockets'], 'lists a connection twice (socket and connection must be unique)');
    (r.pushes ?? []).forEach((p, i) => {
      if (p.message === undefined || p.message === null) problem(ctx, ['pushes', i, 'message'], 'is missing');
      else if (!seen.has(`${p.socket} ${p.connection}`)) problem(ctx, ['pushes', i, 'connection'], `is not listed in "sockets" (${p.socket} connection ${p.connection})`);
    });
    (r.answers ?? []).forEach((a, i) => {
      if (a.status === 0 && a.body !== undefined) problem(ctx, ['answers', i, 'body'], 'cannot be set with status 0 (a dropped connection answers nothing)');
    });
  })
  .transform((r) => ({ answers: r.answers ?? [], sockets: r.sockets ?? [], pushes: r.pushes ?? [] }));

export type Recorded = z.output<typeof recordedSchema>;
export type RecordedAnswer = Recorded['answers'][number];
export type RecordedPush = Recorded['pushes'][number];
export type RecordedClose = NonNullable<Recorded['sockets'][number]['close']>;

/** Each body and message within MAX_RECORDED_ITEM_BYTES and the nesting limit (413 / 400 naming it). */
export function checkRecordedBodies(r: Recorded, at: string): void {
  r.answers.forEach((a, i) => a.body !== undefined && boundedJson(a.body, `${at}.answers[${i}].body`, MAX_RECORDED_ITEM_BYTES));
  r.pushes.forEach((p, i) => boundedJson(p.message, `${at}.pushes[${i}].message`, MAX_RECORDED_ITEM_BYTES));
}

/** The text a recorded body or message is sent as: a string as is, anything else as JSON. */
export function wireText(value: unknown): { text: string; json: boolean } {
  return typeof value === 'string' ? { text: value, json: false } : { text: JSON.stringify(value) ?? 'null', json: true };
}
