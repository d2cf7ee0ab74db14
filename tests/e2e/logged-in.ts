/**
 * A phone page of a logged-in persona, on the page a test needs. The first time a persona is asked for (per mock
 * and mock session) it logs in through the login form, as a player does; later pages start from the browser storage
 * that login left (Playwright's storageState), so a file pays for each persona's login once. Tests of the login
 * itself, and of what happens at login (sign-in, pop-ups), log in with `logIn` instead.
 */
import type { Browser, BrowserContext } from 'playwright-core';
import { PAGE_PATH } from '../../web/core/paths.ts';
import { logInAnyLanguage, newPhonePage, PHONE, waitForAppShell, type PhonePage } from './phone.ts';
import type { TestServer } from './server.ts';

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;
type ContextOptions = NonNullable<Parameters<Browser['newContext']>[0]>;

export interface LoggedInOptions {
  /** The persona's phone number (README "Personas for QA"). */
  persona: string;
  /** Where the page lands (default home). */
  path?: string;
  /** A mock session of the page's own (`?mock_session=` on its first load); default the mock's "default" session. */
  session?: string;
  locale?: string;
  viewport?: { width: number; height: number };
  /** Other context options (they win over the phone's and `locale` / `viewport`). */
  context?: ContextOptions;
  /** Console errors matching one of these are not collected. */
  ignoreConsole?: readonly RegExp[];
}

const states = new Map<string, Promise<StorageState>>();

/** `path` with `?mock_session=` added when a session is named (the app keeps it for the visit). */
function withSession(path: string, session: string | undefined): string {
  if (session === undefined) return path;
  const url = new URL(path, 'http://x');
  url.searchParams.set('mock_session', session);
  return `${url.pathname}${url.search}`;
}

const pathnameOf = (path: string): string => new URL(path, 'http://x').pathname;

/** Logs the persona in through the form, landing on `path`; hands back the page, still open. */
async function logInThrough(e2e: { readonly server: TestServer; readonly browser: Browser }, o: LoggedInOptions, context: ContextOptions, path: string): Promise<PhonePage> {
  const login = `${PAGE_PATH.login}?targetUrl=${encodeURIComponent(path)}`;
  const phone = await newPhonePage(e2e.browser, e2e.server.url, { path: withSession(login, o.session), context, ignoreConsole: o.ignoreConsole });
  await waitForAppShell(phone.page);
  await logInAnyLanguage(phone.page, o.persona);
  await phone.page.waitForURL((u) => u.pathname === pathnameOf(path));
  return phone;
}

/** A page of `o.persona`, logged in, on `o.path`, with the app's shell drawn. */
export async function loggedInPage(e2e: { readonly server: TestServer; readonly browser: Browser }, o: LoggedInOptions): Promise<PhonePage> {
  const path = o.path ?? '/';
  const context: ContextOptions = { ...PHONE, ...(o.locale ? { locale: o.locale } : {}), ...(o.viewport ? { viewport: o.viewport } : {}), ...o.context };
  const key = `${e2e.server.url} ${o.session ?? ''} ${o.persona}`;
  const saved = states.get(key);
  if (saved === undefined) {
    const first = logInThrough(e2e, o, context, path);
    const state = first.then((p) => p.context.storageState());
    states.set(key, state);
    // A failed login is not remembered: the next caller tries again and sees its own error.
    state.catch(() => states.delete(key));
    await state;
    return first;
  }
  const phone = await newPhonePage(e2e.browser, e2e.server.url, {
    path: withSession(path, o.session),
    context: { ...context, storageState: await saved },
    ignoreConsole: o.ignoreConsole,
  });
  await waitForAppShell(phone.page);
  return phone;
}
