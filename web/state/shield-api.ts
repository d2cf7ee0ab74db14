/**
 * The app's API with every answer that carries games passed through the
 * shield (web/state/shield.ts), so no page has to remember it (SPEC §5).
 */
import type { Api } from '../api/endpoints.ts';
import { applyShield, createShieldSource, type ShieldedCall } from './shield.ts';

const CALLS: readonly ShieldedCall[] = ['gameList', 'gameSearch', 'hotGame', 'playedList', 'similarList', 'homeList', 'gameInfo'];

/**
 * ps_shield is asked for when a shielded call starts, alongside it, not after its answer: the list the page waits
 * for then costs no round trip of its own (LCP; decision 0015, "First request"). Loaded once a visit; a failure hides nothing and is
 * tried again by the next call (createShieldSource).
 */
export function shieldApi(api: Api): Api {
  const shieldList = createShieldSource(() => api.psShield({}, { silent: true, background: true }));
  const out: Record<string, unknown> = { ...api };
  for (const name of CALLS) {
    const call = api[name] as (req: unknown, opts?: unknown) => Promise<unknown>;
    out[name] = async (req: unknown, opts?: unknown) => {
      const shield = shieldList();
      const answer = await call(req, opts);
      return applyShield(name, answer, await shield);
    };
  }
  return out as Api;
}
