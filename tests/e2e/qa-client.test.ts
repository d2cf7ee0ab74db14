/**
 * The typed QA client (mock-server/client.ts, QA guide §6 "Typed client") in a real
 * browser page: bundled for the browser and run in Chromium on the mock's
 * origin, it drives a session the server then shows changed.
 */
import * as esbuild from 'esbuild';
import { describe, expect, it } from 'vitest';
import { newPhonePage, useServerAndBrowser } from './harness.ts';

const e2e = useServerAndBrowser({ distDir: null });

describe('the QA client in Chromium', () => {
  it('applies a scenario, a fault and virtual time from a page, and a refusal carries the status and message', async () => {
    const bundle = await esbuild.build({
      entryPoints: ['mock-server/client.ts'],
      bundle: true,
      platform: 'browser',
      format: 'iife',
      globalName: 'MockClient',
      write: false,
      logLevel: 'silent',
    });
    const phone = await newPhonePage(e2e.browser, e2e.server.url, {
      path: '/__health',
      // The refused call below (and the favicon a bare JSON page asks for) are logged by Chromium as failed loads.
      ignoreConsole: [/Failed to load resource: the server responded with a status of 404/],
    });
    try {
      // Playwright evaluates a string in a scope of its own: the bundle's `var MockClient` is put on window by hand.
      await phone.page.evaluate(`${bundle.outputFiles[0]?.text ?? ''}\nwindow.MockClient = MockClient;`);
      const seen = await phone.page.evaluate(async () => {
        type Client = typeof import('../../mock-server/client.ts');
        const { createMockClient, MockControlError } = (window as unknown as { MockClient: Client }).MockClient;
        const s = createMockClient({ baseUrl: location.origin }).session('from-the-browser');
        const applied = await s.scenario('queue');
        await s.faults({ match: { path: 'user/get_user_balance' }, status: 503 });
        const before = (await s.clock.virtual()).now;
        const after = (await s.clock.advance(40_000)).now;
        let refused = '';
        try {
          await s.scenario('no-such-scenario');
        } catch (err) {
          if (err instanceof MockControlError) refused = `${err.status} ${err.serverMessage}`;
        }
        return { scenario: applied.scenario, moved: after - before, faults: (await s.faults.list()).faults.length, refused };
      });
      expect(seen).toMatchObject({ scenario: 'queue', moved: 40_000, faults: 1 });
      expect(seen.refused).toMatch(/^404 Unknown scenario "no-such-scenario"/);
      // The server agrees: the page's calls reached the session (read back through the control API, from outside).
      const summary = (await (await fetch(new URL('/__mock/session?session=from-the-browser', e2e.server.url))).json()) as {
        scenario: string;
        clock: { virtual: boolean };
        faults: unknown[];
      };
      expect(summary.scenario).toBe('queue');
      expect(summary.clock.virtual).toBe(true);
      expect(summary.faults).toHaveLength(1);
      expect(phone.errors).toEqual([]);
    } finally {
      await phone.close();
    }
  });
});
