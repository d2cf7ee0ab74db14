/** Building the `{code, msg, data}` envelope every API answer uses (SPEC §8 "Body codes"). */
import { BODY_CODE, type ApiEnvelope } from '../../web/api/contract.ts';
import type { Wording } from './words.ts';
import type { ContentLanguage } from '../languages.ts';

export function ok<T>(data: T, msg = 'success'): ApiEnvelope<T> {
  return { code: BODY_CODE.success, msg, data };
}

export function fail<T = null>(code: number, msg: string, data: T | null = null): ApiEnvelope<T | null> {
  return { code, msg, data };
}

/**
 * Thrown anywhere inside request handling to answer with an envelope, e.g.
 * an expired token (30001) or a bad request (40000). `status` is the HTTP
 * status: 200 for business outcomes, so the app reads the body code. A
 * `Wording` is worded in the request's language when answered; a plain string
 * (a developer's message) is sent as is.
 */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    private readonly msg: string | Wording,
    readonly status = 200,
    readonly data: unknown = null,
  ) {
    super(typeof msg === 'string' ? msg : msg.in('en'));
    this.name = 'ApiError';
  }

  /** The message in `language` (a developer's message stays as written). */
  textIn(language: ContentLanguage): string {
    return typeof this.msg === 'string' ? this.msg : this.msg.in(language);
  }
}

export const badRequest = (msg: string): ApiError => new ApiError(BODY_CODE.badRequest, msg);
