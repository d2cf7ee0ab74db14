/**
 * Cross-origin access to the mock (docs/decisions/0009-cors.md): the static export hosted
 * elsewhere (a CDN, a second dev server, a QA box) reaches the API, the
 * sockets and the control API through its config.json's absolute bases.
 *
 * Allowed: the origins of `--allow-origin`, every loopback origin (any port:
 * only this machine can serve a page there) and the server's own (the Origin
 * names the Host the request was sent to). Anything else is refused clearly:
 * a preflight or a socket upgrade with 403, an actual API call by leaving out
 * the allow-origin header (the browser then hides the answer). The control
 * guard (control-guard.ts) still runs first and unchanged; an allowed origin
 * only gets what a same-origin page already had.
 *
 * No `Access-Control-Allow-Credentials`: the app never sends cookies
 * (`credentials: 'same-origin'`), and no response header is read by it, so
 * nothing is exposed.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { HEADER } from '../../web/api/contract.ts';
import { header } from './body.ts';
import { CONTROL_HEADER, hostName, isLoopbackName } from './control-guard.ts';
import { sendJson } from './reply.ts';

/** Every header the app or a QA script sets on a call (web/core/http/headers.ts, the control writes). */
export const ALLOWED_REQUEST_HEADERS: readonly string[] = [...Object.values(HEADER), 'content-type', 'accept-language', CONTROL_HEADER];
export const ALLOWED_METHODS: readonly string[] = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];
/** Ten minutes: long enough that the app's calls are not each preceded by a preflight, short enough to pick up a restart. */
export const PREFLIGHT_MAX_AGE_S = 600;
export const ALLOW_ORIGIN_OPTION = '--allow-origin';

/**
 * An origin as browsers serialize it ("http://qa-box:8080", no default port,
 * lower case), or undefined for anything that is not a plain http(s) origin
 * (a path, credentials, a query, `null`, another scheme).
 */
export function normalizeOrigin(value: string): string | undefined {
  const text = value.trim();
  if (!/^https?:\/\/[^/?#@\s]+\/?$/i.test(text)) return undefined;
  try {
    const url = new URL(text);
    return url.origin === 'null' ? undefined : url.origin;
  } catch {
    return undefined;
  }
}

export interface OriginPolicy {
  /** Whether a page at `origin` may read the answers of a request sent to `hostHeader`. */
  allows(origin: string, hostHeader: string | undefined): boolean;
  /** The `--allow-origin` list, normalized, for messages. */
  readonly origins: readonly string[];
}

/** The rule above; throws RangeError naming an entry of `allowed` that is not an origin. */
export function createOriginPolicy(allowed: readonly string[] = []): OriginPolicy {
  const origins = allowed.map((raw) => {
    const origin = normalizeOrigin(raw);
    if (origin === undefined) throw new RangeError(`allowedOrigins: "${raw}" is not an origin like http://qa-box:8080`);
    return origin;
  });
  const listed = new Set(origins);
  return {
    origins,
    allows(origin, hostHeader) {
      const normal = normalizeOrigin(origin);
      if (normal === undefined) return false;
      if (listed.has(normal)) return true;
      const url = new URL(normal);
      const name = hostName(url.host);
      if (name !== undefined && isLoopbackName(name)) return true;
      // Same origin: the page was served by this server under the name it called it by.
      return hostHeader !== undefined && url.host === hostHeader.trim().toLowerCase();
    },
  };
}

/** The one message for a refused origin, wherever it is refused. */
export function originRefusal(origin: string, surface: string): string {
  const shown = origin.slice(0, 200);
  return (
    `Origin "${shown}" may not use ${surface} of the mock cloud: only this machine's own pages (localhost, 127.0.0.1, [::1]), ` +
    `the mock's own origin and the origins of ${ALLOW_ORIGIN_OPTION} may. Start the mock with ${ALLOW_ORIGIN_OPTION} ${normalizeOrigin(origin) ?? '<origin>'} to allow it`
  );
}

export type CorsOutcome = 'answered' | 'continue';

/**
 * The CORS step of a cross-origin surface (the API, `/__mock/`, `/__db/`):
 * answers a preflight (204 or 403) and otherwise marks the response for an
 * allowed origin. `refuseForeign` also refuses an actual request from a
 * foreign origin (the control API: its writes change state whatever the
 * browser later hides).
 */
export function corsStep(req: IncomingMessage, res: ServerResponse, policy: OriginPolicy, surface: string, refuseForeign: boolean): CorsOutcome {
  res.setHeader('vary', 'Origin');
  const origin = header(req, 'origin');
  if (origin === undefined) return 'continue';
  const allowed = policy.allows(origin, header(req, 'host'));
  const preflight = req.method === 'OPTIONS' && header(req, 'access-control-request-method') !== undefined;
  if (!allowed) {
    if (!preflight && !refuseForeign) return 'continue';
    sendJson(res, 403, { error: originRefusal(origin, surface) });
    return 'answered';
  }
  res.setHeader('access-control-allow-origin', normalizeOrigin(origin) ?? origin);
  if (!preflight) return 'continue';
  res.writeHead(204, {
    'access-control-allow-methods': ALLOWED_METHODS.join(', '),
    'access-control-allow-headers': ALLOWED_REQUEST_HEADERS.join(', '),
    'access-control-max-age': String(PREFLIGHT_MAX_AGE_S),
    'cache-control': 'no-store',
  });
  res.end();
  return 'answered';
}

/** Why a websocket upgrade is refused for its Origin, or undefined (no Origin: not a browser). */
export function upgradeRefusal(req: IncomingMessage, policy: OriginPolicy): string | undefined {
  const origin = header(req, 'origin');
  if (origin === undefined || policy.allows(origin, header(req, 'host'))) return undefined;
  return originRefusal(origin, 'the sockets');
}

/** Answer a refused upgrade with 403 and the message as JSON, then close. */
export function refuseUpgrade(socket: Duplex, message: string): void {
  const body = JSON.stringify({ error: message });
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  // Destroyed once the answer is flushed: destroying at once could drop it.
  socket.once('finish', () => socket.destroy());
  socket.end(`HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
}
