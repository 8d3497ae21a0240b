import {
  ModalForm,
  PageContainer,
  ProFormTextArea,
  type ActionType,
  type ProColumns,
} from '@ant-design/pro-components';
import { WITHDRAW_STATUSES } from '@app/shared';
import type { BackofficeRow } from '@app/shared/backoffice-api';
import { App, Popconfirm, Space, Tag, Typography } from 'antd';
import { useRef } from 'react';
import { Link } from 'react-router';
import { doneOrPending, post } from '@/lib/api.ts';
import { beijing, yuan } from '@/lib/format.ts';
import { Money } from '@/ui/Money.tsx';
import { PendingChangeTag } from '@/ui/PendingChangeTag.tsx';
import { dateRangeColumn, ServerTable } from '@/ui/ServerTable.tsx';

type Row = BackofficeRow<'/admin/v1/finance/withdrawals'>;
const STATUS_COLOR: Record<string, string> = {
  pending: 'orange',
  approved: 'blue',
  paid: 'green',
  rejected: 'red',
};

/** Withdrawals: review → pay → paid, or reject with a reason (the frozen amount returns). */
export default function WithdrawalsPage() {
  const { message } = App.useApp();
  const ref = useRef<ActionType>(undefined);
  const act = async (r: Row, step: 'review' | 'pay', done: string) => {
    try {
      void message.success(
        doneOrPending(await post(`/admin/v1/withdraws/:id/${step}`, {}, { params: { id: r.id } }), done),
      );
      void ref.current?.reload();
    } catch (e) {
      void message.error((e as Error).message);
    }
  };
  const columns: ProColumns<Row>[] = [
    { title: '单号/账号/会员', dataIndex: 'keyword', hideInTable: true },
    { title: '单号', dataIndex: 'order_no', search: false, copyable: true },
    {
      title: '会员',
      dataIndex: 'username',
      search: false,
      render: (_, r) => <Link to={`/members/${r.member_id}`}>{r.username}</Link>,
    },
    {
      title: '金额',
      dataIndex: 'amount',
      search: false,
      align: 'right',
      render: (_, r) => <Money value={r.amount} />,
    },
    {
      title: '手续费',
      dataIndex: 'fee',
      search: false,
      align: 'right',
      render: (_, r) => <Money value={r.fee} />,
    },
    {
      title: '实付',
      dataIndex: 'actual_amount',
      search: false,
      align: 'right',
      render: (_, r) => <Money value={r.actual_amount} />,
    },
    {
      title: '收款账户',
      dataIndex: 'wallet_name',
      search: false,
      render: (_, r) => `${r.wallet_name} ${r.holder_name ?? ''}`,
    },
    { title: '账号', dataIndex: 'account', search: false, copyable: true },
    {
      title: '状态',
      dataIndex: 'status',
      valueEnum: Object.fromEntries(Object.entries(WITHDRAW_STATUSES).map(([k, v]) => [k, { text: v }])),
      render: (_, r) => <Tag color={STATUS_COLOR[r.status]}>{r.status_text}</Tag>,
    },
    { title: '原因', dataIndex: 'reason', search: false, render: (_, r) => r.reason ?? '-' },
    { title: '处理人', dataIndex: 'operator_name', search: false, render: (_, r) => r.operator_name ?? '-' },
    { title: '申请时间', dataIndex: 'created_at', search: false, render: (_, r) => beijing(r.created_at) },
    {
      title: '操作',
      valueType: 'option',
      fixed: 'right',
      render: (_, r) =>
        r.status === 'pending' || r.status === 'approved' ? (
          <Space>
            {r.status === 'pending' && (
              <Popconfirm
                title={`审核通过 ${r.username} 的提现 ${yuan(r.amount)} 元？通过后会员不能再取消`}
                onConfirm={() => act(r, 'review', '已审核，待出款')}
              >
                <a data-testid={`review-${r.id}`}>审核通过</a>
              </Popconfirm>
            )}
            {r.pending_change_id !== null && <PendingChangeTag id={r.pending_change_id} />}
            {r.status === 'approved' && r.pending_change_id === null && (
              <Popconfirm
                title="确认已出款"
                description={
                  <div style={{ maxWidth: 360 }}>
                    {`已向 ${r.wallet_name} ${r.account} 汇出 ${yuan(r.actual_amount)} 元（申请 ${yuan(r.amount)}，手续费 ${yuan(r.fee)}）？`}
                    <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0', fontSize: 12 }}>
                      若此提现由你本人审核且超出单人审批额度，出款将提交另一位管理员复核。
                    </Typography.Paragraph>
                  </div>
                }
                okText="确认已出款"
                onConfirm={() => act(r, 'pay', '已出款')}
              >
                <a data-testid={`pay-${r.id}`}>出款</a>
              </Popconfirm>
            )}
            <ModalForm<{ reason: string }>
              title={`驳回提现 ${r.order_no}：${yuan(r.amount)} 元将退回会员账户`}
              width={460}
              trigger={<a>驳回</a>}
              modalProps={{ destroyOnHidden: true }}
              onFinish={async (v) => {
                try {
                  await post('/admin/v1/withdraws/:id/reject', v, { params: { id: r.id } });
                  void message.success(`已驳回，${yuan(r.amount)} 元已退回`);
                  void ref.current?.reload();
                  return true;
                } catch (e) {
                  void message.error((e as Error).message);
                  return false;
                }
              }}
            >
              <ProFormTextArea
                name="reason"
                label="驳回原因（会员可见）"
                rules={[{ required: true, message: '请填写驳回原因' }]}
              />
            </ModalForm>
          </Space>
        ) : null,
    },
    dateRangeColumn<Row>(),
  ];
  return (
    <PageContainer title="提现管理" subTitle="审核 → 出款 → 已到账；驳回时冻结金额退回会员">
      <ServerTable
        path="/admin/v1/finance/withdrawals"
        exportPath="/admin/v1/finance/withdrawals/export"
        exportName="提现申请"
        rowKey="id"
        columns={columns}
        actionRef={ref}
      />
    </PageContainer>
  );
}
