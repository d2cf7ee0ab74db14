/**
 * The headers of a control write (docs/qa-guide.md §2), in a file with no Node
 * import: the server's guard and the QA client (which also runs in a page)
 * both read them from here.
 */

/** The custom header every control write carries (any page that sets it must pass a preflight first). */
export const CONTROL_HEADER = 'x-mock-control';
export const CONTROL_HEADER_VALUE = '1';
/** The headers a QA script sends with every write to `/__mock/` or `/__db/`. */
export const CONTROL_WRITE_HEADERS: Readonly<Record<string, string>> = {
  'content-type': 'application/json',
  [CONTROL_HEADER]: CONTROL_HEADER_VALUE,
};
