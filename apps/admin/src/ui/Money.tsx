import { yuan } from '@/lib/format.ts';

/** An amount of 元: grouped, two decimals, red when negative, with the raw value for tests. */
export function Money({ value, signed }: { value: string | null | undefined; signed?: boolean }) {
  if (value === null || value === undefined) return <span>-</span>;
  const negative = value.startsWith('-');
  const color = signed
    ? negative
      ? '#cf1322'
      : value === '0.00'
        ? undefined
        : '#389e0d'
    : negative
      ? '#cf1322'
      : undefined;
  return (
    <span className="money" data-amount={value} style={{ color, fontVariantNumeric: 'tabular-nums' }}>
      {signed && !negative && value !== '0.00' ? '+' : ''}
      {yuan(value)}
    </span>
  );
}
