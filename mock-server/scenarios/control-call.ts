/**
 * What a control API handler works with (control.ts dispatches to the table
 * in control-routes.ts): the caller's session and query, the server's parts,
 * the JSON body read within the limits, and the error that answers `{error}`
 * with its status (docs/qa-guide.md §2).
 */
import type { IncomingMessage } from 'node:http';
import type { Fixtures } from '../fixtures/index.ts';
import { readBody } from '../http/body.ts';
import { depthMessage, jsonTextTooDeep } from '../limits.ts';
import type { SessionRegistry } from '../sessions/registry.ts';
import type { MockSession } from '../sessions/session.ts';
import { isObj } from '../validate.ts';
import type { ScenarioRegistry } from './index.ts';

export interface ControlOptions {
  sessions: SessionRegistry;
  scenarios: ScenarioRegistry;
  /** The fixtures the game flow reads (a pushed duration 200 carries the user's balance). */
  fixtures: Fixtures;
  log: (line: string) => void;
  /** A body upload that stalls this long is cut (default DEFAULT_BODY_IDLE_MS). */
  bodyIdleMs?: number;
  /** `GET /__mock/sessions` names every session (`--admin`); otherwise only the caller's own (names are what keeps sessions apart). */
  admin?: boolean;
  /** Told after every control call that changed a session (the console's live feed). */
  onChange?: (session: MockSession) => void;
}

/** One control call as its handler sees it. */
export interface ControlCall {
  readonly req: IncomingMessage;
  /** The caller's session (`?session=`, X-Mock-Session, else "default"). */
  readonly session: MockSession;
  readonly query: URLSearchParams;
  readonly options: ControlOptions;
  /** The JSON body (`{}` when empty): 413 over 1 MiB, 400 when malformed or nested too deep. */
  json(): Promise<unknown>;
  /** The JSON body, which must be an object. */
  object(): Promise<Record<string, unknown>>;
}

export type ControlHandler = (call: ControlCall) => Promise<unknown> | unknown;
export type ControlMethod = 'GET' | 'POST' | 'DELETE';
/** The handlers of one control path, by method. */
export type ControlRoute = Partial<Record<ControlMethod, ControlHandler>>;

/** Answers `{error: message}` with `status`. */
export class ControlError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ControlError';
  }
}

export const bad = (message: string): ControlError => new ControlError(400, message);

async function readJson(req: IncomingMessage, idleMs: number): Promise<unknown> {
  const body = await readBody(req, undefined, idleMs);
  if (!body.ok) throw new ControlError(413, 'Request body is larger than 1 MiB');
  if (body.text.trim() === '') return {};
  // Refused before parsing: a deep value is kept (a fault, a script) and breaks every later answer that serialises it.
  if (jsonTextTooDeep(body.text)) throw bad(depthMessage('The JSON body'));
  try {
    return JSON.parse(body.text) as unknown;
  } catch (err) {
    throw bad(`Malformed JSON body: ${err instanceof Error ? err.message : String(err)}`);
  }
}

/** The body readers of a control call: once read, the body is gone, so a handler reads it once. */
export function bodyReaders(req: IncomingMessage, idleMs: number): Pick<ControlCall, 'json' | 'object'> {
  return {
    json: () => readJson(req, idleMs),
    object: async () => {
      const value = await readJson(req, idleMs);
      if (!isObj(value)) throw bad('The body must be a JSON object');
      return value;
    },
  };
}

/** A whole-number query parameter within [min, max]; absent or empty: undefined. */
export function intQuery(query: URLSearchParams, key: string, min: number, max: number): number | undefined {
  const raw = query.get(key);
  if (raw === null || raw === '') return undefined;
  if (!/^\d{1,15}$/.test(raw) || Number(raw) < min || Number(raw) > max) throw bad(`Query "${key}" must be a whole number from ${min} to ${max}`);
  return Number(raw);
}
