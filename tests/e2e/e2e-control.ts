/** Applying a named mock scenario to a session from an e2e test (POST /__mock/scenario). */
import { CONTROL_WRITE_HEADERS } from '../../mock-server/http/control-guard.ts';

export async function applyScenario(baseUrl: string, session: string, name: string): Promise<void> {
  const res = await fetch(new URL(`/__mock/scenario?session=${session}`, baseUrl), {
    method: 'POST',
    headers: { ...CONTROL_WRITE_HEADERS, 'content-type': 'application/json' },
    body: JSON.stringify({ name }),
  });
  if (!res.ok) throw new Error(`scenario ${name}: ${res.status} ${await res.text()}`);
}
