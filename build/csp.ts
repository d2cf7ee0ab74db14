/**
 * The Content-Security-Policy every exported page carries as a `<meta>`
 * (the reading is in docs/decisions/0008-hardening.md).
 *
 * Scripts come only from the app's own origin (`script-src 'self'`), so an
 * injected `<script>` or `javascript:` URL does nothing; no plugins, no
 * `<base>`. The rest is what the app really uses: the API and socket bases
 * of config.json (same origin unless absolute), the shell's one inline
 * `<style>` by hash, images and video from the mock's media (same origin)
 * or a backend's CDN (https), WebRTC video as `blob:`/MediaStream.
 *
 * A meta CSP cannot say `frame-ancestors` or `report-uri`; a host that can
 * send headers should send the same policy as a header and add those.
 */
import { createHash } from 'node:crypto';
import type { RuntimeConfig } from '../web/api/contract.ts';

export interface CspInput {
  config: RuntimeConfig;
  /** Inline `<style>` elements of the shell, exactly as written: allowed by their hash. */
  inlineStyles: readonly string[];
  /** Inline `<script>` elements (the dev live-reload client only). */
  inlineScripts: readonly string[];
  /** Dev only: the live-reload event stream (another port, so another origin). */
  liveReloadUrl: string | null;
}

/** `'sha256-…'` of an inline element's text, as CSP hashes it. */
export function cspHash(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/**
 * The origin a base names when it is absolute ("https://api.example.com/v1/" → "https://api.example.com"),
 * null when it is relative to the page (then 'self' covers it; CSP 3 'self' also covers ws:/wss: to the same host).
 */
export function baseOrigin(base: string): string | null {
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(base) && !base.startsWith('//')) return null;
  const url = new URL(base.startsWith('//') ? `https:${base}` : base);
  return url.origin === 'null' ? null : url.origin;
}

const unique = (values: readonly (string | null)[]): string[] => [...new Set(values.filter((v): v is string => v !== null))];

export function contentSecurityPolicy(input: CspInput): string {
  const { config } = input;
  const api = unique([baseOrigin(config.apiBase), baseOrigin(config.gameApiBase)]);
  const sockets = unique([baseOrigin(config.socketBase)]);
  const reload = input.liveReloadUrl ? new URL(input.liveReloadUrl).origin : null;
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    ['script-src', "'self'", ...input.inlineScripts.map(cspHash)],
    ['style-src', "'self'", ...input.inlineStyles.map(cspHash)],
    ['connect-src', "'self'", ...unique([...api, ...sockets, reload])],
    // Covers and banners come from the API host's media (the mock: /mock-media/) or a CDN the config does not name.
    ['img-src', "'self'", 'data:', 'blob:', 'https:', ...api],
    ['media-src', "'self'", 'blob:', 'https:', ...api],
    ['font-src', "'self'", 'data:'],
    // The service worker, /sw.js (docs/decisions/0021-service-worker.md).
    ['worker-src', "'self'"],
    ['object-src', "'none'"],
    ['base-uri', "'none'"],
    ['form-action', "'self'"],
  ];
  return directives.map((d) => d.join(' ')).join('; ');
}
