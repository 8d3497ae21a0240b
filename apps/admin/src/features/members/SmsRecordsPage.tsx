import { PageContainer, type ProColumns } from '@ant-design/pro-components';
import { SMS_PURPOSE_LABELS, SMS_STATUS_LABELS } from '@app/shared/backoffice';
import type { BackofficeRow } from '@app/shared/backoffice-api';
import { Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { beijing } from '@/lib/format.ts';
import { dateRangeColumn, ServerTable } from '@/ui/ServerTable.tsx';

type SmsRow = BackofficeRow<'/admin/v1/sms'>;

const STATUS_COLORS: Record<SmsRow['status'], string> = {
  sending: 'processing',
  sent: 'success',
  failed: 'error',
  skipped: 'default',
};

const columns: ProColumns<SmsRow>[] = [
  {
    title: '时间',
    dataIndex: 'created_at',
    search: false,
    width: 170,
    render: (_, r) => beijing(r.created_at),
  },
  { title: '手机号', dataIndex: 'phone', copyable: true },
  {
    title: '用途',
    dataIndex: 'purpose',
    valueEnum: Object.fromEntries(Object.entries(SMS_PURPOSE_LABELS).map(([k, v]) => [k, { text: v }])),
  },
  {
    title: '会员',
    dataIndex: 'member_id',
    render: (_, r) => (r.member_id ? <Link to={`/members/${r.member_id}`}>{r.member_id}</Link> : '—'),
  },
  {
    title: '状态',
    dataIndex: 'status',
    valueEnum: Object.fromEntries(Object.entries(SMS_STATUS_LABELS).map(([k, v]) => [k, { text: v }])),
    render: (_, r) => <Tag color={STATUS_COLORS[r.status]}>{SMS_STATUS_LABELS[r.status]}</Tag>,
  },
  {
    title: '验证码',
    dataIndex: 'code',
    search: false,
    tooltip: '仅模拟短信通道显示验证码；真实通道的验证码任何人都看不到',
    render: (_, r) => (r.code ? <Typography.Text code>{r.code}</Typography.Text> : '—'),
  },
  { title: '通道', dataIndex: 'provider', search: false },
  { title: '回执', dataIndex: 'detail', search: false, ellipsis: true },
  { title: '尝试', dataIndex: 'attempts', search: false, width: 60 },
  {
    title: '使用时间',
    dataIndex: 'used_at',
    search: false,
    width: 170,
    render: (_, r) => (r.used_at ? beijing(r.used_at) : '—'),
  },
  { title: 'IP', dataIndex: 'ip', search: false },
  dateRangeColumn<SmsRow>(),
];

/** 短信记录: every verification code asked for (sent, failed, or not sent to a number no member has). */
export default function SmsRecordsPage() {
  return (
    <PageContainer title="短信记录" subTitle="验证码的发送、失败与未发送记录；验证码5分钟有效，只能使用一次">
      <ServerTable
        path="/admin/v1/sms"
        exportPath="/admin/v1/sms/export"
        exportName="短信记录"
        rowKey="id"
        columns={columns}
      />
    </PageContainer>
  );
}
