/**
 * Links that leave the app (docs/host-bridge.md `openUrl`): the app store or package link, the site registry, any
 * absolute link a page opens. Inside a host app that announced openUrl the host opens them (its system browser or
 * app store: a webview would otherwise load an app store page in place of the app, or do nothing for a package);
 * anywhere else the page's own link behaviour stays, so a browser's long-press, middle click and new tab still work.
 */
import type { Bridge } from '../core/bridge.ts';

/** What a host may be asked to open: the web and the app stores. Never `javascript:`, `data:`, `file:` or the like. */
const EXTERNAL_PROTOCOLS: ReadonlySet<string> = new Set(['https:', 'http:', 'market:', 'itms-apps:']);
const MAX_URL_CHARS = 2048;

/** The absolute URL of `raw` (resolved against `base`) when it is a link the host may open, else null (pure). */
export function externalUrl(raw: unknown, base: string): string | null {
  if (typeof raw !== 'string' || raw.trim() === '' || raw.length > MAX_URL_CHARS) return null;
  try {
    const url = new URL(raw.trim(), base);
    if (!EXTERNAL_PROTOCOLS.has(url.protocol) || url.username !== '' || url.password !== '') return null;
    return url.href;
  } catch {
    return null;
  }
}

export interface ExternalLinks {
  /** Asks the host to open `url`; false when it was not asked (no host, not announced, or not a link to hand over). */
  open(url: string): boolean;
  /** An `<a href={url}>`'s click: the host opens it when it can, else the link does what it always did. */
  onClick(url: string): (e: { preventDefault(): void }) => void;
}

export function createExternalLinks(bridge: Pick<Bridge, 'call'>, base: () => string): ExternalLinks {
  const open = (raw: string): boolean => {
    const url = externalUrl(raw, base());
    return url !== null && bridge.call('openUrl', { url });
  };
  return {
    open,
    onClick: (url) => (e) => {
      if (open(url)) e.preventDefault();
    },
  };
}
