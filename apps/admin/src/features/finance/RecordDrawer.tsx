import { describeAuditTarget } from '@app/shared/backoffice';
import { useQuery } from '@tanstack/react-query';
import { Descriptions, Drawer, Empty, Spin, Timeline, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useAuth } from '@/app/auth.tsx';
import { get } from '@/lib/api.ts';
import { beijing } from '@/lib/format.ts';
import { AuditDetail } from '@/ui/Diff.tsx';
import { AuditAction } from '@/ui/Labels.tsx';

/** One line of a record's detail: its label, the record's fields it shows, and how. */
export interface DetailField<R> {
  label: string;
  /** The fields of the record this line shows (every field of a record is on some line). */
  keys: ReadonlyArray<keyof R & string>;
  render: (record: R) => ReactNode;
}

/** The record's decisions from the audit log, oldest first (for operators who may read it). */
function History({ targetType, targetId }: { targetType: string; targetId: number }) {
  const { data, isLoading } = useQuery({
    queryKey: ['audit', targetType, targetId],
    queryFn: () =>
      get('/admin/v1/audit-logs', { target_type: targetType, target_id: String(targetId), per_page: 50 }),
  });
  if (isLoading) return <Spin size="small" />;
  const entries = [...(data?.list ?? [])].reverse();
  if (entries.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="尚无后台操作" />;
  return (
    <Timeline
      data-testid="record-history"
      items={entries.map((e) => ({
        key: e.id,
        children: (
          <div>
            <div>
              <AuditAction action={e.action} /> {e.operator_name} · {beijing(e.created_at)}
            </div>
            {e.reason && <Typography.Text type="secondary">原因：{e.reason}</Typography.Text>}
            <AuditDetail detail={e.detail} context={{ action: e.action, targetType: e.target_type }} />
          </div>
        ),
      }))}
    />
  );
}

/**
 * A deposit's or a withdrawal's every field, labelled, and what operators decided on it (the
 * audit entries of the record, for operators who may read the audit log).
 */
export function RecordDrawer<R>({
  title,
  record,
  fields,
  audit,
  onClose,
  testId,
}: {
  title: ReactNode;
  record: R | null;
  fields: ReadonlyArray<DetailField<R>>;
  /** The record as the audit log names it (`withdrawal`, its id). */
  audit: { targetType: string; targetId: number } | null;
  onClose: () => void;
  testId: string;
}) {
  const { can } = useAuth();
  return (
    <Drawer open={record !== null} width={560} onClose={onClose} title={title} destroyOnHidden>
      {record && (
        <div data-testid={testId}>
          <Descriptions column={1} size="small" bordered styles={{ label: { width: 140 } }}>
            {fields.map((f) => (
              <Descriptions.Item key={f.label} label={f.label}>
                {f.render(record)}
              </Descriptions.Item>
            ))}
          </Descriptions>
          {audit && can('audit') && (
            <>
              <Typography.Title level={5} style={{ marginTop: 24 }}>
                处理记录（{describeAuditTarget(audit.targetType, String(audit.targetId)).text}）
              </Typography.Title>
              <History targetType={audit.targetType} targetId={audit.targetId} />
            </>
          )}
        </div>
      )}
    </Drawer>
  );
}

/** A value or a dash. */
export const orDash = (v: ReactNode) => (v === null || v === undefined || v === '' ? '-' : v);
