/**
 * A phone page of a logged-in persona, on the page a test needs. The first time a persona is asked for (per mock
 * and mock session) it logs in through the login form, as a player does; every page after that starts from the
 * browser storage that login left (Playwright's storageState), so a file pays for each persona's login once. Tests
 * of the login itself, and of what happens at login (sign-in, pop-ups), log in with `logIn` instead.
 */
import type { Browser, BrowserContext } from 'playwright-core';
import { PAGE_PATH } from '../../web/core/paths.ts';
import { logInAnyLanguage, networkWatch, newPhonePage, PHONE, waitForAppShell, type PhonePage } from './phone.ts';
import type { E2E } from './server.ts';

export type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;
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

async function logInThroughForm(e2e: E2E, persona: string, session: string | undefined): Promise<StorageState> {
  const phone = await newPhonePage(e2e.browser, e2e.server.url, { path: withSession(PAGE_PATH.login, session) });
  try {
    await waitForAppShell(phone.page);
    const network = networkWatch(phone.page);
    await logInAnyLanguage(phone.page, persona);
    await phone.page.waitForURL((u) => u.pathname !== PAGE_PATH.login);
    // What login starts in the background (the daily sign-in, SPEC §4) finishes here and is kept in the stored
    // state: cut short, the next page of the persona would sign in again and its toast cover the test's own.
    await network.quiet();
    return await phone.context.storageState();
  } finally {
    await phone.close();
  }
}

/** The browser storage of `persona` logged in (in `session`, if named): logged in through the form once, then kept. */
export function personaState(e2e: E2E, persona: string, session?: string): Promise<StorageState> {
  const key = `${e2e.server.url} ${session ?? ''} ${persona}`;
  let state = states.get(key);
  if (state === undefined) {
    state = logInThroughForm(e2e, persona, session);
    states.set(key, state);
    // A failed login is not kept: the next caller tries again and sees its own error.
    state.catch(() => states.delete(key));
  }
  return state;
}

/** A page of `o.persona`, logged in, on `o.path`, with the app's shell drawn. */
export async function loggedInPage(e2e: E2E, o: LoggedInOptions): Promise<PhonePage> {
  const context: ContextOptions = { ...PHONE, ...(o.locale ? { locale: o.locale } : {}), ...(o.viewport ? { viewport: o.viewport } : {}), ...o.context };
  const phone = await newPhonePage(e2e.browser, e2e.server.url, {
    path: withSession(o.path ?? '/', o.session),
    context: { ...context, storageState: await personaState(e2e, o.persona, o.session) },
    ignoreConsole: o.ignoreConsole,
  });
  await waitForAppShell(phone.page);
  return phone;
}
