/**
 * The runtime config (`/config.json`) lets one static build talk to any
 * backend. A missing or broken file falls back to the same-origin defaults.
 */
import { DEFAULT_RUNTIME_CONFIG, type RuntimeConfig } from '../api/contract.ts';

export function parseRuntimeConfig(raw: unknown): RuntimeConfig {
  const out: RuntimeConfig = { ...DEFAULT_RUNTIME_CONFIG };
  if (raw && typeof raw === 'object') {
    for (const key of Object.keys(out) as Array<keyof RuntimeConfig>) {
      const value = (raw as Record<string, unknown>)[key];
      if (typeof value === 'string' && value.trim() !== '') out[key] = value.endsWith('/') ? value : `${value}/`;
    }
  }
  return out;
}

export async function loadRuntimeConfig(fetchImpl: typeof fetch = fetch, url = '/config.json'): Promise<RuntimeConfig> {
  try {
    const res = await fetchImpl(url, { cache: 'no-cache' });
    if (!res.ok) return { ...DEFAULT_RUNTIME_CONFIG };
    return parseRuntimeConfig(await res.json());
  } catch {
    return { ...DEFAULT_RUNTIME_CONFIG };
  }
}
