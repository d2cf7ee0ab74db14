import { describe, expect, it } from 'vitest';
import type { LoginInfo } from '../../../../web/api/contract';
import { createLocalStore } from '../../../../web/core/storage/local';
import { createMemoryStorage } from '../../../../web/core/storage/memory';
import { createSessionStore } from '../../../../web/core/storage/session';

const info: LoginInfo = {
  username: 'u1',
  swcloud_uid: 7,
  mobile: '13812345678',
  avatar: '',
  deviceID: 'd1',
  gly_token: 'gt',
};

function setup() {
  const backend = createMemoryStorage();
  const session = createMemoryStorage();
  const local = createLocalStore(backend);
  return { backend, session, local, store: createSessionStore({ local, session }) };
}

describe('session store (SPEC §3)', () => {
  it("keeps login info encrypted under 'login_info' and reads it back (SPEC §3)", async () => {
    const { backend, store } = setup();
    await store.saveLoginInfo(info);
    const raw = backend.getItem('login_info') ?? '';
    // Plain JSON would carry these fields; random ciphertext may hold any two characters, so check whole tokens.
    expect(raw).not.toContain('13812345678');
    expect(raw).not.toContain('"username"');
    expect(raw).not.toContain('gly_token');
    await expect(store.loadLoginInfo()).resolves.toEqual(info);
  });

  it('returns null for absent, corrupt or undecryptable login info instead of throwing (SPEC §3)', async () => {
    const { local, store } = setup();
    await expect(store.loadLoginInfo()).resolves.toBeNull();
    local.set('login_info', 'garbage!!');
    await expect(store.loadLoginInfo()).resolves.toBeNull();
    await store.saveLoginInfo(info);
    const other = createSessionStore({ local, passphrase: 'different' });
    await expect(other.loadLoginInfo()).resolves.toBeNull();
  });

  it("keeps the token separately under 'token' (SPEC §3)", () => {
    const { backend, store } = setup();
    expect(store.getToken()).toBeNull();
    store.setToken('t-1');
    expect(store.getToken()).toBe('t-1');
    expect(JSON.parse(backend.getItem('token') ?? '')).toEqual({ type: 'string', data: 't-1' });
    store.setToken(null);
    expect(store.getToken()).toBeNull();
  });

  it('clear() removes login info and token only (SPEC §3)', async () => {
    const { local, store } = setup();
    await store.saveLoginInfo(info);
    store.setToken('t');
    store.setAgentCode('ch1');
    local.set('device_id', 'dev');
    store.clear();
    expect(store.getToken()).toBeNull();
    await expect(store.loadLoginInfo()).resolves.toBeNull();
    expect(local.get('device_id')).toBe('dev');
    expect(store.getAgentCode()).toBe('ch1');
  });

  it('does not let a save that finishes after clear() bring the login back (SPEC §3)', async () => {
    const { store } = setup();
    const saving = store.saveLoginInfo(info);
    store.clear();
    await saving;
    await expect(store.loadLoginInfo()).resolves.toBeNull();
  });

  it("keeps the agent code in session storage under 'agent_code' (SPEC §2, §3)", () => {
    const { backend, session, store } = setup();
    store.setAgentCode('ch9');
    expect(store.getAgentCode()).toBe('ch9');
    expect(session.getItem('agent_code')).not.toBeNull();
    expect(backend.getItem('agent_code')).toBeNull();
    store.setAgentCode(null);
    expect(store.getAgentCode()).toBeNull();
  });
});
