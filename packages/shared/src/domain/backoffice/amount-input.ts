import { formatYuan, MAX_MONEY_FEN } from '../../money.ts';

/** What an amount field of the console accepts. */
export interface AmountInputRule {
  /** A blank field is fine (a limit left unset); otherwise it asks for an amount. */
  optional?: boolean;
  /** 0.00 is a valid amount (a fee floor); otherwise it must be more. */
  allowZero?: boolean;
  /** The largest amount in 分 (default: MAX_MONEY_FEN, 1,000,000,000.00 元). */
  maxFen?: bigint;
}

/**
 * What is wrong with an amount of 元 typed into the console, in words, or null when it is
 * fine: every problem at once (`-50.555` → 金额不能为负数，最多两位小数), so the operator fixes it
 * in one go.
 */
export function amountInputProblem(input: unknown, rule: AmountInputRule = {}): string | null {
  const text = typeof input === 'number' ? String(input) : typeof input === 'string' ? input.trim() : '';
  if (text === '') return rule.optional ? null : '请输入金额';
  const m = /^(-?)(\d+)(?:\.(\d*))?$/.exec(text);
  if (!m) return '金额须为数字，如 100.00';
  const [, sign, whole = '', frac = ''] = m;
  const problems: string[] = [];
  if (sign) problems.push('不能为负数');
  if (frac.length > 2) problems.push('最多两位小数');
  if (whole.length > 1 && whole.startsWith('0')) problems.push('整数部分不能以 0 开头');
  const max = rule.maxFen ?? MAX_MONEY_FEN;
  const fen = BigInt(whole) * 100n + BigInt(frac.slice(0, 2).padEnd(2, '0'));
  if (fen > max) problems.push(`不能超过 ${formatYuan(max)} 元`);
  else if (!sign && fen === 0n && !rule.allowZero) problems.push('须大于 0');
  return problems.length ? `金额${problems.join('，')}` : null;
}
