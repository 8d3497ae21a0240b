import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * The 易支付 (彩虹易支付) MD5 signature, as the merchant SDK's `EpayCore::getSign` computes it
 * (README.md, "Sources"): every parameter but `sign` and `sign_type`, and but those whose value
 * is empty, sorted by name (PHP `ksort`: byte order for these names), joined as `k=v` with `&`
 * with the values as they are (not URL-encoded), the merchant key appended directly (no
 * separator), MD5 of that, lower-case hex. `sign_type=MD5` travels beside it, unsigned. Pure
 * functions: the adapter signs and verifies with them and the fake (fake.ts) does the same.
 */

/** Parameters as they are sent or received, by name; undefined and '' are left out of the sign. */
export type EpayParams = Readonly<Record<string, string | undefined>>;

/** The only sign type this adapter speaks (the v2 RSA and HMAC-SHA256 variants are not). */
export const EPAY_SIGN_TYPE = 'MD5';

/** The two parameters the signature never covers. */
const UNSIGNED = new Set(['sign', 'sign_type']);

const SIGN_FORMAT = /^[0-9a-fA-F]{32}$/;

/** Byte order of the UTF-8 names, which is what PHP's ksort does for non-numeric string keys. */
function byteOrder(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}

/** The string the MD5 covers, before the key: `a=1&b=2` (sorted, empty values and sign/sign_type left out). */
export function epaySigningString(params: EpayParams): string {
  return Object.keys(params)
    .filter((name) => !UNSIGNED.has(name) && params[name] !== undefined && params[name] !== '')
    .sort(byteOrder)
    .map((name) => `${name}=${params[name] ?? ''}`)
    .join('&');
}

/** MD5(signing string ‖ key), lower-case hex: the `sign` parameter. */
export function epaySign(params: EpayParams, key: string): string {
  return createHash('md5')
    .update(epaySigningString(params) + key, 'utf8')
    .digest('hex');
}

/**
 * Whether `params.sign` is the signature of the other parameters under `key`, compared in
 * constant time on the 16 bytes the hex stands for (so its case does not matter). False when the
 * sign is missing or is not 32 hex digits.
 */
export function verifyEpaySign(params: EpayParams, key: string): boolean {
  const given = params.sign;
  if (given === undefined || !SIGN_FORMAT.test(given)) return false;
  const expected = Buffer.from(epaySign(params, key), 'hex');
  return timingSafeEqual(Buffer.from(given, 'hex'), expected);
}

/**
 * The parameters with their `sign` and `sign_type=MD5`; empty values are dropped (the gateway
 * would not sign them either, and an empty parameter on the wire says nothing).
 */
export function withEpaySign(params: EpayParams, key: string): Record<string, string> {
  const sent: Record<string, string> = {};
  for (const [name, value] of Object.entries(params)) {
    if (UNSIGNED.has(name) || value === undefined || value === '') continue;
    sent[name] = value;
  }
  return { ...sent, sign: epaySign(sent, key), sign_type: EPAY_SIGN_TYPE };
}
