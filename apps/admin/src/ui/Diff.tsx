import { auditDetailRows, type LabelContext } from '@app/shared/backoffice';
import { Typography } from 'antd';

/** A field's label; a key the console has no word for shows as the key, muted. */
export function FieldName({ label, name }: { label: string | null; name: string }) {
  return label ? (
    <span className="audit-field">{label}：</span>
  ) : (
    <Typography.Text type="secondary" italic className="audit-field-unknown" title="未登记的字段">
      {name}：
    </Typography.Text>
  );
}

/**
 * An audit entry's `detail` in words: each changed field before (struck through) → after, then
 * its other facts, fields and values by their labels (`{"status":"void"}` reads 赛果：未出赛果 → 作废).
 */
export function AuditDetail({
  detail,
  context,
}: {
  detail: Record<string, unknown>;
  context?: LabelContext;
}) {
  const rows = auditDetailRows(detail, context);
  if (rows.length === 0) return <Typography.Text type="secondary">-</Typography.Text>;
  return (
    <div style={{ maxWidth: 520, whiteSpace: 'normal' }} data-testid="audit-detail">
      {rows.map((r) => (
        <div key={r.key}>
          <FieldName label={r.label} name={r.key} />
          {r.change ? (
            r.change.created ? (
              <Typography.Text strong>{r.change.after}</Typography.Text>
            ) : (
              <>
                <Typography.Text delete type="secondary">
                  {r.change.before}
                </Typography.Text>
                {' → '}
                <Typography.Text strong>{r.change.after}</Typography.Text>
              </>
            )
          ) : (
            r.value
          )}
        </div>
      ))}
    </div>
  );
}
