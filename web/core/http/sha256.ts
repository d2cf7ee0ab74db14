/**
 * The default signer. WebCrypto where the page has it; on an insecure origin
 * (http:// other than localhost: a QA phone on the LAN, an http webview)
 * `crypto.subtle` does not exist, and @noble/hashes' audited SHA-256 is
 * loaded instead — only then, so secure pages never download it
 * (docs/decisions/0008-hardening.md §2).
 */
export async function sha256Hex(text: string, subtle: SubtleCrypto | null = globalThis.crypto?.subtle ?? null): Promise<string> {
  const bytes = new TextEncoder().encode(text);
  const digest = subtle ? new Uint8Array(await subtle.digest('SHA-256', bytes)) : (await import('../noble/sha2.ts')).sha256(bytes);
  return Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
}
