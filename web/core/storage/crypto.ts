/**
 * AES-GCM for data kept on the device (SPEC §3 "stored encrypted locally",
 * §9 "key derivation: 1000 iterations"). A static web app cannot hide a key,
 * so this keeps login info unreadable to casual inspection, not to an attacker
 * with the bundle. Each payload carries its own random salt and IV.
 *
 * WebCrypto does the work where it exists. On an insecure origin it does not
 * (decision 0008 §2), and the same PBKDF2-SHA-256 and AES-256-GCM come from
 * @noble/hashes and @noble/ciphers, loaded only then: the payload is the same
 * bytes either way, so one engine reads what the other wrote
 * (docs/decisions/0008-hardening.md).
 */
import { KEY_DERIVATION_ITERATIONS } from '../constants.ts';

export interface CryptoDeps {
  /** WebCrypto's; null forces the JavaScript engine (what an insecure origin gets). Default: `crypto.subtle` if present. */
  subtle?: SubtleCrypto | null;
  getRandomValues?: <A extends Uint8Array<ArrayBuffer>>(array: A) => A;
  /** Pin the salt (tests, or a per-install salt); random per payload otherwise. */
  salt?: Uint8Array<ArrayBuffer>;
}

export const SALT_BYTES = 16;
export const IV_BYTES = 12;
/** AES-256. */
const KEY_BYTES = 32;

/** One way to run PBKDF2 + AES-256-GCM; ciphertext is followed by the 16-byte tag in both. */
interface Engine {
  encrypt(plain: Uint8Array<ArrayBuffer>, passphrase: string, salt: Uint8Array<ArrayBuffer>, iv: Uint8Array<ArrayBuffer>): Promise<Uint8Array>;
  /** Rejects when the tag does not match (wrong passphrase, tampered payload). */
  decrypt(cipher: Uint8Array<ArrayBuffer>, passphrase: string, salt: Uint8Array<ArrayBuffer>, iv: Uint8Array<ArrayBuffer>): Promise<Uint8Array>;
}

function webCryptoEngine(subtle: SubtleCrypto): Engine {
  return {
    async encrypt(plain, passphrase, salt, iv) {
      return new Uint8Array(await subtle.encrypt({ name: 'AES-GCM', iv }, await deriveKey(passphrase, salt, subtle), plain));
    },
    async decrypt(cipher, passphrase, salt, iv) {
      return new Uint8Array(await subtle.decrypt({ name: 'AES-GCM', iv }, await deriveKey(passphrase, salt, subtle), cipher));
    },
  };
}

async function javascriptEngine(): Promise<Engine> {
  const [{ gcm, pbkdf2Async }, { sha256 }] = await Promise.all([import('../noble/cipher.ts'), import('../noble/sha2.ts')]);
  const key = (passphrase: string, salt: Uint8Array): Promise<Uint8Array> =>
    pbkdf2Async(sha256, new TextEncoder().encode(passphrase), salt, { c: KEY_DERIVATION_ITERATIONS, dkLen: KEY_BYTES });
  return {
    async encrypt(plain, passphrase, salt, iv) {
      return gcm(await key(passphrase, salt), iv).encrypt(plain);
    },
    async decrypt(cipher, passphrase, salt, iv) {
      return gcm(await key(passphrase, salt), iv).decrypt(cipher);
    },
  };
}

function engineOf(deps: CryptoDeps): Engine | Promise<Engine> {
  const subtle = deps.subtle === undefined ? (globalThis.crypto?.subtle ?? null) : deps.subtle;
  return subtle ? webCryptoEngine(subtle) : javascriptEngine();
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
    { name: 'AES-GCM', length: KEY_BYTES * 8 },
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
  const engine = await engineOf(deps);
  const salt = deps.salt ?? randomBytes(SALT_BYTES, deps);
  const iv = randomBytes(IV_BYTES, deps);
  const plain = new TextEncoder().encode(JSON.stringify(value));
  const cipher = await engine.encrypt(plain, passphrase, salt, iv);
  const out = new Uint8Array(salt.length + iv.length + cipher.length);
  out.set(salt, 0);
  out.set(iv, salt.length);
  out.set(cipher, salt.length + iv.length);
  return toBase64(out);
}

/** Rejects on a wrong passphrase, a tampered or truncated payload (GCM authenticates it). */
export async function decryptJson<T = unknown>(payload: string, passphrase: string, deps: CryptoDeps = {}): Promise<T> {
  const engine = await engineOf(deps);
  const bytes = fromBase64(payload);
  if (bytes.length <= SALT_BYTES + IV_BYTES) throw new Error('payload too short');
  const salt = bytes.slice(0, SALT_BYTES);
  const iv = bytes.slice(SALT_BYTES, SALT_BYTES + IV_BYTES);
  const plain = await engine.decrypt(bytes.slice(SALT_BYTES + IV_BYTES), passphrase, salt, iv);
  return JSON.parse(new TextDecoder().decode(plain)) as T;
}
