/**
 * The static export's HTML: an index.html per route path and 404.html, each the shell of build/html.ts with what that
 * page's first view needs modulepreloaded, its title and its prerendered first view.
 */
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { buildFacts, findRoute, PAGES } from '../web/app/route-table.ts';
import { viewportFor } from '../web/core/viewport.ts';
import { API_CLIENT_ENTRY } from './first-load-plan.ts';
import { htmlFileForPath, renderShell, type InstallHead } from './html.ts';
import type { ResolvedOptions } from './options.ts';
import { staticClosure, type OutputInfo, type PageChunk } from './outputs.ts';
import { frameStyle, pageTitles, prerenderRoute } from './prerender.ts';
import { wordsFirstScript } from './words-first.ts';

export interface HtmlFile {
  /** Relative to outDir, e.g. "main/login/index/index.html". */
  file: string;
  /** The route path it serves; null for 404.html. */
  routePath: string | null;
  /**
   * Its module script (relative to outDir): the shell chunk itself when the entry file is only an import of it (the
   * production build, build/first-load-plan.ts), else the entry. The same for every page.
   */
  script: string;
  /**
   * The lazy page chunk of this route (and what that imports) preloaded on
   * top of the entry's static imports, so the page does not wait for the app
   * to start before fetching its code, except the API client's chunks (apiPreloads). Empty when the page has no own
   * chunk.
   */
  pagePreloads: string[];
  /**
   * The API client's chunks, on a route whose first view calls the API (route entry `callsFirst`), all of them, listed
   * before the page's: its first request is not held up by them.
   */
  apiPreloads: string[];
  /** Chunks the page's first view imports lazily (route entry `firstView`), so they come with the page, not a round trip after it. */
  viewPreloads: string[];
}

/** What every page loads: the entry, its stylesheet, what the entry imports statically and what it loads at start. */
interface ShellFiles {
  entry: OutputInfo;
  /** Relative to outDir. */
  css: string | null;
  /** outputs.ts entryClosure: modulepreloaded by every page. */
  imports: readonly string[];
  /** The entry's static imports alone (outputs.ts staticClosure). */
  statics: readonly string[];
}

async function findFavicon(publicDir: string | null): Promise<string | null> {
  if (!publicDir || !existsSync(publicDir)) return null;
  const names = await readdir(publicDir);
  const icon = ['favicon.ico', 'favicon.svg', 'favicon.png'].find((n) => names.includes(n));
  // An SVG icon goes into the HTML itself (a few hundred bytes): the browser asks for the tab's icon early, and on
  // HTTP/1.1 that request held one of the host's six connections while the page's scripts were on their way.
  if (icon === 'favicon.svg') return `data:image/svg+xml,${encodeURIComponent(await readFile(path.join(publicDir, icon), 'utf8'))}`;
  return icon ? `/${icon}` : null;
}

/** Writes every page's HTML (the paths of `opts.routePaths`, then 404.html) and says what each preloads. */
export async function writeHtmlFiles(opts: ResolvedOptions, outputs: readonly OutputInfo[], pages: readonly PageChunk[], shell: ShellFiles, install: InstallHead | null = null): Promise<HtmlFile[]> {
  const favicon = await findFavicon(opts.publicDir);
  const withImports = (entry: string): string[] => {
    const out = outputs.find((o) => o.entryPoint === entry);
    return out ? [out.file, ...staticClosure(outputs, out.file)] : [];
  };
  const apiClient = withImports(API_CLIENT_ENTRY).filter((f) => !shell.imports.includes(f));
  // An entry file that only imports the shell is a request the page need not make: the shell is the module script.
  const script = shell.entry.stubOf ?? shell.entry.file;
  const inPages = (file: string): string => path.posix.join(opts.pagesDir, file);
  const htmlFor = (routePath: string | null): HtmlFile => {
    const file = routePath === null ? '404.html' : htmlFileForPath(routePath);
    const route = routePath === null ? undefined : findRoute(routePath);
    // 404.html stands for any unknown path: the not-found page is what the app shows there.
    const owner = routePath === null ? PAGES.error404 : route;
    const source = owner && inPages(buildFacts(owner).source);
    const page = source ? pages.find((c) => c.entryPoint === source) : undefined;
    const apiPreloads = route?.callsFirst ? apiClient : [];
    // A page that imports the client's code itself (the detail, the library) lists it with the client, ahead of its
    // own chunks: listed after them, it was a seventh file and the first request waited a round trip more for it.
    const pagePreloads = (page ? [page.file, ...page.extraStaticImports] : []).filter((f) => !apiPreloads.includes(f));
    const known = new Set([...shell.imports, ...pagePreloads, ...apiPreloads]);
    const views = route === undefined ? [] : (buildFacts(route).firstView ?? []).map(inPages).flatMap(withImports);
    const viewPreloads = [...new Set(views)].filter((f) => !known.has(f));
    return { file, routePath, script, pagePreloads, apiPreloads, viewPreloads };
  };
  const frameCss = opts.prerender ? await frameStyle(opts.root) : null;
  const firstScript = opts.prerender ? await wordsFirstScript(opts.root) : undefined;
  const seen = new Set<string>();
  const htmlFiles = [...opts.routePaths.map(htmlFor), htmlFor(null)].filter((h) => !seen.has(h.file) && seen.add(h.file));
  await Promise.all(
    htmlFiles.map(async (h) => {
      const html = renderShell({
        entryJs: `/${h.script}`,
        entryCss: shell.css ? `/${shell.css}` : null,
        // The two files that carry the bytes first, the shell (the module script) and React's renderer, the longest
        // download, which ends the simulated LCP; then the one-line entry files of the API client and the page, and the
        // first view's lazy code (decision 0015, "The two-file first view"). On HTTP/1.1 a host gets six connections, and
        // config.json, the stylesheet and the manifest with its icon hold four of them when the scripts are asked for.
        modulePreloads: [...new Set([...shell.statics, ...shell.imports, ...h.apiPreloads, ...h.pagePreloads, ...h.viewPreloads])]
          .filter((f) => f !== h.script)
          .map((f) => `/${f}`),
        favicon,
        liveReloadUrl: opts.liveReloadUrl,
        liveReloadBuildId: opts.liveReloadBuildId ?? null,
        config: opts.config,
        viewport: viewportFor(h.routePath),
        prerendered: opts.prerender ? { css: frameCss ?? '', markup: prerenderRoute(h.routePath), firstScript } : null,
        titles: opts.prerender ? pageTitles(h.routePath) : null,
        install,
      });
      const target = path.join(opts.outDir, h.file);
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, html);
    }),
  );
  return htmlFiles;
}
