/** Generic validators (SPEC.md §5). Pure functions shared by client forms and server schemas. */

export const MOBILE_PATTERN = /^1[3-9]\d{9}$/;
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
export const URL_PATTERN = /^https?:\/\/[^\s/$.?#].[^\s]*$/i;
export const AMOUNT_2DP_PATTERN = /^(0|[1-9]\d*)(\.\d{1,2})?$/;
/** Letters and digits, starting with a letter, 6–16 characters. */
export const USERNAME_PATTERN = /^[A-Za-z][A-Za-z0-9]{5,15}$/;

export const isMobile = (value: string): boolean => MOBILE_PATTERN.test(value);
export const isEmail = (value: string): boolean => EMAIL_PATTERN.test(value) && value.length <= 254;
export const isUrl = (value: string): boolean => URL_PATTERN.test(value);
export const isAmount = (value: string): boolean => AMOUNT_2DP_PATTERN.test(value);
export const isUsername = (value: string): boolean => USERNAME_PATTERN.test(value);

/** A numeric verification code, 6 digits unless told otherwise. */
export function isNumericCode(value: string, length = 6): boolean {
  return value.length === length && /^\d+$/.test(value);
}

/** Login password: 6–20 characters with at least one letter and one digit, no spaces. */
export function passwordProblem(value: string): string | null {
  if (value.length < 6 || value.length > 20) return '密码长度须为6-20位';
  if (/\s/.test(value)) return '密码不能包含空格';
  if (!/[A-Za-z]/.test(value) || !/\d/.test(value)) return '密码须同时包含字母和数字';
  return null;
}

/**
 * Domain check (SPEC.md §5): dot-separated labels of letters, digits and hyphens, each
 * 1–63 characters, not starting or ending with a hyphen; 253 characters at most.
 */
export function isDomain(value: string): boolean {
  if (value.length === 0 || value.length > 253) return false;
  return value
    .split('.')
    .every(
      (label) =>
        label.length >= 1 && label.length <= 63 && /^[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?$/.test(label),
    );
}

const ID_CARD_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CARD_CHECK = '10X98765432';

/** Mainland China resident ID: 18 characters, valid birth date, ISO 7064 check digit. */
export function isIdCard(value: string): boolean {
  const id = value.toUpperCase();
  if (!/^[1-9]\d{16}[\dX]$/.test(id)) return false;
  const year = Number(id.slice(6, 10));
  const month = Number(id.slice(10, 12));
  const day = Number(id.slice(12, 14));
  const birth = new Date(Date.UTC(year, month - 1, day));
  if (birth.getUTCFullYear() !== year || birth.getUTCMonth() !== month - 1 || birth.getUTCDate() !== day) {
    return false;
  }
  const sum = ID_CARD_WEIGHTS.reduce((acc, weight, i) => acc + weight * Number(id[i]), 0);
  return ID_CARD_CHECK[sum % 11] === id[17];
}

/** Badge text: above 99 shows "99+". */
export function badgeCount(count: number): string {
  return count > 99 ? '99+' : String(count);
}

/** Pads single digits with a zero: 7 -> "07". */
export function padTwo(value: number): string {
  return value >= 0 && value < 10 ? `0${value}` : String(value);
}

/** Short price with the units K (thousand) and W (万, ten thousand): 15000 -> "1.5W". */
export function shortPrice(value: number): string {
  const trim = (n: number) => String(Math.round(n * 100) / 100);
  if (Math.abs(value) >= 10_000) return `${trim(value / 10_000)}W`;
  if (Math.abs(value) >= 1_000) return `${trim(value / 1_000)}K`;
  return trim(value);
}
