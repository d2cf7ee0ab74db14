/**
 * The app's API with every answer that carries games passed through the
 * shield (web/state/shield.ts). Kept apart and tiny because the shell holds
 * it: the filter itself is handed in, so it can load with the first list.
 */
import type { Api } from '../api/endpoints.ts';
import type { ShieldedCall } from './shield.ts';

export type ShieldFilter = <R>(call: ShieldedCall, answer: R) => Promise<R>;

const CALLS: readonly ShieldedCall[] = ['gameList', 'gameSearch', 'hotGame', 'playedList', 'similarList', 'homeList', 'gameInfo'];

export function shieldApi(api: Api, filter: ShieldFilter): Api {
  const out: Record<string, unknown> = { ...api };
  for (const name of CALLS) {
    const call = api[name] as (req: unknown, opts?: unknown) => Promise<unknown>;
    out[name] = async (req: unknown, opts?: unknown) => filter(name, await call(req, opts));
  }
  return out as Api;
}
