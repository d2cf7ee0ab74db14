/**
 * A download link that counts its download (SPEC §7 update_down) and then opens. A link that leaves the tab unloads
 * the page: a count still being signed would never leave, so the link waits for it — briefly, never holding the
 * player up for its answer — and the request outlives the page (keepalive). Inside a host app the host opens the
 * link and the page stays; a click for a new tab leaves this page as it is, so both just count.
 */
import type { Clock } from '../../../core/clock.ts';

/** How long a link waits for its count before it opens anyway. */
export const COUNT_WAIT_MS = 300;

export interface LinkClick {
  button: number;
  metaKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  preventDefault(): void;
}

export interface CountThenOpen {
  /** Starts the count, or null when there is nothing to count (logged out, not from a game). */
  count(): Promise<unknown> | null;
  /** The host opened the link (docs/host-bridge.md openUrl): the page stays. */
  openInHost(): boolean;
  /** Opens the link in this tab. */
  go(): void;
  clock: Pick<Clock, 'setTimeout'>;
}

export function countThenOpen(d: CountThenOpen, e: LinkClick): void {
  const counting = d.count();
  if (d.openInHost()) {
    e.preventDefault();
    return;
  }
  const newTab = e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey;
  if (counting === null || newTab) return;
  e.preventDefault();
  let gone = false;
  const go = (): void => {
    if (gone) return;
    gone = true;
    d.go();
  };
  counting.then(go, go);
  d.clock.setTimeout(go, COUNT_WAIT_MS);
}
