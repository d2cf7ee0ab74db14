/**
 * Turning caller data into what goes on the wire (SPEC §5, §7): empty fields
 * dropped, GET data as `/key/value` path pairs, bodies encoded by content type.
 */

export type Payload = Record<string, unknown> | string | undefined;

/** SPEC §5: undefined, null and '' never reach the server (top-level fields only). */
export function stripEmpty(data: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(data)) {
    if (v === undefined || v === null || v === '') continue;
    out[k] = v;
  }
  return out;
}

export function cleanPayload(data: Payload): Payload {
  return typeof data === 'object' ? stripEmpty(data) : data;
}

function pairValue(v: unknown): string {
  // Objects would print as "[object Object]"; JSON keeps them readable server-side.
  return typeof v === 'object' ? JSON.stringify(v) : String(v);
}

/** SPEC §7: GET data goes into the path, not the query string. */
export function appendPathPairs(url: string, data: Payload): string {
  if (data === undefined) return url;
  const [path = '', query] = splitQuery(url);
  let suffix: string;
  if (typeof data === 'string') {
    suffix = data === '' ? '' : '/' + data.replace(/^\/+/, '');
  } else {
    suffix = Object.entries(data)
      .map(([k, v]) => `/${encodeURIComponent(k)}/${encodeURIComponent(pairValue(v))}`)
      .join('');
  }
  if (suffix === '') return url;
  const joined = path.replace(/\/+$/, '') + suffix;
  return query === undefined ? joined : `${joined}?${query}`;
}

function splitQuery(url: string): [string, string | undefined] {
  const i = url.indexOf('?');
  return i < 0 ? [url, undefined] : [url.slice(0, i), url.slice(i + 1)];
}

export const CONTENT_TYPE = {
  json: 'application/json',
  form: 'application/x-www-form-urlencoded',
  text: 'text/plain',
} as const;

/** Reads a header case-insensitively: callers write `Content-Type` or `content-type`. */
export function headerValue(headers: Record<string, string>, name: string): string | undefined {
  const lower = name.toLowerCase();
  for (const [k, v] of Object.entries(headers)) if (k.toLowerCase() === lower) return v;
  return undefined;
}

/**
 * SPEC §5 "Request content type selects body encoding". A string payload is
 * taken as already encoded. A JSON call without data still sends `{}` so the
 * body is always valid JSON and its signature is stable.
 */
export function encodeBody(data: Payload, contentType: string): string {
  const type = contentType.toLowerCase();
  if (typeof data === 'string') return data;
  if (type.startsWith(CONTENT_TYPE.form)) {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(data ?? {})) params.append(k, pairValue(v));
    return params.toString();
  }
  if (type.startsWith(CONTENT_TYPE.text)) return data === undefined ? '' : JSON.stringify(data);
  return JSON.stringify(data ?? {});
}
