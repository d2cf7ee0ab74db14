/**
 * Tokens out of what the mock keeps and prints (docs/qa-guide.md "Journal"): the journal
 * can be read by anyone who knows a session's name, and `--verbose` lines end
 * up in CI logs. A login token travels in the generate_token path
 * (`…/token/<gly_token>`), a jtoken in the duration socket's query, play
 * tokens in game call bodies; the `token` request header is never journalled.
 */

/** What a token's value becomes. */
export const REDACTED = '[redacted]';

/** Field names whose values are credentials, wherever they appear. */
const TOKEN_KEYS = 'token|gly_token|jtoken';

// GET data as /key/value path pairs (SPEC §7), a query or urlencoded body, a JSON field.
const PATH_PAIR = new RegExp(`(/(?:${TOKEN_KEYS})/)[^/?#]+`, 'gi');
const QUERY_PAIR = new RegExp(`((?:^|[?&])(?:${TOKEN_KEYS})=)[^&#]*`, 'gi');
const JSON_FIELD = new RegExp(`("(?:${TOKEN_KEYS})"\\s*:\\s*)"(?:[^"\\\\]|\\\\.)*"`, 'gi');

/** A request path (with its query) with every token value replaced. */
export function redactPath(path: string): string {
  return path.replace(PATH_PAIR, `$1${REDACTED}`).replace(QUERY_PAIR, `$1${REDACTED}`);
}

/** A body as text (JSON, urlencoded or plain) with every token value replaced. */
export function redactBody(text: string): string {
  if (!/token/i.test(text)) return text;
  return text.replace(JSON_FIELD, `$1"${REDACTED}"`).replace(QUERY_PAIR, `$1${REDACTED}`);
}
