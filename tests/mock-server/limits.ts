/** How long a mock-server test waits for one answer, message or close before it fails. */
export const REQUEST_LIMIT_MS = 5_000;
