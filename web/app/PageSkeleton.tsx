/**
 * The first view of a route as the build prerenders it into that route's
 * index.html (build/prerender.ts, docs/decisions/0014-prerender.md): the page
 * frame and tab bar with the app's own classes, and the shape of the page's
 * content. The build cannot know the reader's language: the tab links' names are
 * there unseen, in every language; login's words are there in every language,
 * each hidden until the shell's first script names the reader's (build/words-first.ts).
 * No style attributes, which the page's CSP would refuse. It imports no
 * services, so react-dom/server can render it in Node.
 */
import type { Lang } from '../core/i18n/lang.ts';
import { DEFAULT_TAB_ITEMS, type TabName } from '../state/tabbar.ts';
import { Icon } from '../ui/icons.tsx';
import { APP_ICON } from '../ui/drawn-icons.ts';
import { buildFacts, type RouteDef } from './route-table.ts';
import { frameClass, frameTab } from './page-frame.ts';
import { SkeletonContent, type LoginWords } from './skeleton-shapes.tsx';

/** Marks the prerendered markup; the app replaces it on its first render. */
const PRERENDER_ATTRIBUTE = 'data-prerendered';

/** A tab's name in one language; the build passes every language the app has texts for (build/prerender.ts). */
export interface TabNames {
  lang: Lang;
  names: Readonly<Record<TabName, string>>;
}

function TabBarSkeleton({
  selectedIndex,
  tabNames,
  icons,
}: {
  selectedIndex: number;
  tabNames: readonly TabNames[];
  icons: Readonly<Record<string, string>>;
}) {
  return (
    <nav className="tabbar">
      {DEFAULT_TAB_ITEMS.map((item, index) => {
        const selected = index === selectedIndex;
        const src = selected ? item.selectedIconPath : item.iconPath;
        const svg = icons[src];
        return (
          <a
            key={item.pagePath}
            href={item.pagePath}
            className={`tabbar__item${selected ? ' tabbar__item--selected' : ''}`}
            aria-current={selected ? 'page' : undefined}
          >
            {svg === undefined ? (
              <span className="tabbar__icon">
                <img src={src} alt="" width={24} height={24} />
              </span>
            ) : (
              <>
                {/* Drawn from the HTML, no request before first paint; the app's bar shows the same drawing
                    (ui/drawn-icons.ts), so the icon neither blinks nor is asked for when the app takes over. */}
                <span className="tabbar__icon" data-icon={src} dangerouslySetInnerHTML={{ __html: svg }} />
              </>
            )}
            <span className="tabbar__text tabbar__text--placeholder" />
            {/* Unseen, so no reader sees a language not theirs; each name tagged with its language so a screen
                reader says it in that language's voice. The app's bar, in the reader's language, replaces it. */}
            <span className="skeleton__names">
              {tabNames.map(({ lang, names }) => (
                <span key={lang} lang={lang}>
                  {` ${names[item.name]}`}
                </span>
              ))}
            </span>
          </a>
        );
      })}
    </nav>
  );
}

/** The prerendered page of `route`; null (the 404 page, an unknown path) gets a bare frame. */
export function PageSkeleton({
  route,
  tabNames = [],
  icons = {},
  loginWords = [],
}: {
  route: RouteDef | null;
  tabNames?: readonly TabNames[];
  loginWords?: readonly LoginWords[];
  /** The drawn icons' SVG files by path (web/public): the tab icons (one missing here is an <img>), the app's icon. */
  icons?: Readonly<Record<string, string>>;
}) {
  const meta = route?.meta ?? null;
  const tabIndex = frameTab(meta);
  const facts = route ? buildFacts(route) : null;
  const shape = facts?.skeleton ?? 'none';
  // Home's feed opens under its brand and login pill, the library under its title; the rest under a plain band.
  const header = shape === 'feed' ? ' skeleton__header--home' : shape === 'library' ? ' skeleton__header--title' : '';
  return (
    <div className={frameClass(meta)} data-page={route?.page} {...{ [PRERENDER_ATTRIBUTE]: '' }}>
      <main className="page__body">
        {shape !== 'none' && (
          <div className="skeleton" aria-hidden="true">
            <div className={`skeleton__header${header}`}>
              {facts?.back && (
                <span className="skeleton__back">
                  <Icon name="back" />
                </span>
              )}
              {shape === 'feed' && (
                <>
                  {/* The app's icon as home's header shows it, drawn here and kept for it (ui/drawn-icons.ts). */}
                  <span className={icons[APP_ICON] === undefined ? 'skeleton__brand' : 'skeleton__brand skeleton__brand--drawn'}>
                    {icons[APP_ICON] !== undefined && <span className="skeleton__logo" data-icon={APP_ICON} dangerouslySetInnerHTML={{ __html: icons[APP_ICON] }} />}
                  </span>
                  <span className="skeleton__pill" />
                </>
              )}
            </div>
            <SkeletonContent shape={shape} loginWords={loginWords} />
          </div>
        )}
      </main>
      {tabIndex !== null && <TabBarSkeleton selectedIndex={tabIndex} tabNames={tabNames} icons={icons} />}
    </div>
  );
}
