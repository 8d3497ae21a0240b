import type { ReactNode } from 'react';
import { Money } from '@/ui/Money.tsx';

/** Amount coloured by sign: gains green, losses red. */
export function SignedMoney({ value, className }: { value: string | undefined; className?: string }) {
  const tone = value?.startsWith('-') ? 'rc-loss' : value && value !== '0.00' ? 'rc-gain' : '';
  const plus = value && !value.startsWith('-') && value !== '0.00' ? '+' : '';
  return (
    <span className={[tone, className].filter(Boolean).join(' ')}>
      {plus}
      <Money value={value} />
    </span>
  );
}

/** A grid of labelled figures (summary cards). */
export function Figures({
  items,
  testId,
}: {
  items: Array<{ label: string; value: ReactNode }>;
  testId?: string;
}) {
  return (
    <div className="rc-figures" data-testid={testId}>
      {items.map((item) => (
        <div key={item.label}>
          <span className="muted">{item.label}</span>
          <strong>{item.value}</strong>
        </div>
      ))}
    </div>
  );
}

/** A horizontal row of filter chips. */
export function ChipRow<K extends string>({
  options,
  value,
  onChange,
}: {
  options: ReadonlyArray<{ value: K; label: string }>;
  value: K;
  onChange: (value: K) => void;
}) {
  return (
    <div className="rc-chips">
      {options.map((o) => (
        <button
          key={o.value}
          type="button"
          className={o.value === value ? 'rc-chip on' : 'rc-chip'}
          onClick={() => onChange(o.value)}
        >
          {o.label}
        </button>
      ))}
    </div>
  );
}
