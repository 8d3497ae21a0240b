import type { ReactNode } from 'react';
import { checkAmount, type AmountRule } from '@/ui/amount.ts';
import { AmountInput } from '@/ui/AmountInput.tsx';

/**
 * The deposit and withdrawal amount: the app's one amount field behind a currency sign (and an
 * optional button such as 全部), its problems under the line. `problem` is a refusal the field's
 * rule cannot say itself (a USDT range, the withdrawable balance); it shows, in the same place and
 * look, only while the typed text passes the rule.
 */
export function AmountField({
  value,
  onChange,
  rule,
  problem = null,
  unit,
  label,
  placeholder,
  testId,
  extra,
}: {
  value: string;
  onChange: (text: string) => void;
  rule: AmountRule;
  problem?: string | null;
  unit: string;
  label: string;
  placeholder?: string;
  testId: string;
  extra?: ReactNode;
}) {
  const own = checkAmount(value, rule).state === 'invalid';
  return (
    <div className="fin-amount-input">
      <span className="fin-amount-unit">{unit}</span>
      <AmountInput
        value={value}
        onChange={onChange}
        rule={rule}
        label={label}
        placeholder={placeholder}
        testId={testId}
      />
      {extra}
      {!own && problem ? (
        <div className="amount-input-error" role="alert" data-testid={`${testId}-error`}>
          {problem}
        </div>
      ) : null}
    </div>
  );
}
