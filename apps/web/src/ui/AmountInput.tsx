import { Input } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { checkAmount, type AmountRule } from './amount.ts';
import './amount-input.css';

/**
 * The one money field: keeps exactly what the member typed (a minus sign is shown and refused,
 * never dropped) and says what is wrong under it, with the range. The caller checks the same
 * text with `checkAmount` before it sends anything.
 */
export function AmountInput({
  value,
  onChange,
  rule,
  placeholder,
  label,
  testId,
  id,
  className,
}: {
  value: string;
  onChange: (text: string) => void;
  rule: AmountRule;
  placeholder?: string;
  /** The accessible name. */
  label: string;
  testId?: string;
  id?: string;
  className?: string;
}) {
  const check = checkAmount(value, rule);
  return (
    <div className="amount-input">
      <Input
        id={id}
        className={className}
        value={value}
        onChange={onChange}
        inputMode="decimal"
        placeholder={placeholder}
        clearable
        aria-label={label}
        aria-invalid={check.state === 'invalid'}
        data-testid={testId}
      />
      {check.state === 'invalid' ? (
        <div className="amount-input-error" role="alert" data-testid={testId ? `${testId}-error` : undefined}>
          {check.message}
        </div>
      ) : null}
    </div>
  );
}

/**
 * A whole count (倍数) with − and +: typing 0, 100 or −5 is shown as typed and refused with the
 * range, never turned into another number. `onChange` receives only valid counts; `onProblem`
 * the reason the typed text is refused (null when it is fine), so the caller can hold the submit.
 */
export function CountInput({
  value,
  min,
  max,
  onChange,
  onProblem,
  label = '倍数',
  testId,
}: {
  value: number;
  min: number;
  max: number;
  onChange: (n: number) => void;
  onProblem: (message: string | null) => void;
  label?: string;
  testId?: string;
}) {
  const [text, setText] = useState(String(value));
  // The slip may change the count itself (cleared, restored): show it.
  useEffect(
    () =>
      setText((t) =>
        checkAmount(t, rule(min, max)).state === 'ok' && Number(t) !== value ? String(value) : t,
      ),
    [value, min, max],
  );
  const check = checkAmount(text, rule(min, max, label));
  const problem =
    check.state === 'invalid' ? check.message : check.state === 'empty' ? `请输入${label}` : null;
  useEffect(() => onProblem(problem), [problem, onProblem]);
  const type = (next: string) => {
    setText(next);
    const c = checkAmount(next, rule(min, max, label));
    if (c.state === 'ok') onChange(Number(c.value));
  };
  const step = (delta: number) => {
    const base = check.state === 'ok' ? Number(check.value) : value;
    type(String(Math.min(max, Math.max(min, base + delta))));
  };
  return (
    <div className="count-input" data-testid={testId}>
      <div className="count-input-row">
        <button
          type="button"
          aria-label={`减少${label}`}
          onClick={() => step(-1)}
          disabled={check.state === 'ok' && check.value <= BigInt(min)}
        >
          −
        </button>
        <Input
          value={text}
          onChange={type}
          inputMode="numeric"
          aria-label={label}
          aria-invalid={problem !== null}
        />
        <button
          type="button"
          aria-label={`增加${label}`}
          onClick={() => step(1)}
          disabled={check.state === 'ok' && check.value >= BigInt(max)}
        >
          +
        </button>
      </div>
      {problem ? (
        <div className="amount-input-error" role="alert">
          {problem}
        </div>
      ) : null}
    </div>
  );
}

function rule(min: number, max: number, label = '倍数'): AmountRule {
  return { kind: 'count', min: BigInt(min), max: BigInt(max), label };
}
