import { Tag } from 'antd-mobile';
import { useState } from 'react';
import type { ConnectionLogEntry } from '@/lib/logger.ts';
import { formatDateTime } from '@/ui/format.ts';

export const CONNECTION_TYPE_LABELS: Record<ConnectionLogEntry['type'], string> = {
  info: '信息',
  success: '成功',
  error: '错误',
};
const COLORS: Record<ConnectionLogEntry['type'], string> = {
  info: 'primary',
  success: 'success',
  error: 'danger',
};

/** One realtime connection log line (type colour on the left); tap to see its data. */
export function ConnectionLogItem({ entry }: { entry: ConnectionLogEntry }) {
  const [open, setOpen] = useState(false);
  const hasData = entry.data !== undefined && entry.data !== null;
  return (
    <li className={`log-entry conn-${entry.type}`}>
      <button type="button" className="log-entry-head" onClick={() => setOpen((v) => !v)} disabled={!hasData}>
        <Tag color={COLORS[entry.type]} fill="outline">
          {CONNECTION_TYPE_LABELS[entry.type]}
        </Tag>
        <span className="log-category">realtime</span>
        <span className="log-time">{formatDateTime(entry.timestamp, true)}</span>
      </button>
      <p className="log-message">{entry.message}</p>
      {entry.error ? <p className="log-message log-error">{entry.error}</p> : null}
      {open && hasData ? <pre className="log-data">{JSON.stringify(entry.data, null, 2)}</pre> : null}
    </li>
  );
}
