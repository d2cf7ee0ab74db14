/**
 * What the build was made for, fixed at build time (esbuild `define`,
 * build/esbuild-options.ts) so a production bundle carries no mock-only code.
 *
 * `MOCK_CLOUD`: the build talks to the mock cloud (`npm start`, QA, tests).
 * Only then does the app read `?mock_session=`, send `X-Mock-Session`, and
 * follow a pay_url to the mock's own payment page
 * (docs/decisions/0008-hardening.md §4 and §5). Built with `MOCK_CLOUD=0`, or with an
 * absolute API_BASE / GAME_API_BASE / SOCKET_BASE, it is false. Unbundled
 * (unit tests) it is true, as for `npm run build`.
 */
declare const __MOCK_CLOUD__: boolean | undefined;

export const MOCK_CLOUD: boolean = typeof __MOCK_CLOUD__ === 'boolean' ? __MOCK_CLOUD__ : true;
