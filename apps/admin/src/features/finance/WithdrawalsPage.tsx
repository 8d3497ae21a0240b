import {
  ModalForm,
  PageContainer,
  ProFormText,
  ProFormTextArea,
  type ActionType,
  type ProColumns,
} from '@ant-design/pro-components';
import { USER_WALLET_TYPES, WITHDRAW_STATUSES } from '@app/shared';
import type { BackofficeRow } from '@app/shared/backoffice-api';
import { Alert, App, Popconfirm, Space, Tag, Typography } from 'antd';
import { useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { doneOrPending, post } from '@/lib/api.ts';
import { beijing, yuan } from '@/lib/format.ts';
import { Money } from '@/ui/Money.tsx';
import { PendingChangeTag } from '@/ui/PendingChangeTag.tsx';
import { SMALL, When } from '@/ui/When.tsx';
import { dateRangeColumn, ServerTable } from '@/ui/ServerTable.tsx';
import { orDash, RecordDrawer, type DetailField } from './RecordDrawer.tsx';

type Row = BackofficeRow<'/admin/v1/finance/withdrawals'>;
const STATUS_COLOR: Record<string, string> = {
  pending: 'orange',
  approved: 'blue',
  chain_confirming: 'purple',
  paid: 'green',
  rejected: 'red',
};

/** Every field of a withdrawal, labelled (the detail drawer). */
export const WITHDRAWAL_FIELDS: ReadonlyArray<DetailField<Row>> = [
  {
    label: '单号',
    keys: ['order_no'],
    render: (r) => <Typography.Text copyable>{r.order_no}</Typography.Text>,
  },
  { label: '提现单ID', keys: ['id'], render: (r) => r.id },
  {
    label: '会员',
    keys: ['username', 'member_id'],
    render: (r) => <Link to={`/members/${r.member_id}`}>{`${r.username}（ID ${r.member_id}）`}</Link>,
  },
  { label: '申请金额（元）', keys: ['amount'], render: (r) => <Money value={r.amount} /> },
  { label: '手续费（元）', keys: ['fee'], render: (r) => <Money value={r.fee} /> },
  { label: '实付（元）', keys: ['actual_amount'], render: (r) => <Money value={r.actual_amount} /> },
  { label: 'USDT 数量', keys: ['usdt_amount'], render: (r) => orDash(r.usdt_amount) },
  {
    label: '收款方式',
    keys: ['wallet_type'],
    render: (r) => USER_WALLET_TYPES[r.wallet_type as keyof typeof USER_WALLET_TYPES] ?? r.wallet_type,
  },
  { label: '收款账户', keys: ['wallet_name'], render: (r) => r.wallet_name },
  { label: '户名', keys: ['holder_name'], render: (r) => orDash(r.holder_name) },
  {
    label: '账号',
    keys: ['account'],
    render: (r) => (
      <Typography.Text copyable style={{ wordBreak: 'break-all' }}>
        {r.account}
      </Typography.Text>
    ),
  },
  {
    label: '状态',
    keys: ['status', 'status_text'],
    render: (r) => <Tag color={STATUS_COLOR[r.status]}>{r.status_text}</Tag>,
  },
  { label: '原因', keys: ['reason'], render: (r) => orDash(r.reason) },
  {
    label: '交易哈希',
    keys: ['tx_id'],
    render: (r) =>
      r.tx_id ? (
        <Typography.Text copyable style={{ wordBreak: 'break-all' }}>
          {r.tx_id}
        </Typography.Text>
      ) : (
        '-'
      ),
  },
  { label: '链上核对', keys: ['chain_note', 'needs_tx_id'], render: (r) => orDash(r.chain_note) },
  { label: '处理人', keys: ['operator_name'], render: (r) => orDash(r.operator_name) },
  {
    label: '复核',
    keys: ['pending_change_id'],
    render: (r) => (r.pending_change_id === null ? '-' : <PendingChangeTag id={r.pending_change_id} />),
  },
  { label: '申请时间', keys: ['created_at'], render: (r) => beijing(r.created_at) },
  { label: '处理时间', keys: ['decided_at'], render: (r) => beijing(r.decided_at) },
];

/** The columns' widths added up: the table scrolls (操作 fixed) only below this. */
const WITHDRAWAL_TABLE_WIDTH = 190 + 90 + 100 + 90 + 170 + 90 + 80 + 100 + 140;

/** Withdrawals: review → pay → paid, or reject with a reason (the frozen amount returns). */
export default function WithdrawalsPage() {
  const { message } = App.useApp();
  const ref = useRef<ActionType>(undefined);
  const act = async (r: Row, step: 'review' | 'pay', done: string, body: { tx_id?: string } = {}) => {
    try {
      const params = { params: { id: r.id } };
      const answer =
        step === 'pay'
          ? await post('/admin/v1/withdraws/:id/pay', body, params)
          : await post('/admin/v1/withdraws/:id/review', {}, params);
      void message.success(doneOrPending(answer, done));
      void ref.current?.reload();
      return true;
    } catch (e) {
      void message.error((e as Error).message);
      return false;
    }
  };
  const [detail, setDetail] = useState<Row | null>(null);
  const [params] = useSearchParams();
  // A link to one withdrawal (`?id=1`, from a ledger entry) opens its detail once it is loaded.
  const linked = Number(params.get('id') ?? 0);
  const opened = useRef(0);
  // Widths that fit a 1440 px screen beside the menu (about 1,100 px of table), so 处理人 and
  // 申请时间 stay in view left of the fixed 操作 column; narrower screens scroll the table.
  const columns: ProColumns<Row>[] = [
    { title: '单号/账号/会员', dataIndex: 'keyword', hideInTable: true },
    { title: '提现单ID', dataIndex: 'id', hideInTable: true, valueType: 'digit' },
    {
      title: '单号',
      dataIndex: 'order_no',
      search: false,
      width: 190,
      render: (_, r) => (
        <Typography.Text copyable={{ text: r.order_no }} style={{ whiteSpace: 'nowrap' }}>
          <a data-testid={`withdrawal-detail-${r.id}`} onClick={() => setDetail(r)}>
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
      title: '金额',
      dataIndex: 'amount',
      search: false,
      align: 'right',
      width: 100,
      render: (_, r) => (
        <>
          <Money value={r.amount} />
          {r.fee !== '0.00' && (
            <Typography.Text type="secondary" style={SMALL}>
              手续费 {yuan(r.fee)}
            </Typography.Text>
          )}
        </>
      ),
    },
    {
      title: '实付',
      dataIndex: 'actual_amount',
      search: false,
      align: 'right',
      width: 90,
      render: (_, r) => <Money value={r.actual_amount} />,
    },
    {
      title: '收款账户',
      dataIndex: 'wallet_name',
      search: false,
      width: 170,
      render: (_, r) => (
        <>
          {`${r.wallet_name} ${r.holder_name ?? ''}`}
          <Typography.Text type="secondary" style={SMALL} copyable={{ text: r.account }}>
            {r.account}
          </Typography.Text>
        </>
      ),
    },
    {
      title: '状态',
      dataIndex: 'status',
      width: 90,
      valueEnum: Object.fromEntries(Object.entries(WITHDRAW_STATUSES).map(([k, v]) => [k, { text: v }])),
      render: (_, r) => (
        <>
          <Tag color={STATUS_COLOR[r.status]}>{r.status_text}</Tag>
          {r.chain_note && r.status !== 'paid' && (
            <Typography.Text
              type={r.status === 'approved' ? 'danger' : 'secondary'}
              style={{ ...SMALL, maxWidth: 74 }}
              ellipsis={{ tooltip: r.chain_note }}
              data-testid={`chain-note-${r.id}`}
            >
              {r.chain_note}
            </Typography.Text>
          )}
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
      title: '申请时间',
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
        r.status === 'chain_confirming' ? (
          <Typography.Text type="secondary">链上核对中</Typography.Text>
        ) : r.status === 'pending' || r.status === 'approved' ? (
          <Space size={[8, 4]} wrap>
            {r.status === 'pending' && (
              <Popconfirm
                title={`审核通过 ${r.username} 的提现 ${yuan(r.amount)} 元？通过后会员不能再取消`}
                onConfirm={() => act(r, 'review', '已审核，待出款')}
              >
                <a data-testid={`review-${r.id}`}>审核通过</a>
              </Popconfirm>
            )}
            {r.pending_change_id !== null && <PendingChangeTag id={r.pending_change_id} />}
            {r.status === 'approved' && r.pending_change_id === null && r.needs_tx_id && (
              <ModalForm<{ tx_id: string }>
                title={`出款 ${r.order_no}：${r.usdt_amount ?? '-'} USDT`}
                width={520}
                trigger={<a data-testid={`pay-${r.id}`}>出款</a>}
                modalProps={{ destroyOnHidden: true, okText: '提交链上核对' }}
                onFinish={(v) => act(r, 'pay', '已提交，待链上确认', { tx_id: v.tx_id.trim() })}
              >
                {r.chain_note && (
                  <Alert
                    type="error"
                    showIcon
                    style={{ marginBottom: 12, wordBreak: 'break-all' }}
                    message={r.chain_note}
                    data-testid={`chain-refused-${r.id}`}
                  />
                )}
                <Typography.Paragraph>
                  {`请先从你的钱包向 ${r.account} 转出 ${r.usdt_amount ?? '-'} USDT（TRC20），再填写该笔转账的交易哈希。`}
                </Typography.Paragraph>
                <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
                  链上确认（收款地址、USDT
                  数量、合约一致）后才标记为已到账；不一致时退回待出款并显示原因。超出单人审批额度且无他人审核时，提交另一位管理员复核。
                </Typography.Paragraph>
                <ProFormText
                  name="tx_id"
                  label="交易哈希（TXID）"
                  placeholder="64位十六进制"
                  fieldProps={{ autoComplete: 'off' }}
                  rules={[
                    { required: true, message: '请填写交易哈希' },
                    { pattern: /^\s*(0x)?[0-9a-fA-F]{64}\s*$/, message: '交易哈希须为64位十六进制' },
                  ]}
                />
              </ModalForm>
            )}
            {r.status === 'approved' && r.pending_change_id === null && !r.needs_tx_id && (
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
    <PageContainer
      title="提现管理"
      subTitle="审核 → 出款 → 已到账（USDT-TRC20：填写交易哈希，链上确认后到账）；驳回时冻结金额退回会员"
    >
      <ServerTable
        path="/admin/v1/finance/withdrawals"
        exportPath="/admin/v1/finance/withdrawals/export"
        exportName="提现申请"
        rowKey="id"
        columns={columns}
        actionRef={ref}
        scrollX={WITHDRAWAL_TABLE_WIDTH}
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
        title={detail ? `提现单 ${detail.order_no}` : ''}
        record={detail}
        fields={WITHDRAWAL_FIELDS}
        audit={detail ? { targetType: 'withdrawal', targetId: detail.id } : null}
        onClose={() => setDetail(null)}
        testId="withdrawal-detail"
      />
    </PageContainer>
  );
}
