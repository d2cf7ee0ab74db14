import { describe, expect, it } from 'vitest';
import { DEFAULT_RUNTIME_CONFIG } from '../../../web/api/contract/runtime-config.ts';
import { neverCachedPrefixes, offlinePagesFor, routeOf, type RequestFacts } from '../../../web/sw/rules.ts';

const ORIGIN = 'https://play.example.com';
const never = neverCachedPrefixes(DEFAULT_RUNTIME_CONFIG, ORIGIN);
const get = (url: string, mode = 'cors'): RequestFacts => ({ url, method: 'GET', mode });

describe('what the service worker keeps (decision 0021)', () => {
  it('never keeps the API, the sockets or the mock console of this origin', () => {
    expect(never).toEqual(['/api/', '/api/game/', '/socket/', '/__mock/']);
    for (const url of ['/api/index/api/home_list', '/api/game/start', '/socket/?token=abc', '/__mock/', '/__mock/faults', '/__mock']) {
      expect(routeOf(get(`${ORIGIN}${url}`), ORIGIN, never)).toBe('network');
      expect(routeOf(get(`${ORIGIN}${url}`, 'navigate'), ORIGIN, never)).toBe('network');
    }
  });

  it('leaves bases on other origins out and never touches another origin', () => {
    const remote = neverCachedPrefixes({ apiBase: 'https://api.example.com/v1/', gameApiBase: 'https://game.example.com/', socketBase: 'wss://ws.example.com/' }, ORIGIN);
    expect(remote).toEqual(['/__mock/']);
    expect(routeOf(get('https://api.example.com/v1/user/get_user_info'), ORIGIN, remote)).toBe('network');
    expect(routeOf(get('https://cdn.example.com/cover.jpg'), ORIGIN, remote)).toBe('network');
    expect(routeOf(get('https://cdn.example.com/', 'navigate'), ORIGIN, remote)).toBe('network');
  });

  it('takes a same-origin API base by its path, with or without a trailing slash', () => {
    expect(neverCachedPrefixes({ apiBase: `${ORIGIN}/backend`, gameApiBase: '/g/', socketBase: '/ws/' }, ORIGIN)).toEqual(['/backend/', '/g/', '/ws/', '/__mock/']);
  });

  it('sends pages network-first, the config to its own cache, anything else to the precache or network', () => {
    expect(routeOf(get(`${ORIGIN}/`, 'navigate'), ORIGIN, never)).toBe('page');
    expect(routeOf(get(`${ORIGIN}/main/gameLibrary/index?tag=1`, 'navigate'), ORIGIN, never)).toBe('page');
    expect(routeOf(get(`${ORIGIN}/config.json`), ORIGIN, never)).toBe('config');
    expect(routeOf(get(`${ORIGIN}/assets/main-ABCD1234.js`), ORIGIN, never)).toBe('network');
    expect(routeOf(get(`${ORIGIN}/mock-media/cover-1.jpg`), ORIGIN, never)).toBe('network');
  });

  it('leaves anything but GET and a malformed URL alone', () => {
    expect(routeOf({ url: `${ORIGIN}/`, method: 'POST', mode: 'navigate' }, ORIGIN, never)).toBe('network');
    expect(routeOf({ url: 'not a url', method: 'GET', mode: 'navigate' }, ORIGIN, never)).toBe('network');
  });

  it('answers a page offline with its own precached copy, else home, which boots any route', () => {
    const precached = new Set(['/', '/main/gameLibrary/index', '/404.html']);
    expect(offlinePagesFor('/main/gameLibrary/index', precached)).toEqual(['/main/gameLibrary/index', '/']);
    expect(offlinePagesFor('/main/gameLibrary/index/', precached)).toEqual(['/main/gameLibrary/index', '/']);
    expect(offlinePagesFor('/submodules/not/precached', precached)).toEqual(['/']);
    expect(offlinePagesFor('/', precached)).toEqual(['/']);
    expect(offlinePagesFor('/', new Set())).toEqual([]);
  });
});
