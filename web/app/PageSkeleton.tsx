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
import type { PageKey } from '../core/paths.ts';
import type { Lang } from '../core/i18n/lang.ts';
import { DEFAULT_TAB_ITEMS, type TabName } from '../state/tabbar.ts';
import { Icon } from '../ui/icons.tsx';
import { APP_ICON } from '../ui/drawn-icons.ts';
import type { RouteDef } from './route-table.ts';
import type { WordsLang } from './words-first.ts';

/** Marks the prerendered markup; the app replaces it on its first render. */
const PRERENDER_ATTRIBUTE = 'data-prerendered';

type Shape = 'feed' | 'library' | 'grid' | 'profile' | 'detail' | 'form' | 'login' | 'text' | 'none';

const SHAPES: Partial<Record<PageKey, Shape>> = {
  home: 'feed',
  gameLibrary: 'library',
  gameList: 'grid',
  search: 'grid',
  played: 'grid',
  user: 'profile',
  gameDetail: 'detail',
  login: 'login',
  setting: 'form',
  auth: 'form',
  game: 'none',
  webviewDetail: 'none',
  webviewHome: 'none',
  memberPopupPremium: 'none',
  memberPopupRecharge: 'none',
  recommendPopupProduct: 'none',
};

/** Pages whose first view starts with the navigation bar's back button (ui/NavBar.tsx `onBack`). */
const WITH_BACK = new Set<PageKey>([
  'login', 'download', 'gameDetail', 'gameList', 'played', 'protocol', 'aboutus', 'countryCodes', 'setting', 'auth',
  'property', 'timelapse', 'invite', 'memberCompare', 'payLoading', 'payResult',
]);

/** The login page's first-view words in one language (build/prerender.ts passes English and each translation). */
export interface LoginWords {
  lang: WordsLang;
  words: Readonly<Record<LoginWordKey, string>>;
}

export const LOGIN_WORD_KEYS = [
  'title', 'newAccount', 'phone', 'code', 'consentBefore', 'userAgreement', 'consentAnd', 'privacyPolicy', 'consentAfter', 'logIn',
] as const;

export type LoginWordKey = (typeof LOGIN_WORD_KEYS)[number];

/** One text in every language, each hidden by the frame's rules unless it is the reader's (`html[data-words]`). */
function Words({ of, k, link = false }: { of: readonly LoginWords[]; k: LoginWordKey; link?: boolean }) {
  return (
    <>
      {of.map(({ lang, words }) => (
        <span key={lang} className={link ? 'skeleton__words skeleton__link' : 'skeleton__words'} lang={lang}>
          {words[k]}
        </span>
      ))}
    </>
  );
}

/**
 * Login's form at the app's pixels (web/pages/main/login), with its words: its largest paint is text, and text drawn
 * from the HTML is painted before any script runs (issue 10, LCP). The fields are their rows, without placeholders.
 */
function LoginSkeleton({ words }: { words: readonly LoginWords[] }) {
  return (
    <div className="skeleton__login">
      <div className="skeleton__login-head">
        <div className="skeleton__login-title">
          <Words of={words} k="title" />
        </div>
        <div className="skeleton__login-sub">
          <Words of={words} k="newAccount" />
        </div>
      </div>
      {(['phone', 'code'] as const).map((k) => (
        <div key={k} className={`skeleton__field${k === 'phone' ? ' skeleton__field--hint' : ''}`}>
          <div className="skeleton__field-label">
            <Words of={words} k={k} />
          </div>
          <div className="skeleton__field-row" />
        </div>
      ))}
      <div className="skeleton__consent">
        <span className="skeleton__check" />
        <span>
          <Words of={words} k="consentBefore" />
          <Words of={words} k="userAgreement" link />
          <Words of={words} k="consentAnd" />
          <Words of={words} k="privacyPolicy" link />
          <Words of={words} k="consentAfter" />
        </span>
      </div>
      <div className="skeleton__block skeleton__block--login">
        <Words of={words} k="logIn" />
      </div>
    </div>
  );
}

/** A tab's name in one language; the build passes every language the app has texts for (build/prerender.ts). */
export interface TabNames {
  lang: Lang;
  names: Readonly<Record<TabName, string>>;
}

const covers = (n: number) => Array.from({ length: n }, (_, i) => <div key={i} className="skeleton__block skeleton__block--cover" />);
const fields = (n: number) => Array.from({ length: n }, (_, i) => <div key={i} className="skeleton__block skeleton__block--field" />);

/** The library's filter chips, at the widths its first genres take (they scroll off the right edge). */
const CHIP_WIDTHS = [48, 70, 96, 56, 84];
const cards = (n: number) =>
  Array.from({ length: n }, (_, i) => (
    <div key={i} className="skeleton__card">
      <div className="skeleton__block skeleton__block--cover" />
      <div className="skeleton__line skeleton__line--card" />
      <div className="skeleton__line skeleton__line--card-sub" />
    </div>
  ));

function Content({ shape, loginWords }: { shape: Shape; loginWords: readonly LoginWords[] }) {
  switch (shape) {
    case 'login':
      return <LoginSkeleton words={loginWords} />;
    case 'library':
      // The game library's own order: title, search, genre chips, sort bar, then rows of covers with their names.
      return (
        <>
          <div className="skeleton__block skeleton__block--search" />
          <div className="skeleton__chips">
            {CHIP_WIDTHS.map((w) => (
              <div key={w} className={`skeleton__block skeleton__block--chip skeleton__chip-${w}`} />
            ))}
          </div>
          <div className="skeleton__block skeleton__block--seg" />
          <div className="skeleton__row skeleton__row--cards">{cards(3)}</div>
          <div className="skeleton__row skeleton__row--cards">{cards(3)}</div>
          <div className="skeleton__row skeleton__row--cards">{cards(3)}</div>
        </>
      );
    case 'feed':
      // Home's own order for a visitor: the account card, four shortcuts, the banner carousel, then a row of games.
      return (
        <>
          <div className="skeleton__block skeleton__block--account" />
          <div className="skeleton__tiles">
            {[0, 1, 2, 3].map((i) => (
              <div key={i} className="skeleton__block" />
            ))}
          </div>
          <div className="skeleton__block skeleton__block--carousel" />
          <div className="skeleton__line skeleton__line--section" />
          <div className="skeleton__row skeleton__row--cards skeleton__row--home">{cards(4)}</div>
        </>
      );
    case 'grid':
      return (
        <>
          <div className="skeleton__block skeleton__block--field" />
          <div className="skeleton__row">{covers(3)}</div>
          <div className="skeleton__row">{covers(3)}</div>
        </>
      );
    case 'profile':
      return (
        <>
          <div className="skeleton__block skeleton__block--profile" />
          {fields(4)}
        </>
      );
    case 'detail':
      // Game detail's own order: the full-width banner, cover and title, three facts, the description, and Play.
      return (
        <>
          <div className="skeleton__block skeleton__block--hero" />
          <div className="skeleton__head">
            <div className="skeleton__block skeleton__block--head-cover" />
            <div className="skeleton__facts">
              <div className="skeleton__line skeleton__line--title" />
              <div className="skeleton__line skeleton__line--short" />
              <div className="skeleton__line skeleton__line--chips" />
            </div>
          </div>
          <div className="skeleton__stats">
            <div className="skeleton__block" />
            <div className="skeleton__block" />
            <div className="skeleton__block" />
          </div>
          <div className="skeleton__line skeleton__line--heading" />
          <div className="skeleton__line" />
          <div className="skeleton__line" />
          <div className="skeleton__line skeleton__line--short" />
          <div className="skeleton__block skeleton__block--play" />
        </>
      );
    case 'form':
      return <>{fields(3)}</>;
    case 'text':
      return (
        <>
          <div className="skeleton__line" />
          <div className="skeleton__line" />
          <div className="skeleton__line skeleton__line--short" />
        </>
      );
    case 'none':
      return null;
  }
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
  const meta = route?.meta;
  const contained = !!meta && (meta.fixed || meta.disableScroll);
  const tabIndex = meta?.isTabBar ? meta.tabBarIndex : null;
  const className = ['page', contained ? 'page--contained' : '', tabIndex !== null && tabIndex !== undefined ? 'page--tabbar' : '']
    .filter(Boolean)
    .join(' ');
  const shape: Shape = route ? (SHAPES[route.page] ?? 'text') : 'none';
  return (
    <div className={className} data-page={route?.page} {...{ [PRERENDER_ATTRIBUTE]: '' }}>
      <main className="page__body">
        {shape !== 'none' && (
          <div className="skeleton" aria-hidden="true">
            <div className={`skeleton__header${route?.page === 'home' ? ' skeleton__header--home' : shape === 'library' ? ' skeleton__header--title' : ''}`}>
              {route && WITH_BACK.has(route.page) && (
                <span className="skeleton__back">
                  <Icon name="back" />
                </span>
              )}
              {route?.page === 'home' && (
                <>
                  {/* The app's icon as home's header shows it, drawn here and kept for it (ui/drawn-icons.ts). */}
                  <span className={icons[APP_ICON] === undefined ? 'skeleton__brand' : 'skeleton__brand skeleton__brand--drawn'}>
                    {icons[APP_ICON] !== undefined && <span className="skeleton__logo" data-icon={APP_ICON} dangerouslySetInnerHTML={{ __html: icons[APP_ICON] }} />}
                  </span>
                  <span className="skeleton__pill" />
                </>
              )}
            </div>
            <Content shape={shape} loginWords={loginWords} />
          </div>
        )}
      </main>
      {tabIndex !== null && tabIndex !== undefined && <TabBarSkeleton selectedIndex={tabIndex} tabNames={tabNames} icons={icons} />}
    </div>
  );
}
