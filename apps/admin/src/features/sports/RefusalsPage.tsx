import { PageContainer, type ProColumns } from '@ant-design/pro-components';
import { Tag, Typography } from 'antd';
import { BET_REFUSAL_REASONS } from '@app/shared/backoffice';
import type { BackofficeRow } from '@app/shared/backoffice-api';
import { beijing } from '@/lib/format.ts';
import { dateRangeColumn, ServerTable } from '@/ui/ServerTable.tsx';

type Row = BackofficeRow<'/admin/v1/sports/refusals'>;

const PAST_POSTING = new Set(['kickoff', 'event']);

/**
 * 拒单记录 (issue 43, point 2): bets refused because their match had moved on — a pre-match bet at
 * or after kick-off, an in-play bet whose match changed (goal, card, period end) between the
 * request and the end of its bet delay — and every other refusal at the end of a delay, with the
 * feed's own time of the event beside the bet's request time.
 */
export default function RefusalsPage() {
  const columns: ProColumns<Row>[] = [
    {
      title: '比赛ID',
      dataIndex: 'match_id',
      valueType: 'digit',
      render: (_, r) => (
        <span>
          {r.match_no} {r.home} vs {r.away}
          <Typography.Text type="secondary"> #{r.match_id}</Typography.Text>
        </span>
      ),
    },
    {
      title: '原因',
      dataIndex: 'reason',
      valueEnum: Object.fromEntries(Object.entries(BET_REFUSAL_REASONS).map(([k, v]) => [k, { text: v }])),
      render: (_, r) => (
        <Tag color={PAST_POSTING.has(r.reason) ? 'red' : 'orange'} title={r.message}>
          {r.reason_name}
        </Tag>
      ),
    },
    {
      title: '环节',
      dataIndex: 'stage',
      valueEnum: { submit: { text: '提交时' }, decision: { text: '确认时（延迟后）' } },
    },
    { title: '会员', dataIndex: 'username', search: false },
    { title: '注单', dataIndex: 'order_no', search: false, render: (_, r) => r.order_no ?? '—' },
    { title: '玩法 / 选项', search: false, render: (_, r) => `${r.play_type} ${r.option}` },
    { title: '提示', dataIndex: 'message', search: false },
    {
      title: '事件时间（数据源）',
      dataIndex: 'feed_event_at',
      search: false,
      render: (_, r) => (r.feed_event_at ? beijing(r.feed_event_at) : '—'),
    },
    {
      title: '请求时间',
      dataIndex: 'requested_at',
      search: false,
      render: (_, r) => beijing(r.requested_at),
    },
    { title: '处理时间', dataIndex: 'decided_at', search: false, render: (_, r) => beijing(r.decided_at) },
    dateRangeColumn<Row>('请求日期'),
  ];
  return (
    <PageContainer title="拒单记录" subTitle="开赛后或比赛状态变化后未被接受的投注">
      <ServerTable
        path="/admin/v1/sports/refusals"
        exportPath="/admin/v1/sports/refusals/export"
        exportName="拒单记录"
        rowKey="id"
        columns={columns}
      />
    </PageContainer>
  );
}
