/**
 * SHA-256 and HMAC-SHA-256 over bytes from `@noble/hashes` (audited, pure JS, no platform crypto
 * API), so the server and the browser's verification page hash draws with the same code.
 */
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 as nobleSha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';

/** SHA-256 digest (32 bytes) of a byte string. */
export function sha256(data: Uint8Array): Uint8Array {
  return nobleSha256(data);
}

/** HMAC-SHA-256 (RFC 2104) of a message under a key, both byte strings. */
export function hmacSha256(key: Uint8Array, message: Uint8Array): Uint8Array {
  return hmac(nobleSha256, key, message);
}

/** UTF-8 bytes of a string. */
export function utf8Bytes(text: string): Uint8Array {
  return utf8ToBytes(text);
}

/** Lower-case hex of a byte string. */
export function toHex(bytes: Uint8Array): string {
  return bytesToHex(bytes);
}

/** Bytes of an even-length hex string; throws on anything else. */
export function fromHex(hex: string): Uint8Array {
  return hexToBytes(hex);
}

/** SHA-256 of the UTF-8 text, as lower-case hex. */
export const sha256Hex = (text: string): string => toHex(sha256(utf8Bytes(text)));

/** HMAC-SHA-256 with UTF-8 text key and message, as lower-case hex. */
export const hmacSha256Hex = (key: string, message: string): string =>
  toHex(hmacSha256(utf8Bytes(key), utf8Bytes(message)));
