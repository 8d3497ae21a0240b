import { PageContainer, type ProColumns } from '@ant-design/pro-components';
import { CHASE_STATUSES } from '@app/shared';
import type { BackofficeResponse, BackofficeRow } from '@app/shared/backoffice-api';
import { useQuery } from '@tanstack/react-query';
import { Descriptions, Drawer, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { get } from '@/lib/api.ts';
import { beijing } from '@/lib/format.ts';
import { Money } from '@/ui/Money.tsx';
import { ServerTable } from '@/ui/ServerTable.tsx';

type Chase = BackofficeRow<'/admin/v1/lottery/chases'>;
type ChaseDetail = BackofficeResponse<'GET', '/admin/v1/lottery/chases/:id'>;

const STATUS_COLOR: Record<string, string> = {
  running: 'gold',
  done: 'blue',
  stopped: 'green',
  cancelled: 'default',
};
const PERIOD_COLOR: Record<string, string> = {
  waiting: 'default',
  placed: 'gold',
  won: 'green',
  lost: 'default',
  refunded: 'orange',
  skipped: 'red',
  cancelled: 'default',
};
const STOP_TEXT = { none: '不停止', any_win: '中奖后停止', win_over: '中奖超过金额后停止' } as const;

/** One chase period by period: its bets, what each paid, and why a period was not placed. */
function ChaseDrawer({ row, onClose }: { row: Chase; onClose: () => void }) {
  const detail = useQuery({
    queryKey: ['lottery-chase', row.id],
    queryFn: () => get('/admin/v1/lottery/chases/:id', { id: row.id }),
  });
  const schedule: ChaseDetail['schedule'] = detail.data?.schedule ?? [];
  return (
    <Drawer open width={860} onClose={onClose} destroyOnHidden title={`追号 ${row.chase_no}`}>
      <Descriptions size="small" column={3} bordered style={{ marginBottom: 16 }} data-testid="chase-facts">
        <Descriptions.Item label="会员">{row.username}</Descriptions.Item>
        <Descriptions.Item label="彩种">{row.lottery_name}</Descriptions.Item>
        <Descriptions.Item label="停止条件">{STOP_TEXT[row.stop]}</Descriptions.Item>
        <Descriptions.Item label="方案" span={3}>
          {row.bets
            .map((b) => `${b.play_name} ${b.bet_codes}（${b.item_count}注×${b.multiple}倍）`)
            .join('；')}
        </Descriptions.Item>
        <Descriptions.Item label="总金额">
          <Money value={row.total_amount} />
        </Descriptions.Item>
        <Descriptions.Item label="已投注">
          <Money value={row.spent} />
        </Descriptions.Item>
        <Descriptions.Item label="已退回">
          <Money value={row.refunded} />
        </Descriptions.Item>
        <Descriptions.Item label="冻结中">
          <Money value={row.frozen} />
        </Descriptions.Item>
        <Descriptions.Item label="中奖">
          <Money value={row.payout} />
        </Descriptions.Item>
        <Descriptions.Item label="状态">
          <Tag color={STATUS_COLOR[row.status]}>{row.status_text}</Tag>
          {row.stop_reason ? <Typography.Text type="secondary">{row.stop_reason}</Typography.Text> : null}
        </Descriptions.Item>
      </Descriptions>
      <Table
        size="small"
        rowKey="seq"
        loading={detail.isPending}
        pagination={false}
        dataSource={schedule}
        data-testid="chase-schedule"
        columns={[
          { title: '#', dataIndex: 'seq', width: 50 },
          { title: '期号', dataIndex: 'expect' },
          { title: '倍数', dataIndex: 'multiple', align: 'right' },
          { title: '金额', dataIndex: 'amount', align: 'right', render: (v: string) => <Money value={v} /> },
          {
            title: '状态',
            dataIndex: 'status_text',
            render: (text: string, p) => <Tag color={PERIOD_COLOR[p.status]}>{text}</Tag>,
          },
          { title: '中奖', dataIndex: 'payout', align: 'right', render: (v: string) => <Money value={v} /> },
          { title: '注单号', dataIndex: 'bet_nos', render: (nos: string[]) => nos.join('、') || '-' },
          { title: '说明', dataIndex: 'message', render: (m: string | null) => m ?? '-' },
        ]}
      />
    </Drawer>
  );
}

/** 追号: every member's chases with their figures; a row opens it period by period. */
export function LotteryChasesPage() {
  const [open, setOpen] = useState<Chase | null>(null);
  const columns: ProColumns<Chase>[] = [
    {
      title: '追号单号',
      dataIndex: 'chase_no',
      search: false,
      render: (_, r) => <a onClick={() => setOpen(r)}>{r.chase_no}</a>,
    },
    { title: '会员', dataIndex: 'username' },
    { title: '彩种', dataIndex: 'lottery_code', render: (_, r) => r.lottery_name },
    { title: '起始期号', dataIndex: 'start_expect', search: false },
    {
      title: '进度',
      dataIndex: 'placed',
      search: false,
      align: 'right',
      render: (_, r) => `${r.placed}/${r.periods}`,
    },
    {
      title: '总金额',
      dataIndex: 'total_amount',
      search: false,
      align: 'right',
      render: (_, r) => <Money value={r.total_amount} />,
    },
    {
      title: '冻结中',
      dataIndex: 'frozen',
      search: false,
      align: 'right',
      render: (_, r) => <Money value={r.frozen} />,
    },
    {
      title: '中奖',
      dataIndex: 'payout',
      search: false,
      align: 'right',
      render: (_, r) => <Money value={r.payout} />,
    },
    {
      title: '状态',
      dataIndex: 'status',
      valueEnum: Object.fromEntries(Object.entries(CHASE_STATUSES).map(([k, text]) => [k, { text }])),
      render: (_, r) => <Tag color={STATUS_COLOR[r.status]}>{r.status_text}</Tag>,
    },
    { title: '创建时间', dataIndex: 'created_at', search: false, render: (_, r) => beijing(r.created_at) },
  ];
  return (
    <PageContainer title="追号记录">
      <ServerTable
        path="/admin/v1/lottery/chases"
        exportPath="/admin/v1/lottery/chases/export"
        exportName="追号记录"
        rowKey="id"
        columns={columns}
        headerTitle="追号总金额在创建时冻结，每期开盘时从冻结金额投注；未投注的期数撤销或停止后退回彩票钱包"
      />
      {open ? <ChaseDrawer row={open} onClose={() => setOpen(null)} /> : null}
    </PageContainer>
  );
}
