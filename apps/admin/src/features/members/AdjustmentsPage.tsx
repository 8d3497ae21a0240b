import { PageContainer, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { ADJUSTMENT_STATUSES } from '@app/shared/backoffice';
import type { BackofficeRow } from '@app/shared/backoffice-api';
import { App, Popconfirm, Space, Tag, Tooltip } from 'antd';
import { useRef } from 'react';
import { Link } from 'react-router';
import { useAuth } from '@/app/auth.tsx';
import { post } from '@/lib/api.ts';
import { beijing, yuan } from '@/lib/format.ts';
import { Money } from '@/ui/Money.tsx';
import { dateRangeColumn, ServerTable } from '@/ui/ServerTable.tsx';

type Row = BackofficeRow<'/admin/v1/adjustments'>;

/** Manual adjustments: the checker's queue; the maker's own rows cannot be approved by them. */
export default function AdjustmentsPage() {
  const { message } = App.useApp();
  const { operator } = useAuth();
  const ref = useRef<ActionType>(undefined);
  const decide = async (r: Row, action: 'approve' | 'reject') => {
    try {
      await post(
        `/admin/v1/adjustments/:id/${action}`,
        { reason: action === 'approve' ? '复核通过' : '复核驳回' },
        { params: { id: r.id } },
      );
      void message.success(action === 'approve' ? '已复核入账' : '已驳回');
      void ref.current?.reload();
    } catch (e) {
      void message.error((e as Error).message);
    }
  };
  const columns: ProColumns<Row>[] = [
    { title: 'ID', dataIndex: 'id', search: false, width: 60 },
    {
      title: '会员ID',
      dataIndex: 'member_id',
      valueType: 'digit',
      render: (_, r) => <Link to={`/members/${r.member_id}`}>{r.username}</Link>,
    },
    {
      title: '金额',
      dataIndex: 'amount',
      search: false,
      align: 'right',
      render: (_, r) => <Money value={r.amount} signed />,
    },
    { title: '原因', dataIndex: 'reason', search: false },
    {
      title: '状态',
      dataIndex: 'status',
      valueEnum: Object.fromEntries(Object.entries(ADJUSTMENT_STATUSES).map(([k, v]) => [k, { text: v }])),
      render: (_, r) => (
        <Tag color={r.status === 'pending' ? 'orange' : r.status === 'approved' ? 'green' : 'default'}>
          {ADJUSTMENT_STATUSES[r.status]}
          {!r.needs_approval && r.status === 'approved' ? '（免复核）' : ''}
        </Tag>
      ),
    },
    { title: '发起人', dataIndex: 'maker_name', search: false },
    { title: '复核人', dataIndex: 'checker_name', search: false, render: (_, r) => r.checker_name ?? '-' },
    {
      title: '入账后余额',
      dataIndex: 'balance_after',
      search: false,
      align: 'right',
      render: (_, r) => <Money value={r.balance_after} />,
    },
    { title: '发起时间', dataIndex: 'created_at', search: false, render: (_, r) => beijing(r.created_at) },
    {
      title: '操作',
      valueType: 'option',
      render: (_, r) => {
        if (r.status !== 'pending') return null;
        if (r.maker_id === operator?.id)
          return (
            <Tooltip title="发起人不能复核自己的调整">
              <Tag>等待他人复核</Tag>
            </Tooltip>
          );
        const verb = r.amount.startsWith('-') ? '扣款' : '加款';
        const abs = r.amount.replace('-', '');
        return (
          <Space>
            <Popconfirm
              title={`复核通过：为会员 ${r.username} ${verb} ${yuan(abs)} 元？`}
              onConfirm={() => decide(r, 'approve')}
              okText="通过并入账"
            >
              <a data-testid={`approve-${r.id}`}>通过</a>
            </Popconfirm>
            <Popconfirm
              title={`驳回会员 ${r.username} 的 ${yuan(abs)} 元${verb}？`}
              onConfirm={() => decide(r, 'reject')}
            >
              <a>驳回</a>
            </Popconfirm>
          </Space>
        );
      },
    },
    dateRangeColumn<Row>(),
  ];
  return (
    <PageContainer title="人工调整" subTitle="超过复核阈值的调整须由发起人以外的管理员复核">
      <ServerTable
        path="/admin/v1/adjustments"
        exportPath="/admin/v1/adjustments/export"
        exportName="人工调整"
        rowKey="id"
        columns={columns}
        actionRef={ref}
      />
    </PageContainer>
  );
}
