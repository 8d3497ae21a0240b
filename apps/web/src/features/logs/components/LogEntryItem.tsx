import { Tag } from 'antd-mobile';
import { useState } from 'react';
import type { ClientLogEntry } from '@/lib/logger.ts';
import { formatDateTime } from '@/ui/format.ts';
import { LEVEL_COLORS, LEVEL_LABELS } from '../store.ts';

/** One client log line; tap to see its data and device details. */
export function LogEntryItem({ entry }: { entry: ClientLogEntry }) {
  const [open, setOpen] = useState(false);
  return (
    <li className={`log-entry level-${entry.level}`}>
      <button type="button" className="log-entry-head" onClick={() => setOpen((v) => !v)}>
        <Tag color={LEVEL_COLORS[entry.level]} fill="outline">
          {LEVEL_LABELS[entry.level]}
        </Tag>
        <span className="log-category">{entry.category}</span>
        <span className="log-time">{formatDateTime(entry.timestamp, true)}</span>
      </button>
      <p className="log-message">{entry.message}</p>
      {open ? (
        <pre className="log-data">
          {JSON.stringify(
            {
              id: entry.id,
              platform: entry.platform,
              system: entry.system,
              version: entry.version,
              data: entry.data,
            },
            null,
            2,
          )}
        </pre>
      ) : null}
    </li>
  );
}
