/**
 * Who may drive the QA surfaces (`/__mock/`, `/__db/`): docs/qa-guide.md §2 "Who may call it".
 *
 * - **Writes** (POST, PUT, PATCH, DELETE) carry `Content-Type:
 *   application/json` and `X-Mock-Control: 1`. A page on another origin can
 *   send neither without a CORS preflight, which this server answers only for
 *   loopback origins, its own and `--allow-origin` ones (cors.ts),
 *   so no web page the tester happens to open can script their mock.
 * - **Every request** names a Host the server answers to: a loopback name or
 *   address, an address the server listens on, or one the CLI allowed
 *   (`--allow-host`). A DNS-rebinding page (evil.example resolving to
 *   127.0.0.1) is same-origin to itself and could send the header; its Host
 *   still says evil.example.
 *
 * The app and the API are not guarded: a browser on the LAN (or on
 * `insecure.test` in the e2e test) plays as usual.
 */
import type { IncomingMessage } from 'node:http';
import os from 'node:os';
import { header } from './body.ts';
import { CONTROL_HEADER, CONTROL_HEADER_VALUE } from './control-headers.ts';

export { CONTROL_HEADER, CONTROL_HEADER_VALUE, CONTROL_WRITE_HEADERS } from './control-headers.ts';


const WRITES: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The name part of a Host header ("[::1]:8080" → "::1", "Example.test.:80" → "example.test"); undefined when malformed. */
export function hostName(hostHeader: string): string | undefined {
  const h = hostHeader.trim().toLowerCase();
  let name: string;
  if (h.startsWith('[')) {
    const end = h.indexOf(']');
    if (end === -1 || !/^(:\d{1,5})?$/.test(h.slice(end + 1))) return undefined;
    name = h.slice(1, end);
  } else {
    const m = /^([^:]+)(:\d{1,5})?$/.exec(h);
    if (!m?.[1]) return undefined;
    name = m[1];
  }
  name = name.replace(/\.$/, '');
  return /^[a-z0-9.:_-]{1,253}$/.test(name) ? name : undefined;
}

/** Names that can only mean this machine: no DNS answer an attacker controls can make them point elsewhere. */
export function isLoopbackName(name: string): boolean {
  if (name === 'localhost' || name.endsWith('.localhost')) return true;
  if (/^127(\.\d{1,3}){3}$/.test(name)) return true;
  return name === '::1' || name === '0:0:0:0:0:0:0:1' || /^::ffff:127(\.\d{1,3}){3}$/.test(name);
}

const WILDCARDS: ReadonlySet<string> = new Set(['', '0.0.0.0', '::', '0:0:0:0:0:0:0:0']);

/** Whether a listen host means every interface. */
export const isWildcardHost = (host: string): boolean => WILDCARDS.has(host.trim().toLowerCase().replace(/^\[|\]$/g, ''));

/** Every address of this machine's interfaces (what a wildcard listen answers on). */
export function interfaceAddresses(interfaces = os.networkInterfaces()): string[] {
  const out: string[] = [];
  for (const list of Object.values(interfaces)) {
    for (const a of list ?? []) out.push(a.address.toLowerCase().replace(/%.*$/, ''));
  }
  return out;
}

export interface HostPolicy {
  /** Whether a request naming this Host header may use the control API (absent: yes, no browser omits it). */
  allows(hostHeader: string | undefined): boolean;
  /** The server listens on `host`: its own name (or, for a wildcard, every interface address) is allowed. */
  listening(host: string): void;
  /** The names allowed besides loopback, for messages. */
  readonly names: readonly string[];
}

export function createHostPolicy(allowed: readonly string[] = [], addresses: () => string[] = interfaceAddresses): HostPolicy {
  const names = new Set<string>();
  for (const a of allowed) {
    const n = hostName(a);
    if (n) names.add(n);
  }
  return {
    allows(hostHeader) {
      if (hostHeader === undefined) return true;
      const name = hostName(hostHeader);
      return name !== undefined && (isLoopbackName(name) || names.has(name));
    },
    listening(host) {
      if (isWildcardHost(host)) {
        for (const a of addresses()) names.add(a);
        return;
      }
      const n = hostName(host.includes(':') && !host.startsWith('[') ? `[${host}]` : host);
      if (n) names.add(n);
    },
    get names() {
      return [...names];
    },
  };
}

export interface Refusal {
  status: number;
  error: string;
}

/** Why a request to a control surface (`/__mock/`, `/__db/`) is refused, or undefined when it may go on. */
export function controlRefusal(req: IncomingMessage, hosts: HostPolicy, surface: string): Refusal | undefined {
  const host = header(req, 'host');
  if (!hosts.allows(host)) {
    const name = host === undefined ? '' : (hostName(host) ?? host.slice(0, 100));
    return {
      status: 403,
      error:
        `Host "${name}" may not use ${surface}: only this machine's loopback names and the addresses the mock listens on may ` +
        `(a page on another site could otherwise reach it through DNS rebinding). Start the mock with --allow-host ${name || '<name>'} to allow it`,
    };
  }
  const method = req.method ?? 'GET';
  if (!WRITES.has(method)) return undefined;
  const type = (header(req, 'content-type') ?? '').split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/json') {
    return {
      status: 415,
      error: `${method} to ${surface} must be sent as "Content-Type: application/json" with the header "X-Mock-Control: 1" (got ${type ? `"${type.slice(0, 100)}"` : 'no content type'})`,
    };
  }
  if (header(req, CONTROL_HEADER) !== CONTROL_HEADER_VALUE) {
    return {
      status: 403,
      error: `${method} to ${surface} needs the header "X-Mock-Control: 1" (a web page can send it only after a preflight, which the mock answers only for allowed origins)`,
    };
  }
  return undefined;
}
