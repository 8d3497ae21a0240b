import {
  ModalForm,
  PageContainer,
  ProFormText,
  ProFormTextArea,
  type ActionType,
  type ProColumns,
} from '@ant-design/pro-components';
import { confirmDepositBody, PAYMENT_METHODS, PAYMENT_ORDER_STATUSES } from '@app/shared';
import type { BackofficeRow } from '@app/shared/backoffice-api';
import { Alert, App, Space, Tag, Typography } from 'antd';
import { useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { doneOrPending, post, validate } from '@/lib/api.ts';
import { beijing, yuan } from '@/lib/format.ts';
import { Money } from '@/ui/Money.tsx';
import { PendingChangeTag } from '@/ui/PendingChangeTag.tsx';
import { SMALL, When } from '@/ui/When.tsx';
import { dateRangeColumn, ServerTable } from '@/ui/ServerTable.tsx';
import { orDash, RecordDrawer, type DetailField } from './RecordDrawer.tsx';

type Row = BackofficeRow<'/admin/v1/finance/deposits'>;

const STATUS_COLOR: Record<string, string> = {
  confirming: 'orange',
  paid: 'green',
  rejected: 'red',
  failed: 'red',
};

/** The member's declared USDT beside the order's, flagged 金额不符 when they differ. */
function Declared({ row }: { row: Row }) {
  if (!row.declared_usdt_amount) return <>-</>;
  return (
    <>
      <span data-testid={`declared-${row.id}`}>{row.declared_usdt_amount}</span>
      {row.amount_mismatch && (
        <Tag color="red" data-testid={`mismatch-${row.id}`} style={{ marginInline: '4px 0' }}>
          金额不符
        </Tag>
      )}
    </>
  );
}

/** Every field of a deposit order, labelled (the detail drawer). */
export const DEPOSIT_FIELDS: ReadonlyArray<DetailField<Row>> = [
  {
    label: '单号',
    keys: ['order_no'],
    render: (r) => <Typography.Text copyable>{r.order_no}</Typography.Text>,
  },
  { label: '订单ID', keys: ['id'], render: (r) => r.id },
  {
    label: '会员',
    keys: ['username', 'member_id'],
    render: (r) => <Link to={`/members/${r.member_id}`}>{`${r.username}（ID ${r.member_id}）`}</Link>,
  },
  { label: '充值方式', keys: ['method', 'method_name'], render: (r) => r.method_name },
  { label: '金额（元）', keys: ['amount'], render: (r) => <Money value={r.amount} /> },
  { label: 'USDT 数量', keys: ['usdt_amount'], render: (r) => orDash(r.usdt_amount) },
  { label: '汇率', keys: ['rate'], render: (r) => orDash(r.rate) },
  {
    label: '会员申报 USDT',
    keys: ['declared_usdt_amount', 'amount_mismatch'],
    render: (r) => <Declared row={r} />,
  },
  {
    label: '实际入账（元）',
    keys: ['credited_amount'],
    render: (r) => (r.credited_amount ? <Money value={r.credited_amount} /> : '-'),
  },
  {
    label: '交易哈希',
    keys: ['tx_hash'],
    render: (r) =>
      r.tx_hash ? (
        <Typography.Text copyable code style={{ wordBreak: 'break-all' }}>
          {r.tx_hash}
        </Typography.Text>
      ) : (
        '-'
      ),
  },
  {
    label: '状态',
    keys: ['status', 'status_text'],
    render: (r) => <Tag color={STATUS_COLOR[r.status]}>{r.status_text}</Tag>,
  },
  { label: '原因', keys: ['reason'], render: (r) => orDash(r.reason) },
  { label: '处理人', keys: ['operator_name'], render: (r) => orDash(r.operator_name) },
  {
    label: '复核',
    keys: ['pending_change_id'],
    render: (r) => (r.pending_change_id === null ? '-' : <PendingChangeTag id={r.pending_change_id} />),
  },
  { label: '创建时间', keys: ['created_at'], render: (r) => beijing(r.created_at) },
  { label: '到账时间', keys: ['paid_at'], render: (r) => beijing(r.paid_at) },
];

/**
 * Confirms a USDT transfer seen on chain. The operator may state the USDT that actually arrived
 * (required when the member declared another amount than the order's); any amount other than the
 * order's, like a credit beyond the operator's solo allowance, waits for a second operator.
 */
function ConfirmDeposit({ row: r, onDone }: { row: Row; onDone: () => void }) {
  const { message } = App.useApp();
  return (
    <ModalForm<{ usdt_amount?: string; reason?: string }>
      title={`确认到账 ${r.order_no}`}
      width={520}
      trigger={<a data-testid={`confirm-deposit-${r.id}`}>确认到账</a>}
      modalProps={{ destroyOnHidden: true }}
      initialValues={{ reason: '链上核对无误' }}
      submitter={{ searchConfig: { submitText: '确认入账' } }}
      onFinish={async (v) => {
        const usdt = v.usdt_amount?.trim();
        try {
          const body = validate(confirmDepositBody, {
            reason: v.reason ?? '',
            ...(usdt ? { usdt_amount: usdt } : {}),
          });
          const done = await post('/admin/v1/payment-orders/:id/confirm', body, { params: { id: r.id } });
          void message.success(
            doneOrPending(
              done,
              `已确认，会员 ${r.username} 入账 ${yuan(done.credited_amount ?? r.amount)} 元`,
            ),
          );
          onDone();
          return true;
        } catch (e) {
          void message.error((e as Error).message);
          return false;
        }
      }}
    >
      <Typography.Paragraph>
        已在链上核对哈希？将为会员 {r.username} 入账 {yuan(r.amount)} 元（{r.usdt_amount} USDT × {r.rate}）。
      </Typography.Paragraph>
      {r.amount_mismatch && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          message={`金额不符：会员申报 ${r.declared_usdt_amount} USDT，订单为 ${r.usdt_amount} USDT`}
          description="请在链上核对实际到账数量并填写。按订单数量入账可由你确认；按其他数量入账须另一位管理员在「复核中心」复核通过后才入账。"
        />
      )}
      <ProFormText
        name="usdt_amount"
        label="链上到账 USDT"
        placeholder={`留空即按订单 ${r.usdt_amount ?? ''} USDT`}
        rules={
          r.amount_mismatch
            ? [
                {
                  required: true,
                  whitespace: true,
                  message: '会员申报数量与订单不符，请填写链上实际到账的 USDT 数量',
                },
              ]
            : []
        }
        extra="与订单数量不同时，按订单汇率折算入账，须另一位管理员复核后生效。"
      />
      <ProFormTextArea name="reason" label="备注（写入审计日志）" fieldProps={{ maxLength: 200 }} />
    </ModalForm>
  );
}

/** The columns' widths added up: the table scrolls (操作 fixed) only below this. */
const DEPOSIT_TABLE_WIDTH = 190 + 90 + 100 + 100 + 170 + 90 + 80 + 100 + 140;

/** Deposit orders; USDT transfers wait here for the hash to be checked (confirm or reject with a reason). */
export default function DepositsPage() {
  const { message } = App.useApp();
  const ref = useRef<ActionType>(undefined);
  const reload = () => void ref.current?.reload();
  const [detail, setDetail] = useState<Row | null>(null);
  const [params] = useSearchParams();
  // A link to one order (`?id=6`, from a ledger entry) opens its detail once it is loaded.
  const linked = Number(params.get('id') ?? 0);
  const opened = useRef(0);
  // Widths that fit a 1440 px screen beside the menu (about 1,100 px of table), so every column
  // stays in view left of the fixed 操作 column; narrower screens scroll the table.
  const columns: ProColumns<Row>[] = [
    { title: '单号/哈希/会员', dataIndex: 'keyword', hideInTable: true },
    { title: '订单ID', dataIndex: 'id', hideInTable: true, valueType: 'digit' },
    {
      title: '单号',
      dataIndex: 'order_no',
      search: false,
      width: 190,
      render: (_, r) => (
        <Typography.Text copyable={{ text: r.order_no }} style={{ whiteSpace: 'nowrap' }}>
          <a data-testid={`deposit-detail-${r.id}`} onClick={() => setDetail(r)}>
            {r.order_no}
          </a>
        </Typography.Text>
      ),
    },
    {
      title: '会员',
      dataIndex: 'username',
      search: false,
      width: 90,
      ellipsis: true,
      render: (_, r) => <Link to={`/members/${r.member_id}`}>{r.username}</Link>,
    },
    {
      title: '方式',
      dataIndex: 'method',
      width: 100,
      valueEnum: Object.fromEntries(Object.entries(PAYMENT_METHODS).map(([k, v]) => [k, { text: v.name }])),
      render: (_, r) => r.method_name,
    },
    {
      title: '金额（元）',
      dataIndex: 'amount',
      search: false,
      align: 'right',
      width: 100,
      render: (_, r) => (
        <>
          <Money value={r.amount} />
          {r.credited_amount && r.credited_amount !== r.amount && (
            <Typography.Text type="danger" style={SMALL}>
              实际入账 {yuan(r.credited_amount)}
            </Typography.Text>
          )}
        </>
      ),
    },
    {
      title: 'USDT / 交易哈希',
      dataIndex: 'usdt_amount',
      search: false,
      width: 170,
      render: (_, r) =>
        r.usdt_amount ? (
          <>
            <div>{`${r.usdt_amount} × ${r.rate}`}</div>
            {r.declared_usdt_amount && (
              <Typography.Text type="secondary" style={SMALL}>
                会员申报 <Declared row={r} />
              </Typography.Text>
            )}
            {r.tx_hash && (
              <Typography.Text copyable={{ text: r.tx_hash }} code style={{ fontSize: 12 }}>
                {`${r.tx_hash.slice(0, 8)}…${r.tx_hash.slice(-6)}`}
              </Typography.Text>
            )}
          </>
        ) : (
          '-'
        ),
    },
    {
      title: '状态',
      dataIndex: 'status',
      width: 90,
      valueEnum: Object.fromEntries(Object.entries(PAYMENT_ORDER_STATUSES).map(([k, v]) => [k, { text: v }])),
      render: (_, r) => (
        <>
          <Tag color={STATUS_COLOR[r.status]}>{r.status_text}</Tag>
          {r.reason && (
            <Typography.Text
              type="secondary"
              style={{ ...SMALL, maxWidth: 74 }}
              ellipsis={{ tooltip: r.reason }}
            >
              {r.reason}
            </Typography.Text>
          )}
        </>
      ),
    },
    {
      title: '处理人',
      dataIndex: 'operator_name',
      search: false,
      width: 80,
      ellipsis: true,
      render: (_, r) => r.operator_name ?? '-',
    },
    {
      title: '创建时间',
      dataIndex: 'created_at',
      search: false,
      width: 100,
      render: (_, r) => <When iso={r.created_at} />,
    },
    {
      title: '操作',
      valueType: 'option',
      fixed: 'right',
      width: 140,
      render: (_, r) =>
        r.status === 'confirming' ? (
          <Space size={[8, 4]} wrap>
            {r.pending_change_id === null ? (
              <ConfirmDeposit row={r} onDone={reload} />
            ) : (
              <PendingChangeTag id={r.pending_change_id} />
            )}
            <ModalForm<{ reason: string }>
              title={`驳回充值 ${r.order_no}`}
              width={420}
              trigger={<a>驳回</a>}
              modalProps={{ destroyOnHidden: true }}
              onFinish={async (v) => {
                try {
                  await post('/admin/v1/payment-orders/:id/reject', v, { params: { id: r.id } });
                  void message.success('已驳回，会员将收到原因');
                  reload();
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
      <ServerTable
        path="/admin/v1/finance/deposits"
        exportPath="/admin/v1/finance/deposits/export"
        exportName="充值订单"
        rowKey="id"
        columns={columns}
        actionRef={ref}
        scrollX={DEPOSIT_TABLE_WIDTH}
        onRowClick={setDetail}
        onLoad={(rows) => {
          const row = rows.find((r) => r.id === linked);
          if (row && opened.current !== linked) {
            opened.current = linked;
            setDetail(row);
          }
        }}
      />
      <RecordDrawer
        title={detail ? `充值订单 ${detail.order_no}` : ''}
        record={detail}
        fields={DEPOSIT_FIELDS}
        audit={detail ? { targetType: 'payment_order', targetId: detail.id } : null}
        onClose={() => setDetail(null)}
        testId="deposit-detail"
      />
    </PageContainer>
  );
}
