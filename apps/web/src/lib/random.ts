const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Random alphanumeric id (SPEC.md §9: default length 32). */
export function randomId(length = 32): string {
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  let out = '';
  // 62 does not divide 256; the slight bias is irrelevant for ids.
  for (const byte of bytes) out += ALPHABET[byte % ALPHABET.length];
  return out;
}
