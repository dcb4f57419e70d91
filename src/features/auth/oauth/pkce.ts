/**
 * PKCE (RFC 7636) and the state of an authorization request (RFC 6749
 * 10.12), from the browser's own cryptography: no secret in the browser,
 * the code is useless to whoever reads it without the verifier.
 */

export function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function randomText(byteCount: number): string {
  const bytes = new Uint8Array(byteCount);
  crypto.getRandomValues(bytes);
  return base64url(bytes);
}

/** 32 random bytes: a 43-character verifier (RFC 7636 4.1's minimum length, 256 bits). */
export function createVerifier(): string {
  return randomText(32);
}

/** 32 random bytes, well over the 128 bits that make a state unguessable. */
export function createState(): string {
  return randomText(32);
}

/** The S256 challenge: base64url of the verifier's SHA-256 (RFC 7636 4.2). */
export async function challengeOf(verifier: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return base64url(new Uint8Array(digest));
}

/** Compares two states without stopping at the first difference (the state is a CSRF secret). */
export function sameState(expected: string, received: string): boolean {
  if (expected.length !== received.length) return false;
  let difference = 0;
  for (let index = 0; index < expected.length; index += 1) {
    difference |= expected.charCodeAt(index) ^ received.charCodeAt(index);
  }
  return difference === 0;
}
