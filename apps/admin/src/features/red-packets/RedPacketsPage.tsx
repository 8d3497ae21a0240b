import { PlusOutlined } from '@ant-design/icons';
import { PageContainer, StatisticCard, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { RED_PACKET_KINDS, RED_PACKET_STATUSES, type RedPacketKind } from '@app/shared';
import { Button, Space, Tag, Typography } from 'antd';
import { useRef, useState } from 'react';
import { beijing, count, yuan } from '@/lib/format.ts';
import { Money } from '@/ui/Money.tsx';
import { PendingChangeTag } from '@/ui/PendingChangeTag.tsx';
import { ServerTable } from '@/ui/ServerTable.tsx';
import { CancelRedPacket } from './CancelRedPacket.tsx';
import { ClaimsDrawer } from './ClaimsDrawer.tsx';
import { cancellable, editable, totalsOf, type RedPacket } from './model.ts';
import { RedPacketForm } from './RedPacketForm.tsx';

const STATUS_COLORS: Record<RedPacket['status'], string | undefined> = {
  pending: 'orange',
  upcoming: 'blue',
  running: 'green',
  ended: undefined,
  cancelled: 'red',
};

function StatusTag({ row }: { row: RedPacket }) {
  if (row.status === 'pending' && row.pending_change) return <PendingChangeTag id={row.pending_change.id} />;
  return <Tag color={STATUS_COLORS[row.status]}>{RED_PACKET_STATUSES[row.status]}</Tag>;
}

const TABS = [
  { key: 'all', tab: '全部' },
  ...Object.entries(RED_PACKET_KINDS).map(([key, tab]) => ({ key, tab })),
];
const kindOf = (key: string): RedPacketKind | undefined =>
  key === 'rain' || key === 'code' ? key : undefined;

/**
 * 红包雨 and 口令红包: schedule (a budget above the approval threshold waits for 复核), edit,
 * cancel with a reason, each one's claims under its commitment and seed, and the page's totals.
 */
export default function RedPacketsPage() {
  const ref = useRef<ActionType>(undefined);
  const [kind, setKind] = useState<RedPacketKind | undefined>(undefined);
  const [rows, setRows] = useState<RedPacket[]>([]);
  const [claimsOf, setClaimsOf] = useState<RedPacket | null>(null);
  const reload = () => void ref.current?.reload();
  const totals = totalsOf(rows);

  // No search form: the fields would share names with the form's (the kind is the tabs above).
  const columns: ProColumns<RedPacket>[] = [
    { title: 'ID', dataIndex: 'id', search: false, width: 56 },
    {
      title: '类型',
      dataIndex: 'kind',
      search: false,
      width: 84,
      render: (_, r) => (
        <Tag color={r.kind === 'rain' ? 'volcano' : 'purple'}>{RED_PACKET_KINDS[r.kind]}</Tag>
      ),
    },
    { title: '名称', dataIndex: 'name', search: false, width: 120 },
    {
      title: '口令',
      dataIndex: 'code',
      search: false,
      width: 130,
      render: (_, r) =>
        r.code ? (
          <Typography.Text strong copyable style={{ whiteSpace: 'nowrap' }}>
            {r.code}
          </Typography.Text>
        ) : (
          '-'
        ),
    },
    {
      title: '状态',
      dataIndex: 'status',
      search: false,
      width: 104,
      render: (_, r) => <StatusTag row={r} />,
    },
    {
      title: '时间',
      dataIndex: 'starts_at',
      search: false,
      width: 160,
      render: (_, r) => `${beijing(r.starts_at)} ~ ${beijing(r.ends_at)}`,
    },
    {
      title: '预算',
      dataIndex: 'budget',
      search: false,
      align: 'right',
      width: 100,
      render: (_, r) => <Money value={r.budget} />,
    },
    {
      title: '个数',
      dataIndex: 'count',
      search: false,
      align: 'right',
      width: 70,
      render: (_, r) => count(r.count),
    },
    {
      title: '已领个数 / 金额',
      dataIndex: 'claimed_amount',
      search: false,
      align: 'right',
      width: 130,
      render: (_, r) => (
        <span data-testid={`claimed-${r.id}`}>
          {count(r.claimed)} / <Money value={r.claimed_amount} />
        </span>
      ),
    },
    {
      title: '剩余金额',
      dataIndex: 'remaining_amount',
      search: false,
      align: 'right',
      width: 100,
      render: (_, r) => <Money value={r.remaining_amount} />,
    },
    {
      title: '领取条件',
      dataIndex: 'conditions',
      search: false,
      width: 130,
      render: (_, r) => r.conditions.text || '无',
    },
    {
      title: '打码倍数',
      dataIndex: 'turnover_multiple',
      search: false,
      align: 'right',
      width: 80,
      render: (_, r) => `${r.turnover_multiple}倍`,
    },
    {
      title: '操作',
      valueType: 'option',
      fixed: 'right',
      width: 150,
      render: (_, r) => (
        <Space size="small">
          {editable(r) ? (
            <RedPacketForm row={r} onDone={reload} trigger={<a data-testid={`edit-${r.id}`}>编辑</a>} />
          ) : null}
          {cancellable(r) ? <CancelRedPacket row={r} onDone={reload} /> : null}
          <a data-testid={`claims-${r.id}`} onClick={() => setClaimsOf(r)}>
            领取记录
          </a>
        </Space>
      ),
    },
  ];

  return (
    <PageContainer
      title="红包"
      subTitle="红包雨与口令红包：金额开始前锁定，预算超出单人审批额度需复核"
      tabActiveKey={kind ?? 'all'}
      onTabChange={(key) => setKind(kindOf(key))}
      tabList={TABS}
    >
      <div data-testid="red-packet-totals" style={{ marginBottom: 16 }}>
        <StatisticCard.Group direction="row" bordered>
          <StatisticCard
            statistic={{
              title: `本页 ${count(totals.rows)} 场 · 预算合计`,
              value: yuan(totals.budget),
              suffix: '元',
            }}
          />
          <StatisticCard statistic={{ title: '已领金额', value: yuan(totals.claimedAmount), suffix: '元' }} />
          <StatisticCard
            statistic={{
              title: '已领个数',
              value: `${count(totals.claimed)} / ${count(totals.count)}`,
              suffix: '个',
            }}
          />
          <StatisticCard statistic={{ title: '剩余金额', value: yuan(totals.remaining), suffix: '元' }} />
        </StatisticCard.Group>
      </div>
      <ServerTable
        path="/admin/v1/red-packets"
        exportPath="/admin/v1/red-packets/export"
        exportName="红包"
        rowKey="id"
        columns={columns}
        actionRef={ref}
        params={kind ? { kind } : {}}
        search={false}
        scrollX={1420}
        onLoad={setRows}
        toolBar={[
          <RedPacketForm
            key="new"
            row={null}
            onDone={reload}
            trigger={
              <Button type="primary" icon={<PlusOutlined />} data-testid="create">
                新增红包
              </Button>
            }
          />,
        ]}
      />
      {claimsOf ? <ClaimsDrawer row={claimsOf} onClose={() => setClaimsOf(null)} /> : null}
    </PageContainer>
  );
}
