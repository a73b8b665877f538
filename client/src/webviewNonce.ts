/** A fresh nonce for a webview page's Content Security Policy: 128 random bits as hex (Web Crypto, the same in desktop VS Code and in the browser). */
export function nonce(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
