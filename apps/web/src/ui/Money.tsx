import { formatYuan, groupYuan } from '@app/shared';

/**
 * The app's one money formatter: 元 with thousands separators and two decimals, from the decimal
 * string the server sent ("10000.00" → "10,000.00", never parsed into a float) or from 分 the app
 * computed (bigint). Nothing yet is `--`.
 */
export function yuan(value: string | bigint | null | undefined): string {
  if (value === null || value === undefined || value === '') return '--';
  return typeof value === 'bigint' ? formatYuan(value) : groupYuan(value);
}

/** An amount in a page: `yuan` of it, with the raw value in `data-amount` for tests and tools. */
export function Money({
  value,
  className,
}: {
  value: string | bigint | null | undefined;
  className?: string;
}) {
  const raw = typeof value === 'bigint' ? yuan(value).replace(/,/g, '') : (value ?? '');
  return (
    <span className={className ? `money ${className}` : 'money'} data-amount={raw}>
      {yuan(value)}
    </span>
  );
}
