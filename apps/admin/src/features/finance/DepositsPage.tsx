import {
  ModalForm,
  PageContainer,
  ProFormTextArea,
  type ActionType,
  type ProColumns,
} from '@ant-design/pro-components';
import { PAYMENT_METHODS, PAYMENT_ORDER_STATUSES } from '@app/shared';
import type { z } from 'zod';
import type { depositQueueItem } from '@app/shared/backoffice';
import { App, Popconfirm, Space, Tag, Typography } from 'antd';
import { useRef } from 'react';
import { Link } from 'react-router';
import { post } from '@/lib/api.ts';
import { beijing, yuan } from '@/lib/format.ts';
import { Money } from '@/ui/Money.tsx';
import { dateRangeColumn, ServerTable } from '@/ui/ServerTable.tsx';

type Row = z.infer<typeof depositQueueItem> & Record<string, unknown>;

const STATUS_COLOR: Record<string, string> = {
  confirming: 'orange',
  paid: 'green',
  rejected: 'red',
  failed: 'red',
};

/** Deposit orders; USDT transfers wait here for the hash to be checked (confirm or reject with a reason). */
export default function DepositsPage() {
  const { message } = App.useApp();
  const ref = useRef<ActionType>(undefined);
  const confirm = async (r: Row) => {
    try {
      await post(`/payment-orders/${r.id}/confirm`, { reason: '链上核对无误' });
      void message.success(`已确认，会员 ${r.username} 入账 ${yuan(r.amount)} 元`);
      void ref.current?.reload();
    } catch (e) {
      void message.error((e as Error).message);
    }
  };
  const columns: ProColumns<Row>[] = [
    { title: '单号/哈希/会员', dataIndex: 'keyword', hideInTable: true },
    { title: '单号', dataIndex: 'order_no', search: false, copyable: true },
    {
      title: '会员',
      dataIndex: 'username',
      search: false,
      render: (_, r) => <Link to={`/members/${r.member_id}`}>{r.username}</Link>,
    },
    {
      title: '方式',
      dataIndex: 'method',
      valueEnum: Object.fromEntries(Object.entries(PAYMENT_METHODS).map(([k, v]) => [k, { text: v.name }])),
      render: (_, r) => r.method_name,
    },
    {
      title: '金额（元）',
      dataIndex: 'amount',
      search: false,
      align: 'right',
      render: (_, r) => <Money value={r.amount} />,
    },
    {
      title: 'USDT',
      dataIndex: 'usdt_amount',
      search: false,
      align: 'right',
      render: (_, r) => (r.usdt_amount ? `${r.usdt_amount} × ${r.rate}` : '-'),
    },
    {
      title: '交易哈希',
      dataIndex: 'tx_hash',
      search: false,
      render: (_, r) =>
        r.tx_hash ? (
          <Typography.Text
            copyable={{ text: r.tx_hash }}
            code
          >{`${r.tx_hash.slice(0, 10)}…${r.tx_hash.slice(-6)}`}</Typography.Text>
        ) : (
          '-'
        ),
    },
    {
      title: '状态',
      dataIndex: 'status',
      valueEnum: Object.fromEntries(Object.entries(PAYMENT_ORDER_STATUSES).map(([k, v]) => [k, { text: v }])),
      render: (_, r) => <Tag color={STATUS_COLOR[r.status]}>{r.status_text}</Tag>,
    },
    { title: '原因', dataIndex: 'reason', search: false, render: (_, r) => r.reason ?? '-' },
    { title: '处理人', dataIndex: 'operator_name', search: false, render: (_, r) => r.operator_name ?? '-' },
    { title: '创建时间', dataIndex: 'created_at', search: false, render: (_, r) => beijing(r.created_at) },
    {
      title: '操作',
      valueType: 'option',
      fixed: 'right',
      render: (_, r) =>
        r.status === 'confirming' ? (
          <Space>
            <Popconfirm
              title="确认到账"
              description={`已在链上核对哈希？将为会员 ${r.username} 入账 ${yuan(r.amount)} 元（${r.usdt_amount} USDT × ${r.rate}）。`}
              okText="确认入账"
              onConfirm={() => confirm(r)}
            >
              <a data-testid={`confirm-deposit-${r.id}`}>确认到账</a>
            </Popconfirm>
            <ModalForm<{ reason: string }>
              title={`驳回充值 ${r.order_no}`}
              width={420}
              trigger={<a>驳回</a>}
              modalProps={{ destroyOnHidden: true }}
              onFinish={async (v) => {
                try {
                  await post(`/payment-orders/${r.id}/reject`, v);
                  void message.success('已驳回，会员将收到原因');
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
    <PageContainer title="充值订单">
      <ServerTable<Row>
        path="/finance/deposits"
        exportPath="/finance/deposits/export"
        exportName="充值订单"
        rowKey="id"
        columns={columns}
        actionRef={ref}
      />
    </PageContainer>
  );
}
