/**
 * @noble/hashes' SHA-256, for pages without WebCrypto (core/http/sha256.ts, core/storage/crypto.ts), which load it
 * lazily. Lazy entries live under web/ so that the build's first-load group reaches them too: a lazy import of a
 * package file directly gave esbuild's module helpers a chunk of their own, one more request on every page's first
 * load (build/first-load.ts).
 */
export { sha256 } from '@noble/hashes/sha2.js';
