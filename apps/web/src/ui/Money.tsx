/**
 * A money amount as the server sent it: a decimal string such as "10000.00". It is never parsed
 * into a float; only the thousands separators are added for reading.
 */
export function formatMoneyText(value: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '--';
  const match = /^(-?)(\d+)(\.\d+)?$/.exec(value);
  if (!match) return value;
  const [, sign = '', whole = '', frac = ''] = match;
  return `${sign}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${frac}`;
}

export function Money({
  value,
  className,
  grouped = false,
}: {
  value: string | null | undefined;
  className?: string;
  grouped?: boolean;
}) {
  return (
    <span className={className ? `money ${className}` : 'money'} data-amount={value ?? ''}>
      {grouped ? formatMoneyText(value) : (value ?? '--')}
    </span>
  );
}
