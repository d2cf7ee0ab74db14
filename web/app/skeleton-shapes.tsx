/**
 * The shapes of the prerendered pages' content (route-table.ts `skeleton`), each at the pixels of the page it stands
 * for, so the app's first render lands on it without a layout shift (docs/decisions/0014-prerender.md). Rendered by
 * PageSkeleton.tsx, in Node only.
 */
import type { SkeletonShape } from './route-types.ts';
import type { WordsLang } from './words-first.ts';

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
 * from the HTML is painted before any script runs (docs/decisions/0014-prerender.md, "Login says its words before the
 * app"). The fields are their rows, without placeholders.
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

/** The content of a page's skeleton, under its header band. */
export function SkeletonContent({ shape, loginWords }: { shape: SkeletonShape; loginWords: readonly LoginWords[] }) {
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
