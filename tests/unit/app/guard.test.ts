import { describe, expect, it } from 'vitest';
import { loginUrl, resolve } from '../../../web/app/guard.ts';
import { ROUTES } from '../../../web/app/route-table.ts';
import { ERROR_PATHS, LOGIN_PATH } from '../../../web/core/paths.ts';

describe('login guard and unknown paths (SPEC §2 Mappings and access)', () => {
  it('renders a white-listed page without a token', () => {
    const r = resolve('/main/gameLibrary/index', '', false);
    expect(r).toMatchObject({ kind: 'render', route: { page: 'gameLibrary' } });
  });

  it('sends a page that is not white-listed to login with targetUrl = that page and its query', () => {
    const r = resolve('/main/user/index', '?tab=2', false);
    expect(r).toEqual({ kind: 'redirect', to: `${LOGIN_PATH}?targetUrl=${encodeURIComponent('/main/user/index?tab=2')}` });
  });

  it('lets a logged-in user open every page', () => {
    for (const route of ROUTES) expect(resolve(route.path, '', true).kind).toBe('render');
  });

  it('sends unknown paths to the 404 page (SPEC §2 "Page not found goes to the 404 page")', () => {
    expect(resolve('/no/such/page', '', true)).toEqual({ kind: 'redirect', to: ERROR_PATHS[404] });
    expect(resolve('/no/such/page', '', false)).toEqual({ kind: 'redirect', to: ERROR_PATHS[404] });
  });

  it('treats the home alias and trailing slashes as the same page', () => {
    expect(resolve('/main/index/index', '', false)).toMatchObject({ kind: 'render', route: { page: 'home' } });
    expect(resolve('/main/login/index/', '', false)).toMatchObject({ kind: 'render', route: { page: 'login' } });
    expect(resolve('/main/login/index/index.html', '', false)).toMatchObject({ kind: 'render', route: { page: 'login' } });
  });

  it('builds login URLs that round-trip through URLSearchParams', () => {
    const target = '/submodules/game/game/index?game_id=3&agent_code=a1';
    const url = new URL(loginUrl(target), 'http://x');
    expect(url.pathname).toBe(LOGIN_PATH);
    expect(url.searchParams.get('targetUrl')).toBe(target);
  });

  it('keeps the error pages, login and country codes reachable without a token', () => {
    for (const path of [...Object.values(ERROR_PATHS), LOGIN_PATH, '/submodules/user/countryCodes/index', '/submodules/system/protocol/index'])
      expect(resolve(path, '', false).kind).toBe('render');
  });
});
