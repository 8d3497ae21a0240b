import { Typography } from 'antd';

const show = (v: unknown): string => {
  if (v === null || v === undefined) return '—';
  if (typeof v === 'string') return v;
  return JSON.stringify(v);
};

/** An audit entry's `detail`: before → after per field when it has them, else its fields. */
export function AuditDetail({ detail }: { detail: Record<string, unknown> }) {
  const before = detail.before as Record<string, unknown> | null | undefined;
  const after = detail.after as Record<string, unknown> | null | undefined;
  const rest = Object.entries(detail).filter(([k]) => k !== 'before' && k !== 'after');
  const keys = Array.from(new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]));
  return (
    <div style={{ maxWidth: 520, whiteSpace: 'normal' }}>
      {('before' in detail || 'after' in detail) &&
        (keys.length ? keys : ['值']).map((k) => {
          const b = keys.length ? before?.[k] : before;
          const a = keys.length ? after?.[k] : after;
          if (keys.length && JSON.stringify(b) === JSON.stringify(a)) return null;
          return (
            <div key={k}>
              <Typography.Text type="secondary">{k}：</Typography.Text>
              <Typography.Text delete>{show(b)}</Typography.Text> →{' '}
              <Typography.Text strong>{show(a)}</Typography.Text>
            </div>
          );
        })}
      {rest.map(([k, v]) => (
        <div key={k}>
          <Typography.Text type="secondary">{k}：</Typography.Text>
          {show(v)}
        </div>
      ))}
    </div>
  );
}
