/**
 * The icons the prerendered HTML drew inline (decision 0014) — the tab bar's, and the app's icon in home's header —
 * kept as image URLs for the app, which replaces the skeleton and shows the same icons without asking the network:
 * requests that shared the slow link with the first view's data (LCP, decision 0018), and icons that blinked while their file
 * arrived.
 */
const drawn = new Map<string, string>();

/** The app's icon (web/public), which home's header shows: its skeleton draws it too (app/PageSkeleton.tsx). */
export const APP_ICON = '/favicon.svg';

/** Reads the skeleton's icons (`[data-icon]`: the icon's path, its SVG inside) before the app replaces them. */
export function keepDrawnIcons(root: ParentNode): void {
  for (const el of root.querySelectorAll<HTMLElement>('[data-icon]')) {
    const path = el.dataset.icon;
    const svg = el.innerHTML.trim();
    if (path && svg.startsWith('<svg')) drawn.set(path, `data:image/svg+xml,${encodeURIComponent(svg)}`);
  }
}

/** What an icon's `<img>` shows: the drawn copy when the skeleton had one, else the file. */
export function iconSource(path: string): string {
  return drawn.get(path) ?? path;
}
