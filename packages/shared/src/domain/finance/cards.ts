import { sha256 } from '../lottery/sha256.ts';

/** Luhn (mod 10) check of a bank card number: digits only, 12–19 of them. */
export function isLuhnValid(cardNumber: string): boolean {
  if (!/^\d{12,19}$/.test(cardNumber)) return false;
  let sum = 0;
  for (let i = 0; i < cardNumber.length; i += 1) {
    let digit = cardNumber.charCodeAt(cardNumber.length - 1 - i) - 48;
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** A card number or address as shown after it is saved: first 4 and last 4 kept. */
export function maskAccount(account: string): string {
  if (account.length <= 8) return `${account.slice(0, 2)}****${account.slice(-2)}`;
  return `${account.slice(0, 4)} **** **** ${account.slice(-4)}`;
}

/** A real name shown to its owner as a reminder: the first character, the rest hidden ("张*"). */
export function maskName(name: string): string {
  const chars = [...name];
  return chars.length <= 1 ? name : `${chars[0]}${'*'.repeat(chars.length - 1)}`;
}

const BASE58_ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/** Decodes Base58 (Bitcoin alphabet) to bytes, or null for a character outside it. */
export function base58Decode(text: string): Uint8Array | null {
  let value = 0n;
  for (const ch of text) {
    const digit = BASE58_ALPHABET.indexOf(ch);
    if (digit < 0) return null;
    value = value * 58n + BigInt(digit);
  }
  const bytes: number[] = [];
  while (value > 0n) {
    bytes.unshift(Number(value & 0xffn));
    value >>= 8n;
  }
  for (const ch of text) {
    if (ch !== '1') break;
    bytes.unshift(0);
  }
  return Uint8Array.from(bytes);
}

/** Encodes bytes as Base58 (Bitcoin alphabet). */
export function base58Encode(bytes: Uint8Array): string {
  let value = 0n;
  for (const b of bytes) value = (value << 8n) | BigInt(b);
  let out = '';
  while (value > 0n) {
    out = BASE58_ALPHABET[Number(value % 58n)]! + out;
    value /= 58n;
  }
  for (const b of bytes) {
    if (b !== 0) break;
    out = `1${out}`;
  }
  return out;
}

/**
 * A TRON (TRC20) address: Base58Check of 0x41 + 20 bytes, 34 characters starting with T; the
 * last 4 bytes are the first 4 of SHA-256(SHA-256(payload)).
 */
export function isTronAddress(address: string): boolean {
  if (!/^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(address)) return false;
  const bytes = base58Decode(address);
  if (!bytes || bytes.length !== 25 || bytes[0] !== 0x41) return false;
  const payload = bytes.subarray(0, 21);
  const check = sha256(sha256(payload));
  return check.subarray(0, 4).every((b, i) => b === bytes[21 + i]);
}

/** Builds the TRON address of a 20-byte account id (used for the deposit address and tests). */
export function tronAddressOf(accountId: Uint8Array): string {
  if (accountId.length !== 20) throw new Error('a TRON account id is 20 bytes');
  const payload = Uint8Array.from([0x41, ...accountId]);
  const check = sha256(sha256(payload)).subarray(0, 4);
  return base58Encode(Uint8Array.from([...payload, ...check]));
}

/** An Ethereum (ERC20) address: 0x and 40 hex digits (the mixed-case checksum needs Keccak; not checked). */
export function isEthereumAddress(address: string): boolean {
  return /^0x[0-9a-fA-F]{40}$/.test(address);
}

/** A transaction hash: 64 hex digits on TRON, 0x + 64 hex on Ethereum. */
export function isTxHash(network: 'TRC20' | 'ERC20', hash: string): boolean {
  return network === 'TRC20' ? /^[0-9a-fA-F]{64}$/.test(hash) : /^0x[0-9a-fA-F]{64}$/.test(hash);
}

/**
 * What is wrong with a withdrawal destination, in the words the wallets service answers, or null:
 * a card is 12–19 digits (spaces and dashes allowed) passing Luhn; an address fits its network.
 */
export function walletAccountProblem(
  type: 'bank' | 'usdt_trc20' | 'usdt_erc20',
  account: string,
): string | null {
  if (type === 'bank') {
    const digits = account.replace(/[\s-]/g, '');
    if (!/^\d{12,19}$/.test(digits)) return '银行卡号须为12-19位数字';
    return isLuhnValid(digits) ? null : '银行卡号校验失败，请检查后重新输入';
  }
  const address = account.trim();
  if (type === 'usdt_trc20') return isTronAddress(address) ? null : 'TRC20 地址须为T开头的34位有效地址';
  return isEthereumAddress(address) ? null : 'ERC20 地址须为0x开头的40位十六进制';
}
