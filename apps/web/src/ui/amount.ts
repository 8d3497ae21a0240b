import { AMOUNT_PROBLEM_MESSAGES, formatYuan, parseYuan } from '@app/shared';

/** What an amount field accepts: money in 元 (two decimals) or a whole count (倍数). */
export interface AmountRule {
  /** `money`: 元 with at most two decimals; `count`: a whole number (倍数). */
  kind: 'money' | 'count';
  /** Smallest and largest accepted: 分 for money, the count itself for counts. */
  min?: bigint;
  max?: bigint;
  /** What the message calls it: 金额 (default for money), 倍数 (default for counts), 转入金额 … */
  label?: string;
}

export type AmountCheck =
  { state: 'empty' } | { state: 'ok'; value: bigint } | { state: 'invalid'; message: string };

/** The range in words: `10.00 – 50,000.00 元`, `1 – 99 倍`. */
export function rangeWords(rule: AmountRule): string {
  const show = (v: bigint) => (rule.kind === 'money' ? formatYuan(v) : String(v));
  const unit = rule.kind === 'money' ? '元' : '倍';
  if (rule.min !== undefined && rule.max !== undefined)
    return `${show(rule.min)} – ${show(rule.max)} ${unit}`;
  if (rule.min !== undefined) return `不少于 ${show(rule.min)} ${unit}`;
  return `不超过 ${show(rule.max!)} ${unit}`;
}

/**
 * Checks what a member typed in an amount field, exactly as typed: never trimmed of a sign or
 * rounded, so a number is never rewritten behind the member's back. Digits and one decimal point
 * (money: at most two decimals; counts: none), within the rule's range, else the reason in
 * Chinese with the range.
 */
export function checkAmount(text: string, rule: AmountRule): AmountCheck {
  const label = rule.label ?? (rule.kind === 'money' ? '金额' : '倍数');
  const typed = text.trim();
  if (typed === '') return { state: 'empty' };
  if (typed.startsWith('-')) return { state: 'invalid', message: `${label}不能为负数` };
  if (!/^[\d.]+$/.test(typed)) return { state: 'invalid', message: `${label}只能输入数字和小数点` };
  if (rule.kind === 'count') {
    if (!/^\d+$/.test(typed)) return { state: 'invalid', message: `${label}须为整数` };
  } else if (!/^\d+(\.\d*)?$|^\.\d+$/.test(typed)) {
    return { state: 'invalid', message: AMOUNT_PROBLEM_MESSAGES.format };
  }
  let value: bigint;
  if (rule.kind === 'money') {
    const parsed = parseYuan(typed.startsWith('.') ? `0${typed}` : typed);
    if (!parsed.ok)
      return { state: 'invalid', message: AMOUNT_PROBLEM_MESSAGES[parsed.reason].replace('金额', label) };
    value = parsed.fen;
  } else {
    if (typed.length > 12) return { state: 'invalid', message: `${label}须在 ${rangeWords(rule)} 之间` };
    value = BigInt(typed);
  }
  const below = rule.min !== undefined && value < rule.min;
  const above = rule.max !== undefined && value > rule.max;
  if (below || above) {
    if (rule.kind === 'money' && value === 0n && rule.min === undefined)
      return { state: 'invalid', message: `${label}须大于0` };
    return {
      state: 'invalid',
      message:
        rule.min !== undefined && rule.max !== undefined
          ? `${label}须在 ${rangeWords(rule)} 之间`
          : `${label}${rangeWords(rule)}`,
    };
  }
  if (rule.kind === 'money' && value === 0n) return { state: 'invalid', message: `${label}须大于0` };
  return { state: 'ok', value };
}
