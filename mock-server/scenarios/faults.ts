/**
 * Faults: "the next N matching API requests" answer something other than
 * the normal answer (SPEC §8 error paths on demand). A fault matches by API
 * path (or prefix) and method; it can answer a status and/or a body, wait
 * on the session clock first, drop the connection, or cut the JSON answer
 * short. Faults are per session and used up in the order they were added.
 */
import { boundedJson, kib, MAX_FAULT_BODY_BYTES, MAX_SESSION_FAULT_BODY_BYTES, TooLargeError } from '../limits.ts';
import * as z from 'zod';
import { check, compact, FieldError, int, known, optional, problem, text } from '../validate.ts';

export interface FaultMatch {
  /**
   * Which requests: an API path or prefix relative to the API base ("user/get_user_balance", "user/"),
   * or, starting with "/", a prefix of the full URL path ("/api/game/"). Absent: every API request.
   */
  path?: string;
  /** HTTP method, upper case. Absent: any. */
  method?: string;
}

export interface FaultSpec {
  match: FaultMatch;
  /** How many requests it applies to (default 1). */
  count: number;
  /** Answer this HTTP status (with `body`, or a mock error envelope). */
  status?: number;
  /** Answer this body (JSON-encoded; a string is sent as is), with `status` or 200. */
  body?: unknown;
  /** Wait this long on the session clock before answering (alone: then answer normally). */
  delayMs?: number;
  /** Destroy the connection without an answer. */
  drop?: boolean;
  /** Answer a truncated JSON body (the answer that would have been sent, cut in half). */
  malformed?: boolean;
}

export interface PendingFault extends FaultSpec {
  /** Requests it still applies to. */
  remaining: number;
}

export const MAX_FAULT_COUNT = 100_000;
export const MAX_FAULT_DELAY_MS = 24 * 60 * 60 * 1000;
export const MAX_PENDING_FAULTS = 1000;

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'] as const;

/** One fault as QA sends it (a scenario's `faults[i]`, or POST /__mock/faults). */
export const faultSchema = known({
  match: optional(
    known({
      path: optional(text({ max: 512, empty: true })),
      method: optional(
        text()
          .transform((m) => m.toUpperCase())
          .refine((m) => (METHODS as readonly string[]).includes(m), `must be one of ${METHODS.join(', ')}`),
      ),
    }),
  ),
  count: optional(int({ min: 1, max: MAX_FAULT_COUNT })),
  status: optional(int({ min: 100, max: 599 })),
  body: z.unknown().optional(),
  delayMs: optional(int({ min: 0, max: MAX_FAULT_DELAY_MS })),
  drop: optional(z.boolean()),
  malformed: optional(z.boolean()),
})
  .superRefine((f, ctx) => {
    if (f.status === undefined && f.body === undefined && f.delayMs === undefined && !f.drop && !f.malformed) {
      problem(ctx, [], 'must set at least one of status, body, delayMs, drop, malformed');
    } else if (f.drop && (f.status !== undefined || f.body !== undefined || f.malformed)) {
      problem(ctx, ['drop'], 'cannot be combined with status, body or malformed (a dropped connection answers nothing)');
    }
  })
  .transform(
    (f): FaultSpec =>
      compact({
        match: compact({ path: f.match?.path || undefined, method: f.match?.method }),
        count: f.count ?? 1,
        status: f.status,
        body: f.body,
        delayMs: f.delayMs,
        drop: f.drop || undefined,
        malformed: f.malformed || undefined,
      }),
  );

/** A fault's body within MAX_FAULT_BODY_BYTES and the nesting limit (413 / 400 naming `at.body`); checked before it reaches a queue or a scenario. */
export function checkFaultBody(spec: FaultSpec, at: string): void {
  if (spec.body !== undefined) boundedJson(spec.body, at ? `${at}.body` : 'body', MAX_FAULT_BODY_BYTES);
}

/** Check one fault as QA sends it (`at` names it in errors, e.g. "faults[2]"). */
export function parseFault(value: unknown, at = ''): FaultSpec {
  const spec = check(faultSchema, value, at, 'fault');
  checkFaultBody(spec, at);
  return spec;
}

/** The short name journalled for a fault. */
export function faultKind(f: Pick<FaultSpec, 'drop' | 'delayMs' | 'status' | 'malformed'> & { body?: unknown }): string {
  if (f.drop) return f.delayMs ? 'delay+drop' : 'drop';
  const parts: string[] = [];
  if (f.delayMs !== undefined) parts.push('delay');
  if (f.status !== undefined) parts.push('status');
  else if (f.body !== undefined) parts.push('body');
  if (f.malformed) parts.push('malformed');
  return parts.join('+');
}

/** A fault's body as it is sent: JSON text, or a string sent as is (`json` false). */
export interface FaultBody {
  text: string;
  json: boolean;
}

/** A fault as a request uses it: the body ready to send. */
export interface TakenFault extends Omit<FaultSpec, 'body'> {
  body?: FaultBody;
}

interface Queued {
  fault: TakenFault;
  bytes: number;
  remaining: number;
}

/**
 * Bodies are queued as their text, not the parsed value: a parsed body can
 * take many times its text in heap (`[[],[],…]`: about 16 times).
 */
export class FaultQueue {
  private faults: Queued[] = [];
  private bodyBytes = 0;

  add(spec: FaultSpec): void {
    this.addAll([spec]);
  }

  /** Queue every fault or none: a refused batch leaves the queue as it was. */
  addAll(specs: readonly FaultSpec[]): void {
    if (this.faults.length + specs.length > MAX_PENDING_FAULTS) {
      throw new FieldError('faults', `at most ${MAX_PENDING_FAULTS} faults may be pending in one session; POST /__mock/reset or DELETE /__mock/faults`);
    }
    const queued: Queued[] = [];
    let bytes = this.bodyBytes;
    for (const spec of specs) {
      const { body, ...rest } = spec;
      const fault: TakenFault = { ...rest };
      let size = 0;
      if (body !== undefined) {
        fault.body = boundedJson(body, 'body', MAX_FAULT_BODY_BYTES);
        size = Buffer.byteLength(fault.body.text, 'utf8');
      }
      bytes += size;
      if (bytes > MAX_SESSION_FAULT_BODY_BYTES) {
        throw new TooLargeError(
          'faults',
          `would hold ${bytes} bytes of bodies; the pending faults of a session may hold at most ${MAX_SESSION_FAULT_BODY_BYTES} bytes (${kib(MAX_SESSION_FAULT_BODY_BYTES)}) of bodies`,
        );
      }
      queued.push({ fault, bytes: size, remaining: spec.count });
    }
    this.faults.push(...queued);
    this.bodyBytes = bytes;
  }

  /**
   * Use up the first fault matching this request, if any.
   * `apiPath` is relative to its API base ("user/web_login"), `urlPath` the full path ("/api/user/web_login").
   */
  take(method: string, apiPath: string, urlPath: string): TakenFault | undefined {
    if (this.faults.length === 0) return undefined;
    const i = this.faults.findIndex(({ fault: f }) => {
      if (f.match.method !== undefined && f.match.method !== method) return false;
      const p = f.match.path;
      if (p === undefined) return true;
      return p.startsWith('/') ? urlPath.startsWith(p) : apiPath.startsWith(p);
    });
    if (i === -1) return undefined;
    const found = this.faults[i];
    if (!found) return undefined;
    found.remaining--;
    if (found.remaining <= 0) {
      this.faults.splice(i, 1);
      this.bodyBytes -= found.bytes;
    }
    return found.fault;
  }

  /** The pending faults as QA sent them (bodies parsed again). */
  list(): PendingFault[] {
    return this.faults.map(({ fault, remaining }) => {
      const { body, ...rest } = fault;
      const out: PendingFault = { ...rest, match: { ...rest.match }, remaining };
      if (body) out.body = body.json ? (JSON.parse(body.text) as unknown) : body.text;
      return out;
    });
  }

  get size(): number {
    return this.faults.length;
  }

  clear(): void {
    this.faults = [];
    this.bodyBytes = 0;
  }
}
