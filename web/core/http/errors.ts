/**
 * The one error type the runtime rejects with (SPEC §8). `code` is the body
 * code the server sent, -1 when no usable answer arrived, or -2 when the
 * request was not sent because its twin is in flight; `errCode` carries
 * the runtime codes (5 timeout/network, 600003 abort, 10002/602001/600009 socket)
 * so callers can branch without parsing messages.
 */
export interface ApiErrorInit {
  code: number;
  msg: string;
  errCode?: number;
  statusCode?: number;
  data?: unknown;
}

export class ApiError extends Error {
  code: number;
  msg: string;
  errCode?: number;
  statusCode?: number;
  data?: unknown;

  constructor(init: ApiErrorInit) {
    super(init.msg);
    this.name = 'ApiError';
    this.code = init.code;
    this.msg = init.msg;
    if (init.errCode !== undefined) this.errCode = init.errCode;
    if (init.statusCode !== undefined) this.statusCode = init.statusCode;
    if (init.data !== undefined) this.data = init.data;
  }
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}

/**
 * SPEC §5: the code of a request refused because an identical one is in
 * flight. Not a network failure (-1): nothing was sent and the first one's
 * answer is still coming, so callers neither retry nor say "network error".
 */
export const REPEATED_REQUEST_CODE = -2;

export function isRepeatedRequest(e: unknown): boolean {
  return e instanceof ApiError && e.code === REPEATED_REQUEST_CODE;
}
