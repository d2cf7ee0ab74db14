/**
 * The app's stylesheet without blocking the page (FCP, decision 0018). The
 * shell only preloads it (`<link rel="preload" as="style">`, build/html.ts),
 * so nothing waits for it before the scripts start; the app turns each such
 * preload into a stylesheet and renders once it has applied, so the first
 * frame React paints is already styled. The shell's inline style keeps the
 * page dark meanwhile. A stylesheet that fails to load does not stop the app:
 * an unstyled page that works beats a blank one.
 */

/** Applies every preloaded stylesheet of `doc`; resolves when each has loaded or failed. */
export function applyPreloadedStylesheets(doc: Document): Promise<void> {
  const preloads = [...doc.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="style"]')];
  return Promise.all(
    preloads.map(
      (preload) =>
        new Promise<void>((resolve) => {
          const href = preload.getAttribute('href');
          if (!href || doc.querySelector(`link[rel="stylesheet"][href="${CSS.escape(href)}"]`)) return resolve();
          const link = doc.createElement('link');
          link.rel = 'stylesheet';
          link.href = href;
          link.addEventListener('load', () => resolve(), { once: true });
          link.addEventListener('error', () => resolve(), { once: true });
          preload.after(link);
        }),
    ),
  ).then(() => undefined);
}
