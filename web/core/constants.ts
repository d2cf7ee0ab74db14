/**
 * SPEC §9 constants only the app uses. The mock cloud never sees them, so
 * they are not in the contract (web/api/contract.ts holds what both sides
 * share; the mock's own limits are in mock-server/limits.ts).
 */

// ---- the generic request, the host bridge and sockets (web/core)

/** A request without its own timeout gives up after this long. */
export const REQUEST_TIMEOUT_MS = 120_000;
/** The runtime's default timeout for its other calls: a host bridge call, a socket's connect. */
export const RUNTIME_DEFAULT_TIMEOUT_MS = 60_000;
/** The close code the app sends when it closes a socket itself (a normal closure). */
export const SOCKET_CLOSE_CODE = 1000;
/** A dropped socket is reopened after this long ... */
export const SOCKET_RECONNECT_DELAY_MS = 5_000;
/** ... at most this many times in a row, then it gives up. */
export const SOCKET_MAX_RECONNECTS = 10;

// ---- storage and toasts (web/core)

/** The IndexedDB `cloud_game` version; db-migrations.ts walks older ones up. */
export const DB_VERSION = 6;
/** PBKDF2 rounds (SHA-256) of the key that encrypts the stored login info. */
export const KEY_DERIVATION_ITERATIONS = 1000;
export const TOAST_DURATION_MS = 1500;
/** A loading toast stays until hidden. */
export const TOAST_LOADING_DURATION_MS = 1e8;

// ---- the game session (web/game)

/** The SDK must connect within this long. */
export const SDK_INIT_WAIT_MS = 60_000;
/** After the stream's idle event (45001), no input for this long ends the game. */
export const NO_OPERATION_MS = 60_000;
/** A lost stream may take this long to come back before the session ends. */
export const RECONNECT_WAIT_MS = 60_000;
/** While playing, minor_web_config hears the day's play this often (decision 0012), besides at start and stop. */
export const MINOR_REPORT_MS = 60_000;
/**
 * The cloud ended the stream (54001, or the stream closed as ended): this long for the duration socket to say why
 * (out of play time, kicked) before the game ends as ended by the cloud. The two arrive on different connections.
 */
export const CLOUD_END_REASON_WAIT_MS = 1_000;
/** No decoded frame for this long is a lost connection (SPEC §4 reconnect path). */
export const STREAM_STALL_MS = 10_000;
/** Poor network figures for this many seconds in a row offer a lower clarity (docs/stream-stats.md "Network advice"). */
export const NETWORK_POOR_SECONDS = 3;
/** Good figures for this many seconds in a row take the offer away. */
export const NETWORK_GOOD_SECONDS = 5;
/** Seconds of blu-ray trial a client starts with (local database `user.bluray_try_duration`). */
export const BLURAY_TRY_DURATION_DEFAULT = 300;
