/**
 * Money is integer 分 (fen) as bigint everywhere inside the system and a decimal
 * string of 元 with exactly two decimals ("12.50") at the JSON edge.
 */

/** Largest amount any single money input may carry: 1,000,000,000.00 元. */
export const MAX_MONEY_FEN = 100_000_000_000n;

const AMOUNT_PATTERN = /^(0|[1-9]\d{0,11})(\.\d{1,2})?$/;

export type ParsedAmount = { ok: true; fen: bigint } | { ok: false; reason: AmountProblem };
export type AmountProblem = 'format' | 'negative' | 'precision' | 'too_large';

/** Parses a member-entered amount of 元 (string or number) into 分 without floating point. */
export function parseYuan(input: string | number): ParsedAmount {
  let text: string;
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) return { ok: false, reason: 'format' };
    // Numbers print as their shortest round-trip form, so 0.1 stays "0.1" and 12.345 stays "12.345".
    text = Math.abs(input) >= 1e21 ? 'huge' : String(input);
    if (/e/i.test(text)) return { ok: false, reason: input < 0 ? 'negative' : 'too_large' };
  } else {
    text = input.trim();
  }
  if (text.startsWith('-')) return { ok: false, reason: 'negative' };
  if (/^\d+\.\d{3,}$/.test(text)) return { ok: false, reason: 'precision' };
  if (/^\d{13,}(\.\d*)?$/.test(text)) return { ok: false, reason: 'too_large' };
  if (!AMOUNT_PATTERN.test(text)) return { ok: false, reason: 'format' };
  const [whole = '0', frac = ''] = text.split('.');
  const fen = BigInt(whole) * 100n + BigInt(frac.padEnd(2, '0'));
  if (fen > MAX_MONEY_FEN) return { ok: false, reason: 'too_large' };
  return { ok: true, fen };
}

/** Formats 分 as a decimal string of 元 with two decimals: 1250n -> "12.50". */
export function formatFen(fen: bigint): string {
  const negative = fen < 0n;
  const abs = negative ? -fen : fen;
  const whole = abs / 100n;
  const frac = (abs % 100n).toString().padStart(2, '0');
  return `${negative ? '-' : ''}${whole.toString()}.${frac}`;
}

/**
 * 元 as people read it, the one way every app and message shows money: thousands separators and
 * two decimals. 1234567n → "12,345.67"; -5n → "-0.05".
 */
export function formatYuan(fen: bigint): string {
  return groupYuan(formatFen(fen));
}

/**
 * A decimal string of 元 as people read it: "10000.00" → "10,000.00", "+12345.5" → "+12,345.50",
 * "0.1" → "0.10". Text that is not an amount (a dash, "abc") comes back as it is.
 */
export function groupYuan(text: string): string {
  const m = /^([+-]?)(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!m) return text;
  const [, sign = '', whole = '0', frac = ''] = m;
  return `${sign}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${frac.padEnd(2, '0')}`;
}

/** Converts a decimal string produced by formatFen back to 分 (trusted input only). */
export function fenFromDecimal(text: string): bigint {
  const parsed = /^(-)?(\d+)(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!parsed) throw new Error(`not a money string: ${text}`);
  const fen = BigInt(parsed[2] ?? '0') * 100n + BigInt((parsed[3] ?? '').padEnd(2, '0'));
  return parsed[1] ? -fen : fen;
}

export const AMOUNT_PROBLEM_MESSAGES: Record<AmountProblem, string> = {
  format: '金额格式不正确',
  negative: '金额不能为负数',
  precision: '金额最多保留两位小数',
  too_large: '金额超出允许范围',
};
