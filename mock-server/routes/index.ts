/** Every API group. A new group is one file in this folder plus one line here. */
import { accountRoutes } from './account.ts';
import { eventRoutes } from './events.ts';
import { gameRoutes } from './game.ts';
import { catalogueRoutes } from './games.ts';
import { homeRoutes } from './home.ts';
import { inviteRoutes } from './invite.ts';
import { memberRoutes } from './member.ts';
import { payRoutes } from './pay.ts';
import type { Route } from './route.ts';
import { signInRoutes } from './signin.ts';
import { systemRoutes } from './system.ts';
import { userRoutes } from './user.ts';

export const ROUTE_GROUPS: readonly (readonly Route[])[] = [
  systemRoutes,
  userRoutes,
  gameRoutes,
  catalogueRoutes,
  homeRoutes,
  signInRoutes,
  accountRoutes,
  eventRoutes,
  memberRoutes,
  payRoutes,
  inviteRoutes,
];

export interface RouteMatch {
  route: Route;
  /** Path segments after the route's path: GET data as `/key/value` pairs. */
  rest: string[];
}

/** Index the routes by path; a repeated path is a programming error caught at startup. */
export function createRouter(groups: readonly (readonly Route[])[] = ROUTE_GROUPS): (apiPath: string) => RouteMatch | undefined {
  const byPath = new Map<string, Route>();
  for (const route of groups.flat()) {
    if (byPath.has(route.path)) throw new Error(`Route ${route.path} is defined twice`);
    byPath.set(route.path, route);
  }
  const longest = Math.max(0, ...[...byPath.keys()].map((p) => p.split('/').length));
  // `apiPath` is relative to the API base, still percent-encoded, e.g. "index/api/downurl/lang/en".
  return (apiPath) => {
    const segments = apiPath.split('/');
    for (let n = Math.min(longest, segments.length); n > 0; n--) {
      const route = byPath.get(segments.slice(0, n).join('/'));
      if (route) return { route, rest: segments.slice(n) };
    }
    return undefined;
  };
}
