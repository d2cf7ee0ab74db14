/** Decision 0008 §4: the Content-Security-Policy of every exported page, and the MOCK_CLOUD build flag. */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DEFAULT_RUNTIME_CONFIG } from '../../../web/api/contract.ts';
import { mockCloudFromEnv } from '../../../build/config.ts';
import { baseOrigin, contentSecurityPolicy, cspHash } from '../../../build/csp.ts';
import { renderShell, SHELL_STYLE } from '../../../build/html.ts';

const directives = (policy: string): Map<string, string[]> =>
  new Map(policy.split('; ').map((d) => { const [name = '', ...values] = d.split(' '); return [name, values]; }));

const shell = (config = DEFAULT_RUNTIME_CONFIG, liveReloadUrl: string | null = null): string =>
  renderShell({ entryJs: '/assets/main-AAAAAAAA.js', entryCss: '/assets/main-BBBBBBBB.css', modulePreloads: [], favicon: '/favicon.svg', liveReloadUrl, config });

const policyOf = (html: string): Map<string, string[]> => {
  const m = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(html);
  return directives((m?.[1] ?? '').replace(/&#39;|&apos;/g, "'"));
};

describe('Content-Security-Policy (decision 0008 §4)', () => {
  it("scripts only from 'self', no plugins, no <base>; the shell's one inline style by its hash", () => {
    const html = shell();
    const csp = policyOf(html);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'none'"]);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    const hash = `'sha256-${createHash('sha256').update(SHELL_STYLE).digest('base64')}'`;
    expect(csp.get('style-src')).toEqual(["'self'", hash]);
    expect(html).toContain(`<style>${SHELL_STYLE}</style>`);
    // No inline style attribute or script the policy would block.
    expect(html).not.toMatch(/\sstyle="/);
    expect(html.match(/<script(?![^>]*\ssrc=)/g)).toBeNull();
    // The policy comes before anything it governs.
    expect(html.indexOf('Content-Security-Policy')).toBeLessThan(html.indexOf('<style>'));
    expect(html.indexOf('Content-Security-Policy')).toBeLessThan(html.indexOf('<link rel="preload" href="/assets/'));
  });

  it('absolute API and socket bases of config.json join connect-src (and the API host img/media-src)', () => {
    const csp = directives(
      contentSecurityPolicy({
        config: { apiBase: 'https://api.example.com/v1/', gameApiBase: 'https://game.example.com/g/', socketBase: 'wss://ws.example.com/socket/' },
        inlineStyles: [],
        inlineScripts: [],
        liveReloadUrl: null,
      }),
    );
    expect(csp.get('connect-src')).toEqual(["'self'", 'https://api.example.com', 'https://game.example.com', 'wss://ws.example.com']);
    expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https:', 'https://api.example.com', 'https://game.example.com']);
  });

  it("a dev shell allows its live-reload script by hash and its event stream's origin", () => {
    const html = shell(DEFAULT_RUNTIME_CONFIG, 'http://127.0.0.1:8081/events');
    const csp = policyOf(html);
    const code = /<script data-live-reload>(.*)<\/script>/.exec(html)?.[1] ?? '';
    expect(csp.get('script-src')).toEqual(["'self'", cspHash(code)]);
    expect(csp.get('connect-src')).toEqual(["'self'", 'http://127.0.0.1:8081']);
  });

  it.each([
    ['/api/', null],
    ['api/', null],
    ['https://api.example.com/v1/', 'https://api.example.com'],
    ['//cdn.example.com/api/', 'https://cdn.example.com'],
    ['ws://10.0.0.2:9000/socket/', 'ws://10.0.0.2:9000'],
  ])('baseOrigin(%j) is %j', (base, origin) => {
    expect(baseOrigin(base)).toBe(origin);
  });
});

describe('MOCK_CLOUD (decision 0008 §4: mock_session and X-Mock-Session only in builds pointed at the mock)', () => {
  it('relative bases (served by the mock) make a mock build; an absolute base does not; MOCK_CLOUD=1/0 decides', () => {
    expect(mockCloudFromEnv({}, DEFAULT_RUNTIME_CONFIG)).toBe(true);
    expect(mockCloudFromEnv({}, { ...DEFAULT_RUNTIME_CONFIG, apiBase: 'https://api.example.com/' })).toBe(false);
    expect(mockCloudFromEnv({}, { ...DEFAULT_RUNTIME_CONFIG, socketBase: 'wss://ws.example.com/' })).toBe(false);
    expect(mockCloudFromEnv({ MOCK_CLOUD: '0' }, DEFAULT_RUNTIME_CONFIG)).toBe(false);
    expect(mockCloudFromEnv({ MOCK_CLOUD: '1' }, { ...DEFAULT_RUNTIME_CONFIG, apiBase: 'http://10.0.0.2:8080/api/' })).toBe(true);
    expect(() => mockCloudFromEnv({ MOCK_CLOUD: 'yes' }, DEFAULT_RUNTIME_CONFIG)).toThrow('MOCK_CLOUD must be 1 or 0, got "yes"');
  });
});
