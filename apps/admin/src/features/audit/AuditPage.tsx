import { PageContainer, type ProColumns } from '@ant-design/pro-components';
import type { BackofficeRow } from '@app/shared/backoffice-api';
import { Tag } from 'antd';
import { beijing } from '@/lib/format.ts';
import { AuditDetail } from '@/ui/Diff.tsx';
import { dateRangeColumn, ServerTable } from '@/ui/ServerTable.tsx';

type AuditRow = BackofficeRow<'/admin/v1/audit-logs'>;

const columns: ProColumns<AuditRow>[] = [
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
    render: (_, r) => <Tag>{r.action}</Tag>,
    tooltip: '按前缀筛选，如 withdrawal.',
  },
  { title: '对象类型', dataIndex: 'target_type' },
  { title: '对象ID', dataIndex: 'target_id' },
  { title: '会员ID', dataIndex: 'member_id', valueType: 'digit', render: (_, r) => r.member_id ?? '-' },
  { title: '原因', dataIndex: 'reason', search: false, render: (_, r) => r.reason ?? '-' },
  {
    title: '变更（前 → 后）',
    dataIndex: 'detail',
    search: false,
    render: (_, r) => <AuditDetail detail={r.detail} />,
  },
  { title: '来源地址', dataIndex: 'ip', search: false },
  dateRangeColumn<AuditRow>(),
];

/** Every decision taken in the console: who, when, from where, before → after. */
export default function AuditPage() {
  return (
    <PageContainer title="审计日志" subTitle="所有后台决定在同一事务中写入，不可修改">
      <ServerTable path="/admin/v1/audit-logs" rowKey="id" columns={columns} />
    </PageContainer>
  );
}
