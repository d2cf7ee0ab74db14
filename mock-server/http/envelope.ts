/** Building the `{code, msg, data}` envelope every API answer uses (SPEC §8 "Body codes"). */
import { BODY_CODE, type ApiEnvelope } from '../../web/api/contract.ts';

export function ok<T>(data: T, msg = 'success'): ApiEnvelope<T> {
  return { code: BODY_CODE.success, msg, data };
}

export function fail<T = null>(code: number, msg: string, data: T | null = null): ApiEnvelope<T | null> {
  return { code, msg, data };
}

/**
 * Thrown anywhere inside request handling to answer with an envelope, e.g.
 * an expired token (30001) or a bad request (40000). `status` is the HTTP
 * status: 200 for business outcomes, so the app reads the body code.
 */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    msg: string,
    readonly status = 200,
    readonly data: unknown = null,
  ) {
    super(msg);
    this.name = 'ApiError';
  }
}

export const badRequest = (msg: string): ApiError => new ApiError(BODY_CODE.badRequest, msg);
