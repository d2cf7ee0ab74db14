/**
 * Copying and sharing (docs/host-bridge.md `setClipboard`, `share`; SPEC §8 clipboard). Inside a host app that
 * announced them the host does it: a webview's clipboard API is often refused, and only the host has the system's
 * share sheet. Elsewhere: the web clipboard (web/core/clipboard.ts) and the Web Share API where the browser has it,
 * else the link is copied, so Share always does something a player can paste.
 */
import type { Bridge } from '../core/bridge.ts';

export interface ShareContent {
  title: string;
  text: string;
  url?: string;
}

/** How a share went: the host's sheet, the browser's sheet, the link copied instead, the player closed the sheet, or nothing worked. */
export type ShareOutcome = 'host' | 'system' | 'copied' | 'cancelled' | 'failed';

export interface SharingDeps {
  bridge: Pick<Bridge, 'call'>;
  /** The browser's `navigator.share` where it exists. */
  systemShare?: ((data: ShareContent) => Promise<void>) | undefined;
  /** The browser's `navigator.canShare` where it exists: a sheet that would refuse the data is not opened. */
  canShare?: ((data: ShareContent) => boolean) | undefined;
  /** The web clipboard (web/core/clipboard.ts); rejects when the text could not be copied. */
  copy: (text: string) => Promise<void>;
  /** SPEC §8's stock "content copied" or "copy failed" toast. */
  toast: (what: 'copied' | 'copyFailed') => void;
}

export interface Sharing {
  /** Copies `text` and says so; false when it could not be copied. */
  copy(text: string): Promise<boolean>;
  share(content: ShareContent): Promise<ShareOutcome>;
}

const isAbort = (e: unknown): boolean => typeof e === 'object' && e !== null && (e as { name?: unknown }).name === 'AbortError';

export function createSharing(deps: SharingDeps): Sharing {
  const copy = async (text: string): Promise<boolean> => {
    // The host answers nothing: a call it took is a copy made.
    if (deps.bridge.call('setClipboard', { text })) {
      deps.toast('copied');
      return true;
    }
    try {
      await deps.copy(text);
      deps.toast('copied');
      return true;
    } catch {
      deps.toast('copyFailed');
      return false;
    }
  };

  return {
    copy,
    async share(content) {
      if (deps.bridge.call('share', content.url === undefined ? { title: content.title, text: content.text } : content)) return 'host';
      let canShare = false;
      try {
        canShare = deps.systemShare !== undefined && (deps.canShare?.(content) ?? true);
      } catch {
        // A canShare that throws on this data is a no.
      }
      if (deps.systemShare && canShare) {
        try {
          await deps.systemShare(content);
          return 'system';
        } catch (e) {
          // The player closed the sheet: that is an answer, not a failure to cover up with a copy.
          if (isAbort(e)) return 'cancelled';
        }
      }
      return (await copy(content.url ?? content.text)) ? 'copied' : 'failed';
    },
  };
}
