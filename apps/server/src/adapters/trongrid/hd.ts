import { secp256k1 } from '@noble/curves/secp256k1.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { HARDENED_OFFSET, HDKey } from '@scure/bip32';
import { createBase58check } from '@scure/base';

/**
 * Per-member USDT-TRC20 deposit addresses from the operator's account-level extended public key
 * (BIP32 public derivation, BIP44 path m/44'/195'/account'/0/index), and the TRON address format.
 *
 * The operator exports the xpub of m/44'/195'/0' from their wallet; the server derives the
 * non-hardened children …/0/<memberIndex> from it and never sees a private key: an extended
 * private key is refused before anything is derived from it.
 *
 * A TRON address is 0x41 followed by the last 20 bytes of Keccak-256 over the uncompressed
 * secp256k1 public key without its 0x04 prefix, written in Base58Check (4-byte double-SHA-256
 * checksum): 34 characters starting with `T`. Sources and test vectors: README.md beside this file.
 */

/** SLIP-44 coin type of TRON. */
export const TRON_COIN_TYPE = 195;
/** The version byte of every mainnet (and Shasta/Nile) TRON address. */
export const TRON_ADDRESS_PREFIX = 0x41;
/** Depth of an account-level key m/44'/195'/account' in the BIP32 tree. */
const ACCOUNT_DEPTH = 3;
/** BIP44 external chain: receiving addresses. */
const EXTERNAL_CHAIN = 0;
/** Extended private keys by their Base58 prefix (BIP32 xprv/tprv, SLIP-132 y/z/Y/Z variants). */
const PRIVATE_PREFIXES = /^(?:xprv|tprv|yprv|zprv|uprv|vprv|Yprv|Zprv|Uprv|Vprv)/;

const base58check = createBase58check(sha256);

/** Raised for an unusable extended key: private, malformed, or not an account-level key. */
export class ExtendedKeyError extends Error {
  override readonly name = 'ExtendedKeyError';
}

/** `0x41 ‖ last 20 bytes of Keccak-256(X ‖ Y)` for a compressed (33) or uncompressed (65) key. */
export function tronAddressBytes(publicKey: Uint8Array): Uint8Array {
  // Point.fromBytes checks the point is on the curve, then gives it back uncompressed (0x04 ‖ X ‖ Y).
  const uncompressed = secp256k1.Point.fromBytes(publicKey).toBytes(false);
  const hash = keccak_256(uncompressed.subarray(1));
  const address = new Uint8Array(21);
  address[0] = TRON_ADDRESS_PREFIX;
  address.set(hash.subarray(12), 1);
  return address;
}

/** The Base58Check TRON address (`T…`) of a secp256k1 public key. */
export function publicKeyToTronAddress(publicKey: Uint8Array): string {
  return base58check.encode(tronAddressBytes(publicKey));
}

/** The 21 address bytes of a Base58Check TRON address, or null when it is not one. */
function decodeTronAddress(address: string): Uint8Array | null {
  if (!/^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(address)) return null;
  try {
    const bytes = base58check.decode(address);
    return bytes.length === 21 && bytes[0] === TRON_ADDRESS_PREFIX ? bytes : null;
  } catch {
    // Bad checksum or not Base58.
    return null;
  }
}

/** True for a Base58Check TRON address: valid checksum, 21 bytes, version byte 0x41. */
export function isTronAddress(address: string): boolean {
  return decodeTronAddress(address) !== null;
}

/** `41` + 40 hex digits (the form TRON's node APIs use), from a Base58Check address. */
export function tronAddressToHex(address: string): string {
  const bytes = decodeTronAddress(address);
  if (!bytes) throw new Error(`not a TRON address: "${address}"`);
  return Buffer.from(bytes).toString('hex');
}

/**
 * The Base58Check address of a hex one: `41…` (21 bytes, node APIs), `0x…` or bare 20 bytes
 * (Solidity addresses, event topics padded to 32 bytes are accepted too: the last 20 bytes count).
 */
export function tronAddressFromHex(hex: string): string {
  const digits = hex.replace(/^0x/i, '').toLowerCase();
  if (!/^[0-9a-f]+$/.test(digits)) throw new Error(`not a hex address: "${hex}"`);
  let body: string;
  if (digits.length === 42 && digits.startsWith('41')) body = digits.slice(2);
  else if (digits.length === 40) body = digits;
  else if (digits.length === 64 && /^0{24}/.test(digits)) body = digits.slice(24);
  else throw new Error(`not a hex address: "${hex}"`);
  const bytes = new Uint8Array(21);
  bytes[0] = TRON_ADDRESS_PREFIX;
  bytes.set(Buffer.from(body, 'hex'), 1);
  return base58check.encode(bytes);
}

/**
 * Reads an account-level extended public key (xpub of m/44'/195'/account'). Refuses an extended
 * private key without deriving anything from it, a key that does not parse (checksum, version,
 * length), and a key at another depth than an account's (a master key or a chain-level key would
 * derive other addresses than the operator's wallet shows).
 */
export function parseAccountXpub(extendedKey: string): HDKey {
  const text = extendedKey.trim();
  if (PRIVATE_PREFIXES.test(text)) {
    throw new ExtendedKeyError(
      "TRON_XPUB is an extended PRIVATE key: give the extended public key (xpub…) of m/44'/195'/0' instead; the server must never hold a private key",
    );
  }
  let key: HDKey;
  try {
    key = HDKey.fromExtendedKey(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new ExtendedKeyError(`TRON_XPUB is not a valid extended public key (${reason})`);
  }
  if (key.privateKey) {
    key.wipePrivateData();
    throw new ExtendedKeyError(
      "TRON_XPUB holds a private key: give the extended public key (xpub…) of m/44'/195'/0' instead",
    );
  }
  if (key.depth !== ACCOUNT_DEPTH || key.index < HARDENED_OFFSET) {
    throw new ExtendedKeyError(
      `TRON_XPUB must be the account-level key of m/44'/195'/account' (depth 3, hardened); this one has depth ${key.depth}`,
    );
  }
  return key;
}

/**
 * Deposit addresses m/44'/195'/account'/0/<index> from an account-level xpub. Derivation of a
 * child is one EC point addition; the change-level key (…/0) is derived once and kept.
 */
export class TronDepositAddresses {
  private readonly external: HDKey;
  /** The hardened account number the xpub stands for (0 for m/44'/195'/0'). */
  readonly account: number;

  constructor(accountXpub: string) {
    const key = parseAccountXpub(accountXpub);
    this.account = key.index - HARDENED_OFFSET;
    this.external = key.deriveChild(EXTERNAL_CHAIN);
  }

  /** The address of m/44'/195'/account'/0/<index>; index is a non-hardened child, 0 … 2³¹−1. */
  addressAt(index: number): string {
    if (!Number.isSafeInteger(index) || index < 0 || index >= HARDENED_OFFSET) {
      throw new RangeError(`deposit address index must be an integer in [0, 2^31), got ${index}`);
    }
    const child = this.external.deriveChild(index);
    if (!child.publicKey) throw new Error('derivation gave no public key');
    return publicKeyToTronAddress(child.publicKey);
  }

  /** The BIP44 path of an index, for records and the console. */
  pathOf(index: number): string {
    return `m/44'/${TRON_COIN_TYPE}'/${this.account}'/${EXTERNAL_CHAIN}/${index}`;
  }
}
