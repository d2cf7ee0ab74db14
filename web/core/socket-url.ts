/**
 * Socket bases may be relative ("/socket/") so one build serves any host
 * (contract RuntimeConfig); WebSocket needs an absolute ws(s) URL.
 */
export function resolveSocketUrl(base: string, path: string, location: { href: string } = globalThis.location): string {
  const joined = base.replace(/\/+$/, '') + '/' + path.replace(/^\/+/, '');
  const u = new URL(joined, location.href);
  if (u.protocol === 'http:') u.protocol = 'ws:';
  else if (u.protocol === 'https:') u.protocol = 'wss:';
  return u.toString();
}
