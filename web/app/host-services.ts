/**
 * The host app's powers outside the game screen, bound to the app's bridge (docs/host-bridge.md): links that leave
 * the app, copying and sharing. Pages import these; the rules live in host-links.ts and host-share.ts. Only pages
 * that share or link out load this, so none of it is in the first load.
 */
import { setClipboardData } from '../core/clipboard.ts';
import { stockString } from '../core/i18n/index.ts';
import { locale } from '../core/i18n/locale.ts';
import { createExternalLinks } from './host-links.ts';
import { createSharing, type ShareContent } from './host-share.ts';
import { bridge, toaster } from './services.ts';


export const externalLinks = createExternalLinks(bridge, () => location.href);

type WebShareNavigator = Navigator & { share?: (data: ShareContent) => Promise<void>; canShare?: (data: ShareContent) => boolean };
const nav = globalThis.navigator as WebShareNavigator | undefined;

export const sharing = createSharing({
  bridge,
  systemShare: typeof nav?.share === 'function' ? nav.share.bind(nav) : undefined,
  canShare: typeof nav?.canShare === 'function' ? nav.canShare.bind(nav) : undefined,
  copy: (text) => setClipboardData(text),
  toast: (what) => toaster.show({ title: stockString(what, locale.get()), icon: 'none' }),
});
