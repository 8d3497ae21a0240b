import {
  createHash,
  createHmac,
  randomBytes,
  randomInt,
  scrypt,
  timingSafeEqual,
  type ScryptOptions,
} from 'node:crypto';

const SCRYPT = { N: 16384, r: 8, p: 1, keylen: 64 } as const;

function scryptAsync(
  password: string,
  salt: Buffer,
  keylen: number,
  options: ScryptOptions,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

/** Hashes a password with scrypt; the result carries its parameters and salt. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt, SCRYPT.keylen, { N: SCRYPT.N, r: SCRYPT.r, p: SCRYPT.p });
  return `scrypt$${SCRYPT.N}$${SCRYPT.r}$${SCRYPT.p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await scryptAsync(password, Buffer.from(salt, 'base64'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return timingSafeEqual(expected, actual);
}

/** A hash to verify against when the account does not exist, so timing does not reveal it. */
export const DUMMY_PASSWORD_HASH =
  'scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA==$' + Buffer.alloc(64).toString('base64');

/** An opaque bearer token with 256 random bits. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const LOWER_ALNUM = 'abcdefghijkmnpqrstuvwxyz23456789';

function pick(alphabet: string, length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += alphabet[randomInt(alphabet.length)];
  return out;
}

/** Invite and agent codes: uppercase letters and digits without look-alikes (0/O, 1/I). */
export function newCode(length = 8): string {
  return pick(CODE_ALPHABET, length);
}

/** Smart registration credentials: a username matching the username rule, a password with letters and digits. */
export function newCredentials(): { username: string; password: string } {
  const username = `u${pick(LOWER_ALNUM, 9)}`;
  const password = `${pick('abcdefghijkmnpqrstuvwxyz', 4)}${pick('23456789', 4)}${pick('ABCDEFGHJKLMNPQRSTUVWXYZ', 2)}`;
  return { username, password };
}

/** A numeric code of `digits` digits (SMS verification), every value equally likely. */
export function newDigits(digits: number): string {
  return String(randomInt(0, 10 ** digits)).padStart(digits, '0');
}

/** HMAC-SHA256 of `text` under `key`, hex. */
export function hmacSha256(key: string, text: string): string {
  return createHmac('sha256', key).update(text).digest('hex');
}

/** Compares two hex digests in constant time (false when their lengths differ). */
export function sameDigest(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}
