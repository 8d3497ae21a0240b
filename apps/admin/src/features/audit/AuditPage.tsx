import { PageContainer, type ProColumns } from '@ant-design/pro-components';
import { AUDIT_ACTION_LABELS, AUDIT_TARGET_LABELS } from '@app/shared/backoffice';
import type { BackofficeRow } from '@app/shared/backoffice-api';
import { Link } from 'react-router';
import { beijing } from '@/lib/format.ts';
import { AuditDetail } from '@/ui/Diff.tsx';
import { AuditAction, AuditTarget } from '@/ui/Labels.tsx';
import { dateRangeColumn, ServerTable } from '@/ui/ServerTable.tsx';

type AuditRow = BackofficeRow<'/admin/v1/audit-logs'>;

const options = (table: Record<string, string>) =>
  Object.entries(table).map(([value, label]) => ({ value, label }));
const searchable = { showSearch: true, optionFilterProp: 'label' };

const auditColumns: ProColumns<AuditRow>[] = [
  {
    title: '时间',
    dataIndex: 'created_at',
    search: false,
    render: (_, r) => beijing(r.created_at),
    width: 170,
  },
  { title: '操作人ID', dataIndex: 'operator_id', hideInTable: true, valueType: 'digit' },
  { title: '操作人', dataIndex: 'operator_name', search: false },
  {
    title: '动作',
    dataIndex: 'action',
    valueType: 'select',
    fieldProps: { ...searchable, options: options(AUDIT_ACTION_LABELS) },
    render: (_, r) => <AuditAction action={r.action} />,
  },
  {
    title: '对象类型',
    dataIndex: 'target_type',
    hideInTable: true,
    valueType: 'select',
    fieldProps: { ...searchable, options: options(AUDIT_TARGET_LABELS) },
  },
  { title: '对象ID', dataIndex: 'target_id', hideInTable: true },
  {
    title: '对象',
    dataIndex: '__target',
    search: false,
    render: (_, r) => <AuditTarget type={r.target_type} id={r.target_id} />,
  },
  {
    title: '会员ID',
    dataIndex: 'member_id',
    valueType: 'digit',
    render: (_, r) => (r.member_id ? <Link to={`/members/${r.member_id}`}>{r.member_id}</Link> : '-'),
  },
  { title: '原因', dataIndex: 'reason', search: false, render: (_, r) => r.reason ?? '-' },
  {
    title: '变更（前 → 后）',
    dataIndex: 'detail',
    search: false,
    render: (_, r) => (
      <AuditDetail detail={r.detail} context={{ action: r.action, targetType: r.target_type }} />
    ),
  },
  { title: '来源地址', dataIndex: 'ip', search: false },
  dateRangeColumn<AuditRow>(),
];

/** Every decision taken in the console: who, when, from where, before → after, in words. */
export default function AuditPage() {
  return (
    <PageContainer title="审计日志" subTitle="所有后台决定在同一事务中写入，不可修改">
      <ServerTable path="/admin/v1/audit-logs" rowKey="id" columns={auditColumns} />
    </PageContainer>
  );
}
