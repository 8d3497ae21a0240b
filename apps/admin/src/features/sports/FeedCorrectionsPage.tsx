import {
  ModalForm,
  PageContainer,
  ProFormTextArea,
  type ActionType,
  type ProColumns,
} from '@ant-design/pro-components';
import { FEED_CORRECTION_STATUSES } from '@app/shared/backoffice';
import type { BackofficeRow } from '@app/shared/backoffice-api';
import { App, Button, Space, Tag, Typography } from 'antd';
import { useRef } from 'react';
import { doneOrPending, post } from '@/lib/api.ts';
import { beijing } from '@/lib/format.ts';
import { Money } from '@/ui/Money.tsx';
import { ServerTable } from '@/ui/ServerTable.tsx';

type Row = BackofficeRow<'/admin/v1/sports/feed-corrections'>;

const STATUS_COLOR = { pending: 'orange', applied: 'green', dismissed: 'default' } as const;

/** One decision on a reminder: its reason asked for, then the answer shown (done, or waiting in 复核). */
function Decide({ row, kind, onDone }: { row: Row; kind: 'apply' | 'dismiss'; onDone: () => void }) {
  const { message } = App.useApp();
  const apply = kind === 'apply';
  return (
    <ModalForm<{ reason: string }>
      title={
        apply
          ? `按新赛果重新结算 ${row.match_no} ${row.home} vs ${row.away}`
          : `忽略 ${row.match_no} 的赛果更正（维持原结算）`
      }
      width={520}
      trigger={
        apply ? (
          <Button size="small" type="primary" danger data-testid={`feed-correction-apply-${row.id}`}>
            按新赛果重新结算
          </Button>
        ) : (
          <Button size="small" data-testid={`feed-correction-dismiss-${row.id}`}>
            忽略
          </Button>
        )
      }
      modalProps={{ destroyOnHidden: true }}
      onFinish={async ({ reason }) => {
        try {
          const done = await post(
            `/admin/v1/sports/feed-corrections/:id/${kind}`,
            { reason },
            {
              params: { id: row.id },
            },
          );
          void message.success(doneOrPending(done, apply ? '已按新赛果重新结算' : '已忽略'));
          onDone();
          return true;
        } catch (e) {
          void message.error((e as Error).message);
          return false;
        }
      }}
    >
      <Typography.Paragraph>
        原赛果 {row.before} → 新赛果 <b>{row.after}</b>，涉及 {row.orders} 笔注单
        {apply && row.net !== null ? `，净额 ${row.net} 元（负数为扣回）` : ''}。
        {apply
          ? '将按「作废/重新结算」流程执行（每场仅一次；超出单人审批额度时需另一位管理员复核）。'
          : '忽略后账面结算不变，同一新赛果不再提醒。'}
      </Typography.Paragraph>
      <ProFormTextArea name="reason" label="原因" rules={[{ required: true, message: '请填写原因' }]} />
    </ModalForm>
  );
}

/**
 * 赛果更正提醒 (issue 38): a feed's result for a match we have settled that changed afterwards (a
 * corrected score, a match called off after the fact). The sync only records it; an operator
 * resettles with the new result through the usual correction, or dismisses it with a reason.
 */
export default function FeedCorrectionsPage() {
  const ref = useRef<ActionType>(undefined);
  const reload = () => void ref.current?.reload();
  const columns: ProColumns<Row>[] = [
    {
      title: '比赛',
      dataIndex: 'match_id',
      search: false,
      width: 250,
      render: (_, r) => (
        <div>
          {r.match_no} {r.home} vs {r.away}
          <br />
          <Typography.Text type="secondary">
            {r.league} · {beijing(r.kickoff_at)} · #{r.match_id}
          </Typography.Text>
        </div>
      ),
    },
    { title: '原赛果（已结算）', dataIndex: 'before', search: false, width: 170 },
    {
      title: '数据源新赛果',
      dataIndex: 'after',
      search: false,
      width: 170,
      render: (_, r) => <Typography.Text strong>{r.after}</Typography.Text>,
    },
    { title: '涉及注单', dataIndex: 'orders', search: false },
    {
      title: '重算净额',
      dataIndex: 'net',
      search: false,
      align: 'right',
      render: (_, r) => (r.net === null ? '—' : <Money value={r.net} />),
    },
    {
      title: '状态',
      dataIndex: 'status',
      valueEnum: Object.fromEntries(
        Object.entries(FEED_CORRECTION_STATUSES).map(([k, v]) => [k, { text: v }]),
      ),
      render: (_, r) => (
        <Space size={2}>
          <Tag color={STATUS_COLOR[r.status]}>{FEED_CORRECTION_STATUSES[r.status]}</Tag>
          {r.pending_change !== null && r.status === 'pending' && (
            <Tag color="blue">待复核 #{r.pending_change}</Tag>
          )}
        </Space>
      ),
    },
    {
      title: '发现时间',
      dataIndex: 'first_seen_at',
      search: false,
      render: (_, r) => beijing(r.first_seen_at),
    },
    {
      title: '处理',
      dataIndex: 'decided_by',
      search: false,
      width: 220,
      render: (_, r) =>
        r.decided_at ? (
          <div>
            {r.decided_by ?? '系统'} · {beijing(r.decided_at)}
            <br />
            <Typography.Text type="secondary">{r.reason}</Typography.Text>
          </div>
        ) : (
          '—'
        ),
    },
    {
      title: '操作',
      valueType: 'option',
      fixed: 'right',
      width: 220,
      render: (_, r) =>
        r.status === 'pending' && r.pending_change === null ? (
          <Space>
            <Decide row={r} kind="apply" onDone={reload} />
            <Decide row={r} kind="dismiss" onDone={reload} />
          </Space>
        ) : null,
    },
  ];
  return (
    <PageContainer title="赛果更正提醒" subTitle="结算后数据源赛果有变：比分更正、赛后取消；不会自动改动资金">
      <ServerTable
        path="/admin/v1/sports/feed-corrections"
        exportPath="/admin/v1/sports/feed-corrections/export"
        exportName="赛果更正提醒"
        rowKey="id"
        columns={columns}
        actionRef={ref}
        scrollX={1400}
      />
    </PageContainer>
  );
}
