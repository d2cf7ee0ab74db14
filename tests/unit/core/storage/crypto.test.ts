import { describe, expect, it, vi } from 'vitest';
import { IV_BYTES, SALT_BYTES, decryptJson, encryptJson } from '../../../../web/core/storage/crypto';

describe('encrypted local data (SPEC §3, §9)', () => {
  it('round-trips a value through AES-GCM and hides the plain text (SPEC §3)', async () => {
    const payload = await encryptJson({ mobile: '13812345678' }, 'pw');
    expect(payload).not.toContain('13812345678');
    expect(atob(payload).length).toBeGreaterThan(SALT_BYTES + IV_BYTES);
    await expect(decryptJson(payload, 'pw')).resolves.toEqual({ mobile: '13812345678' });
  });

  it('derives the key with PBKDF2, SHA-256 and 1000 iterations (SPEC §9)', async () => {
    const subtle = globalThis.crypto.subtle;
    const spy = vi.spyOn(subtle, 'deriveKey');
    await encryptJson(1, 'pw', { subtle });
    expect(spy.mock.calls[0]?.[0]).toMatchObject({ name: 'PBKDF2', iterations: 1000, hash: 'SHA-256' });
    spy.mockRestore();
  });

  it('uses a fresh salt and IV per payload, so equal inputs encrypt differently (SPEC §3)', async () => {
    const a = await encryptJson('same', 'pw');
    const b = await encryptJson('same', 'pw');
    expect(a).not.toBe(b);
  });

  it('rejects a wrong passphrase and a tampered payload (SPEC §3)', async () => {
    const payload = await encryptJson({ a: 1 }, 'pw');
    // AES-GCM's authentication fails either way: WebCrypto's OperationError.
    await expect(decryptJson(payload, 'other')).rejects.toMatchObject({ name: 'OperationError' });
    const bytes = atob(payload);
    const flipped = btoa(bytes.slice(0, -1) + String.fromCharCode(bytes.charCodeAt(bytes.length - 1) ^ 1));
    await expect(decryptJson(flipped, 'pw')).rejects.toMatchObject({ name: 'OperationError' });
    await expect(decryptJson('AAAA', 'pw')).rejects.toThrow('payload too short');
  });
});

describe('without WebCrypto: an insecure origin (decision 0008 §2)', () => {
  it('the JavaScript engine (subtle: null) round-trips and hides the plain text', async () => {
    const payload = await encryptJson({ mobile: '13812345678' }, 'pw', { subtle: null });
    expect(payload).not.toContain('13812345678');
    await expect(decryptJson(payload, 'pw', { subtle: null })).resolves.toEqual({ mobile: '13812345678' });
  });

  it('both engines write the same bytes (PBKDF2 1000 × SHA-256, AES-256-GCM), so each reads what the other wrote (SPEC §3, §9)', async () => {
    const salt = new Uint8Array(SALT_BYTES).fill(7);
    const iv = new Uint8Array(IV_BYTES).fill(9);
    const fixedIv = <A extends Uint8Array<ArrayBuffer>>(a: A): A => {
      a.set(a.length === IV_BYTES ? iv : salt);
      return a;
    };
    const web = await encryptJson({ a: [1, 'x'] }, 'pw', { subtle: globalThis.crypto.subtle, salt, getRandomValues: fixedIv });
    const js = await encryptJson({ a: [1, 'x'] }, 'pw', { subtle: null, salt, getRandomValues: fixedIv });
    expect(js).toBe(web);
    await expect(decryptJson(web, 'pw', { subtle: null })).resolves.toEqual({ a: [1, 'x'] });
    const other = await encryptJson('z', 'pw', { subtle: null });
    await expect(decryptJson(other, 'pw', { subtle: globalThis.crypto.subtle })).resolves.toBe('z');
  });

  it('the JavaScript engine rejects a wrong passphrase and a tampered payload too', async () => {
    const payload = await encryptJson({ a: 1 }, 'pw', { subtle: null });
    await expect(decryptJson(payload, 'other', { subtle: null })).rejects.toThrow();
    const bytes = atob(payload);
    const flipped = btoa(bytes.slice(0, -1) + String.fromCharCode(bytes.charCodeAt(bytes.length - 1) ^ 1));
    await expect(decryptJson(flipped, 'pw', { subtle: null })).rejects.toThrow();
  });
});
