import { Typography } from 'antd';
import { beijing } from '@/lib/format.ts';

/** A small second line under a cell's value. */
export const SMALL = { display: 'block', fontSize: 12 } as const;

/** Beijing time in two lines (date, then time), so a table's column stays narrow. */
export function When({ iso }: { iso: string | null }) {
  if (!iso) return <>-</>;
  const [date, time] = beijing(iso).split(' ');
  return (
    <>
      {date}
      <Typography.Text type="secondary" style={SMALL}>
        {time}
      </Typography.Text>
    </>
  );
}
