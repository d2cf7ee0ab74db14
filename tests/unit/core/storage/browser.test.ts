/** Decision 0008 §3: with site data off the storage getters throw; the app falls back to memory instead of going blank. */
import { describe, expect, it } from 'vitest';
import { openBrowserStorage } from '../../../../web/core/storage/browser.ts';
import { createLocalStore } from '../../../../web/core/storage/local.ts';
import { createMemoryStorage } from '../../../../web/core/storage/memory.ts';

const denied = (): never => {
  throw new DOMException("Failed to read the 'localStorage' property from 'Window': Access is denied for this document.", 'SecurityError');
};

describe('openBrowserStorage (decision 0008 §3)', () => {
  it('storage getters that throw (site data off) give working in-memory stores and say both are blocked', () => {
    const win = Object.defineProperties({}, { localStorage: { get: denied }, sessionStorage: { get: denied } });
    const s = openBrowserStorage(win);
    expect(s.blocked).toEqual(['local', 'session']);
    const local = createLocalStore(s.local);
    local.set('token', 'abc');
    expect(local.get('token')).toBe('abc');
    s.session.setItem('mock_session', 'qa');
    expect(s.session.getItem('mock_session')).toBe('qa');
  });

  it('a storage that refuses writes (old private modes: QuotaExceededError) is replaced too; the other kind is kept', () => {
    const session = createMemoryStorage();
    const refusing = Object.assign(createMemoryStorage(), {
      setItem: () => {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      },
    });
    const s = openBrowserStorage({ localStorage: refusing, sessionStorage: session });
    expect(s.blocked).toEqual(['local']);
    expect(s.local).not.toBe(refusing);
    expect(s.session).toBe(session);
  });

  it('working storage is used as it is and left without the probe key', () => {
    const local = createMemoryStorage({ kept: '1' });
    const session = createMemoryStorage();
    const s = openBrowserStorage({ localStorage: local, sessionStorage: session });
    expect(s).toEqual({ local, session, blocked: [] });
    expect(local.length).toBe(1);
  });

  it('a window without the storage objects at all (an old webview) falls back too', () => {
    expect(openBrowserStorage({}).blocked).toEqual(['local', 'session']);
  });
});
