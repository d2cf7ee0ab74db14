/**
 * AES-GCM for data kept on the device (SPEC §3 "stored encrypted locally",
 * §9 "key derivation: 1000 iterations"). A static web app cannot hide a key,
 * so this keeps login info unreadable to casual inspection, not to an attacker
 * with the bundle. Each payload carries its own random salt and IV.
 */
import { KEY_DERIVATION_ITERATIONS } from '../constants.ts';

export interface CryptoDeps {
  subtle?: SubtleCrypto;
  getRandomValues?: <A extends Uint8Array<ArrayBuffer>>(array: A) => A;
  /** Pin the salt (tests, or a per-install salt); random per payload otherwise. */
  salt?: Uint8Array<ArrayBuffer>;
}

export const SALT_BYTES = 16;
export const IV_BYTES = 12;

function subtleOf(deps: CryptoDeps): SubtleCrypto {
  return deps.subtle ?? globalThis.crypto.subtle;
}

function randomBytes(n: number, deps: CryptoDeps): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(n);
  return deps.getRandomValues ? deps.getRandomValues(bytes) : globalThis.crypto.getRandomValues(bytes);
}

async function deriveKey(passphrase: string, salt: Uint8Array<ArrayBuffer>, subtle: SubtleCrypto): Promise<CryptoKey> {
  const base = await subtle.importKey('raw', new TextEncoder().encode(passphrase), 'PBKDF2', false, ['deriveKey']);
  return subtle.deriveKey(
    { name: 'PBKDF2', salt, iterations: KEY_DERIVATION_ITERATIONS, hash: 'SHA-256' },
    base,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  );
}

function toBase64(bytes: Uint8Array): string {
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin);
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const bin = atob(text);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

/** base64(salt | iv | ciphertext+tag). */
export async function encryptJson(value: unknown, passphrase: string, deps: CryptoDeps = {}): Promise<string> {
  const subtle = subtleOf(deps);
  const salt = deps.salt ?? randomBytes(SALT_BYTES, deps);
  const iv = randomBytes(IV_BYTES, deps);
  const key = await deriveKey(passphrase, salt, subtle);
  const plain = new TextEncoder().encode(JSON.stringify(value));
  const cipher = new Uint8Array(await subtle.encrypt({ name: 'AES-GCM', iv }, key, plain));
  const out = new Uint8Array(salt.length + iv.length + cipher.length);
  out.set(salt, 0);
  out.set(iv, salt.length);
  out.set(cipher, salt.length + iv.length);
  return toBase64(out);
}

/** Rejects on a wrong passphrase, a tampered or truncated payload (GCM authenticates it). */
export async function decryptJson<T = unknown>(payload: string, passphrase: string, deps: CryptoDeps = {}): Promise<T> {
  const subtle = subtleOf(deps);
  const bytes = fromBase64(payload);
  if (bytes.length <= SALT_BYTES + IV_BYTES) throw new Error('payload too short');
  const salt = bytes.slice(0, SALT_BYTES);
  const iv = bytes.slice(SALT_BYTES, SALT_BYTES + IV_BYTES);
  const key = await deriveKey(passphrase, salt, subtle);
  const plain = await subtle.decrypt({ name: 'AES-GCM', iv }, key, bytes.slice(SALT_BYTES + IV_BYTES));
  return JSON.parse(new TextDecoder().decode(plain)) as T;
}
