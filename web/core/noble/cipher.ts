/**
 * AES-GCM and PBKDF2 from @noble, for storage encryption without WebCrypto (core/storage/crypto.ts). Under web/
 * for the reason noble/sha2.ts gives.
 */
export { gcm } from '@noble/ciphers/aes.js';
export { pbkdf2Async } from '@noble/hashes/pbkdf2.js';
