/** The signed headers of SPEC §7, checked on every API call (and made for Node clients of the mock). */
import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { APP_ID, REQUIRED_SIGNED_HEADERS, SIGN_TYPE, HEADER, VERSION_CODE_WEB, signingString } from '../../web/api/contract.ts';
import { header } from './body.ts';
import { badRequest } from './envelope.ts';

function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/**
 * The other side of verifySignature, for Node clients of the mock (tests, the bench, QA scripts):
 * the signed header set of SPEC §7 for `method` on `urlPath` (path and query exactly as sent) with `body`.
 */
export function signedHeaders(method: string, urlPath: string, body: string, deviceId: string): Record<string, string> {
  const timestamp = String(Date.now());
  const nonce = randomUUID().replace(/-/g, '');
  return {
    [HEADER.nonce]: nonce,
    [HEADER.timestamp]: timestamp,
    [HEADER.signType]: SIGN_TYPE,
    [HEADER.appId]: APP_ID,
    [HEADER.versionCode]: String(VERSION_CODE_WEB),
    [HEADER.deviceId]: deviceId,
    [HEADER.sign]: sha256Hex(signingString(method, urlPath, timestamp, nonce, body)),
  };
}

/**
 * Check the signed headers: all of REQUIRED_SIGNED_HEADERS present, the
 * sign type supported, and `sign` equal to sha256 hex of the signing string
 * over the URL exactly as received and the raw body. Throws 40000 naming the header.
 */
export function verifySignature(req: IncomingMessage, rawBody: string): void {
  for (const name of REQUIRED_SIGNED_HEADERS) {
    if (header(req, name) === undefined) throw badRequest(`Missing header "${name}"`);
  }
  const signType = header(req, HEADER.signType) ?? '';
  if (signType.toLowerCase() !== SIGN_TYPE) throw badRequest(`Invalid header "${HEADER.signType}": expected "${SIGN_TYPE}", got "${signType}"`);
  const expected = sha256Hex(
    signingString(req.method ?? 'GET', req.url ?? '/', header(req, HEADER.timestamp) ?? '', header(req, HEADER.nonce) ?? '', rawBody),
  );
  const given = (header(req, HEADER.sign) ?? '').toLowerCase();
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  if (a.length !== b.length || !timingSafeEqual(a, b)) {
    throw badRequest(`Invalid header "${HEADER.sign}": it is not the sha256 of the signing string (method, path with query, timestamp, nonce, body)`);
  }
}
