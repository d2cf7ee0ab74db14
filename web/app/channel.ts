/**
 * Channel handling (SPEC §2, §6): `agent_code` from the query selects a
 * channel and is kept in session storage for the rest of the visit; the game
 * screen opened with an agent_code and no game_id is single-game mode.
 * `mock_session` (QA) is kept the same way and forwarded on every request
 * and socket — only in a build made for the mock cloud (MOCK_CLOUD,
 * web/core/build-flags.ts): a production bundle has no such code.
 */
import { normalizePath } from './route-table.ts';
import { GAME_PATH } from '../core/paths.ts';
import { MOCK_CLOUD } from '../core/build-flags.ts';

export const AGENT_CODE_KEY = 'agent_code';
export const MOCK_SESSION_KEY = 'mock_session';
const SAFE_VALUE = /^[\w.-]{1,64}$/;

export interface ChannelQuery {
  agentCode: string | null;
  mockSession: string | null;
}

/** The query values worth remembering; malformed values are dropped rather than stored. */
export function readChannel(search: string): ChannelQuery {
  const query = new URLSearchParams(search);
  const safe = (v: string | null) => (v && SAFE_VALUE.test(v) ? v : null);
  return { agentCode: safe(query.get(AGENT_CODE_KEY)), mockSession: MOCK_CLOUD ? safe(query.get(MOCK_SESSION_KEY)) : null };
}

/** The mock session this visit names (null outside a mock build, or without one). */
export function mockSessionOf(storage: Pick<Storage, 'getItem'> | undefined): string | null {
  if (!MOCK_CLOUD) return null;
  try {
    return storage?.getItem(MOCK_SESSION_KEY) ?? null;
  } catch {
    return null;
  }
}

export function isSingleGameMode(pathname: string, search: string, agentCode: string | null): boolean {
  if (normalizePath(pathname) !== GAME_PATH) return false;
  const query = new URLSearchParams(search);
  const agent = query.get(AGENT_CODE_KEY) ?? agentCode;
  return !!agent && !query.get('game_id');
}

/** Session-storage key of the single-game-mode flag (SPEC §2: the visit started on the game screen with agent_code and no game_id). */
export const SINGLE_MODE_KEY = 'single_mode';

/** Reads the flag the shell keeps for the visit. */
export function readSingleMode(storage: Pick<Storage, 'getItem'> | undefined): boolean {
  try {
    return storage?.getItem(SINGLE_MODE_KEY) === '1';
  } catch {
    return false;
  }
}

/** Written once, at app start, from `isSingleGameMode(location…)`; later pages carry no query. */
export function rememberSingleMode(storage: Pick<Storage, 'setItem'> | undefined, single: boolean): void {
  if (!single) return;
  try {
    storage?.setItem(SINGLE_MODE_KEY, '1');
  } catch {
    // Private mode without storage: single mode is not remembered, auto sign-in stays on.
  }
}
