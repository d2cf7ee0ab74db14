/**
 * Where a URL leads (SPEC §2 "Mappings and access"): the route to render, or
 * a redirect — unknown paths to the 404 page, non-white-listed pages without
 * a token to login with `targetUrl`. Pure, so the rules are unit-tested.
 */
import { findRoute, type RouteDef } from './route-table.ts';
import { ERROR_PATHS, LOGIN_PATH } from '../core/paths.ts';

export type Resolution = { kind: 'render'; route: RouteDef } | { kind: 'redirect'; to: string };

export function loginUrl(targetUrl: string): string {
  return `${LOGIN_PATH}?targetUrl=${encodeURIComponent(targetUrl)}`;
}

export function resolve(pathname: string, search: string, loggedIn: boolean): Resolution {
  const route = findRoute(pathname);
  if (!route) return { kind: 'redirect', to: ERROR_PATHS[404] };
  if (!route.public && !loggedIn) {
    const query = search && search !== '?' ? (search.startsWith('?') ? search : `?${search}`) : '';
    return { kind: 'redirect', to: loginUrl(route.path + query) };
  }
  return { kind: 'render', route };
}
