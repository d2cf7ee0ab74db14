/**
 * The logged-in session on this device (SPEC §3): login info encrypted in
 * local storage, the token beside it in clear (every request needs it
 * synchronously), and the channel code for this visit in session storage.
 * The login info is web_login's answer, which is not wire protocol: this store
 * keeps it as opaque JSON and its reader (state/auth.ts) checks its shape, so
 * core takes nothing of the contract but the protocol (decision 0004).
 */
// From the area file, not the contract's barrel: esbuild follows every re-export of a barrel into the first load (decision 0015).
import { APP_ID } from '../../api/contract/app-id.ts';
import type { CryptoDeps } from './crypto';
import { STORAGE_KEY } from './keys';
import { createLocalStore, type LocalStore } from './local';

export interface SessionStoreDeps {
  local: LocalStore;
  session?: Storage;
  /** null: no WebCrypto (an insecure origin), the JavaScript engine encrypts (crypto.ts). */
  subtle?: SubtleCrypto | null;
  getRandomValues?: CryptoDeps['getRandomValues'];
  passphrase?: string;
}

export interface SessionStore {
  saveLoginInfo(info: unknown): Promise<void>;
  /** What was saved; null when absent or undecryptable. Never throws. */
  loadLoginInfo(): Promise<unknown>;
  getToken(): string | null;
  setToken(token: string | null): void;
  /** Logs out: removes login info and token only. */
  clear(): void;
  getAgentCode(): string | null;
  setAgentCode(code: string | null): void;
}

/** Not a secret (it ships in the bundle); it only keeps the stored blob opaque. */
export const DEFAULT_PASSPHRASE = `${APP_ID}:login_info`;

/**
 * Loaded on first use: a visitor who is not logged in never needs it, and for one who is it
 * arrives alongside config.json. It keeps home's first load within its budget.
 */
const loadCrypto = (): Promise<typeof import('./crypto')> => import('./crypto');

function nonEmptyString(v: unknown): string | null {
  return typeof v === 'string' && v !== '' ? v : null;
}

export function createSessionStore(deps: SessionStoreDeps): SessionStore {
  const { local } = deps;
  const passphrase = deps.passphrase ?? DEFAULT_PASSPHRASE;
  const crypto: CryptoDeps = {};
  if (deps.subtle !== undefined) crypto.subtle = deps.subtle;
  if (deps.getRandomValues) crypto.getRandomValues = deps.getRandomValues;
  let sessionStore: LocalStore | undefined;
  // Resolved on first use so a page without sessionStorage access can still log in.
  const session = (): LocalStore => (sessionStore ??= createLocalStore(deps.session ?? globalThis.sessionStorage));
  /** Bumped by clear(): a save still encrypting when the user logs out must not write afterwards. */
  let generation = 0;

  return {
    async saveLoginInfo(info) {
      const started = generation;
      const { encryptJson } = await loadCrypto();
      const blob = await encryptJson(info, passphrase, crypto);
      if (started === generation) local.set(STORAGE_KEY.loginInfo, blob);
    },
    async loadLoginInfo() {
      const blob = local.getOr<unknown>(STORAGE_KEY.loginInfo, null);
      if (typeof blob !== 'string') return null;
      try {
        const { decryptJson } = await loadCrypto();
        return await decryptJson<unknown>(blob, passphrase, crypto);
      } catch {
        return null;
      }
    },
    getToken: () => nonEmptyString(local.getOr<unknown>(STORAGE_KEY.token, null)),
    setToken(token) {
      if (token) local.set(STORAGE_KEY.token, token);
      else local.remove(STORAGE_KEY.token);
    },
    clear() {
      generation++;
      local.remove(STORAGE_KEY.loginInfo);
      local.remove(STORAGE_KEY.token);
    },
    getAgentCode: () => nonEmptyString(session().getOr<unknown>(STORAGE_KEY.agentCode, null)),
    setAgentCode(code) {
      if (code) session().set(STORAGE_KEY.agentCode, code);
      else session().remove(STORAGE_KEY.agentCode);
    },
  };
}
