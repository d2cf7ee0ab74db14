/**
 * The runtime config (`/config.json`) lets one static build talk to any
 * backend and play through any stream SDK adapter the build has. A missing
 * or broken file, or a missing or blank field, falls back to the
 * same-origin defaults and the mock SDK.
 */
// From the area file, not the contract's barrel: esbuild follows every re-export of a barrel into the first load (decision 0015).
import { DEFAULT_RUNTIME_CONFIG } from '../api/contract/runtime-config.ts';
import type { RuntimeConfig } from '../api/contract.ts';

/** The fields that are URL bases: they always end in "/". */
const BASES = ['apiBase', 'gameApiBase', 'socketBase'] as const;

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : null);

export function parseRuntimeConfig(raw: unknown): Required<RuntimeConfig> {
  const out = { ...DEFAULT_RUNTIME_CONFIG };
  if (raw && typeof raw === 'object') {
    const fields = raw as Record<string, unknown>;
    for (const key of BASES) {
      const value = text(fields[key]);
      if (value) out[key] = value.endsWith('/') ? value : `${value}/`;
    }
    // An unknown name is kept: the game screen says so when it needs the SDK (web/game/adapters.ts).
    const sdk = text(fields['sdk']);
    if (sdk) out.sdk = sdk.trim();
    // Only an explicit false switches the service worker off: a typo must not take a player's offline home away.
    if (fields['serviceWorker'] === false) out.serviceWorker = false;
  }
  return out;
}

export async function loadRuntimeConfig(fetchImpl: typeof fetch = fetch, url = '/config.json'): Promise<Required<RuntimeConfig>> {
  try {
    const res = await fetchImpl(url, { cache: 'no-cache' });
    if (!res.ok) return { ...DEFAULT_RUNTIME_CONFIG };
    return parseRuntimeConfig(await res.json());
  } catch {
    return { ...DEFAULT_RUNTIME_CONFIG };
  }
}
