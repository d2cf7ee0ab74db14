/**
 * An API request's input the way the real backend reads it (SPEC §5, §7):
 * the body as JSON, urlencoded or plain text, or GET data as `/key/value`
 * path pairs, merged over the query.
 */
import { BODY_CODE } from '../../web/api/contract.ts';
import { depthMessage, jsonTextTooDeep } from '../limits.ts';
import { isObj, type Obj } from '../validate.ts';
import { ApiError, badRequest } from './envelope.ts';

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw badRequest(`Malformed percent-encoding in path segment "${segment}"`);
  }
}

/** GET data from the path: `lang/en/page/2` → `{lang: "en", page: "2"}`. */
export function parsePathPairs(rest: readonly string[]): Obj {
  const segments = rest.length > 0 && rest[rest.length - 1] === '' ? rest.slice(0, -1) : rest;
  if (segments.length % 2 !== 0) {
    throw badRequest(`GET data in the path must be /key/value pairs; "${segments[segments.length - 1] ?? ''}" has no value`);
  }
  const out = bag();
  for (let i = 0; i < segments.length; i += 2) {
    const key = decodeSegment(segments[i] ?? '');
    if (key === '') throw badRequest('GET data in the path has an empty key (a double "/")');
    out[key] = decodeSegment(segments[i + 1] ?? '');
  }
  return out;
}

/** A prototype-less object, so keys like "__proto__" in input are plain data. */
function bag(): Obj {
  return Object.create(null) as Obj;
}

function formToObj(text: string): Obj {
  const out = bag();
  for (const [k, v] of new URLSearchParams(text)) out[k] = v;
  return out;
}

function parseJsonObject(text: string): Obj {
  if (jsonTextTooDeep(text)) throw badRequest(depthMessage('The JSON body'));
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch (err) {
    throw badRequest(`Malformed JSON body: ${err instanceof Error ? err.message : String(err)}`);
  }
  if (!isObj(value)) throw badRequest(`Request body must be a JSON object, got ${Array.isArray(value) ? 'an array' : value === null ? 'null' : typeof value}`);
  return value;
}

/** An API request's input: its fields merged (query, path pairs, body), and whether they came as text. */
export interface RequestInput {
  data: Obj;
  /** Form or path-pair input, where every value is a string and "42" may be a number. */
  text: boolean;
}

export interface ParsedBody {
  data: Obj;
  /** True when values arrived as text (form, key=value), where numbers are strings. */
  loose: boolean;
}

/** Decode a body by its content type: JSON, urlencoded, or plain text (JSON if it parses, else key=value pairs). */
export function parseBody(contentType: string | undefined, text: string): ParsedBody {
  if (text.trim() === '') return { data: {}, loose: false };
  const type = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (type === 'application/json' || type.endsWith('+json')) return { data: parseJsonObject(text), loose: false };
  if (type === 'application/x-www-form-urlencoded') return { data: formToObj(text), loose: true };
  if (type === 'text/plain' || type === '') {
    const trimmed = text.trim();
    if (trimmed.startsWith('{') && !jsonTextTooDeep(trimmed)) {
      try {
        const value = JSON.parse(trimmed) as unknown;
        if (isObj(value)) return { data: value, loose: false };
      } catch {
        // not JSON: fall through to key=value pairs
      }
    }
    return { data: formToObj(trimmed), loose: true };
  }
  throw new ApiError(BODY_CODE.badRequest, `Unsupported content-type "${type}": send application/json, application/x-www-form-urlencoded or text/plain`);
}

/** The input a route reads: path pairs and query, overridden by the body; text unless a JSON body brought fields. */
export function requestInput(pairs: Obj, query: URLSearchParams, body: ParsedBody): RequestInput {
  const merged = bag();
  for (const [k, v] of query) merged[k] = v;
  for (const source of [pairs, body.data]) {
    for (const k of Object.keys(source)) merged[k] = source[k];
  }
  return { data: merged, text: body.loose || Object.keys(body.data).length === 0 };
}
