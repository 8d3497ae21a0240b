import { PageContainer, type ProColumns } from '@ant-design/pro-components';
import { PAYMENT_CALLBACK_OUTCOMES, PAYMENT_CALLBACK_SOURCES } from '@app/shared/backoffice';
import type { BackofficeRow } from '@app/shared/backoffice-api';
import { Tag, Typography } from 'antd';
import { beijing } from '@/lib/format.ts';
import { dateRangeColumn, ServerTable } from '@/ui/ServerTable.tsx';

type Row = BackofficeRow<'/admin/v1/payment-callbacks'>;

/** Refusals that say nothing of an attack (the payer gave up, the order moved on, a late retry). */
const MILD = new Set(['failed', 'not_pending', 'stale']);

function outcomeColor(outcome: string): string {
  if (outcome === 'credited') return 'green';
  if (outcome === 'duplicate') return 'default';
  return MILD.has(outcome) ? 'orange' : 'red';
}

const valueEnum = (labels: Record<string, string>) =>
  Object.fromEntries(Object.entries(labels).map(([k, v]) => [k, { text: v }]));

const columns: ProColumns<Row>[] = [
  {
    title: '时间',
    dataIndex: 'created_at',
    search: false,
    width: 170,
    render: (_, r) => beijing(r.created_at),
  },
  { title: '通道', dataIndex: 'gateway' },
  {
    title: '订单号',
    dataIndex: 'order_no',
    copyable: true,
    fieldProps: { placeholder: '完整订单号' },
    render: (_, r) => r.order_no ?? '—',
  },
  {
    title: '来源',
    dataIndex: 'source',
    valueEnum: valueEnum(PAYMENT_CALLBACK_SOURCES),
    tooltip: '通知：网关推送的异步通知；查询：对账任务向网关查询订单的结果',
    render: (_, r) => PAYMENT_CALLBACK_SOURCES[r.source],
  },
  {
    title: '结果',
    dataIndex: 'outcome',
    valueEnum: valueEnum(PAYMENT_CALLBACK_OUTCOMES),
    render: (_, r) => <Tag color={outcomeColor(r.outcome)}>{r.outcome_text}</Tag>,
  },
  {
    title: '签名',
    dataIndex: 'signature_valid',
    search: false,
    render: (_, r) =>
      r.signature_valid ? (
        <Typography.Text type="success">有效</Typography.Text>
      ) : (
        <Tag color="red">无效</Tag>
      ),
  },
  { title: 'IP', dataIndex: 'ip', search: false, render: (_, r) => r.ip ?? '—' },
  dateRangeColumn<Row>('接收日期'),
];

/** The fields as the gateway sent them (its signature and key cut short by the server). */
function Payload({ row }: { row: Row }) {
  return (
    <pre
      data-testid={`payload-${row.id}`}
      style={{ margin: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}
    >
      {JSON.stringify(row.payload, null, 2)}
    </pre>
  );
}

/**
 * 网关通知: every notification a payment gateway sent (credited, repeated or refused, and why) and
 * every answer of the gateway to reconciliation's order query, newest first; a row opens to the
 * payload as received.
 */
export default function GatewayNotificationsPage() {
  return (
    <PageContainer
      title="网关通知"
      subTitle="支付网关的每条异步通知与对账查询结果（含被拒绝的）；签名与密钥字段仅显示前4位"
    >
      <ServerTable
        path="/admin/v1/payment-callbacks"
        exportPath="/admin/v1/payment-callbacks/export"
        exportName="网关通知"
        rowKey="id"
        columns={columns}
        expandable={{ expandedRowRender: (row: Row) => <Payload row={row} /> }}
      />
    </PageContainer>
  );
}
