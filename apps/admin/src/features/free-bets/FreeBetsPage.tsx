import { GiftOutlined } from '@ant-design/icons';
import { PageContainer, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { FREE_BET_STATUS_KEYS, FREE_BET_STATUSES, type FreeBetStatus } from '@app/shared';
import { Button, Tag, Typography } from 'antd';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { useAuth } from '@/app/auth.tsx';
import { beijing } from '@/lib/format.ts';
import { Money } from '@/ui/Money.tsx';
import { ServerTable } from '@/ui/ServerTable.tsx';
import { FreeBetGrantForm } from './FreeBetGrantForm.tsx';
import { revocable, type FreeBet } from './model.ts';
import { RevokeFreeBet } from './RevokeFreeBet.tsx';

const STATUS_COLORS: Record<FreeBetStatus, string | undefined> = {
  available: 'green',
  used: 'blue',
  expired: undefined,
  revoked: 'red',
};

/** A time as two lines, the Beijing date over the time, so the columns fit 1440 px. */
function Stamp({ iso }: { iso: string }) {
  const [date, time] = beijing(iso).split(' ');
  return (
    <span style={{ whiteSpace: 'nowrap' }}>
      {date}
      <br />
      {time}
    </span>
  );
}

/** "单关、串关（N串1）" breaking between plays only, never inside one. */
function Plays({ text }: { text: string }) {
  const plays = text.split('、');
  return plays.map((play, i) => (
    <span key={play} style={{ whiteSpace: 'nowrap' }}>
      {play}
      {i < plays.length - 1 ? '、' : ''}
    </span>
  ));
}

const TABS = [
  { key: 'all', tab: '全部' },
  ...FREE_BET_STATUS_KEYS.map((key) => ({ key, tab: FREE_BET_STATUSES[key] })),
];
const statusOf = (key: string): FreeBetStatus | undefined => FREE_BET_STATUS_KEYS.find((k) => k === key);

/**
 * 免费投注券: granted from here to a member, the members with a tag or a VIP level and above (a
 * total above the approval threshold waits for 复核), every ticket with its order and what it won,
 * and 作废 with a reason for one not used yet.
 */
export default function FreeBetsPage() {
  const { can } = useAuth();
  const ref = useRef<ActionType>(undefined);
  const [status, setStatus] = useState<FreeBetStatus | undefined>(undefined);
  const reload = () => void ref.current?.reload();
  const memberLinks = can('members.read');

  const columns: ProColumns<FreeBet>[] = [
    { title: 'ID', dataIndex: 'id', search: false, width: 52 },
    {
      title: '会员',
      dataIndex: 'username',
      width: 92,
      ellipsis: true,
      fieldProps: { placeholder: '会员账号' },
      render: (_, r) => (memberLinks ? <Link to={`/members/${r.member_id}`}>{r.username}</Link> : r.username),
    },
    { title: '券名称', dataIndex: 'title', search: false, width: 124 },
    {
      title: '面额',
      dataIndex: 'value',
      search: false,
      align: 'right',
      width: 80,
      render: (_, r) => <Money value={r.value} />,
    },
    { title: '最低赔率', dataIndex: 'min_odds', search: false, align: 'right', width: 76 },
    {
      title: '适用玩法',
      dataIndex: 'plays_text',
      search: false,
      width: 120,
      render: (_, r) => <Plays text={r.plays_text} />,
    },
    {
      title: '有效期至',
      dataIndex: 'expires_at',
      search: false,
      width: 96,
      render: (_, r) => <Stamp iso={r.expires_at} />,
    },
    {
      title: '状态',
      dataIndex: 'status',
      search: false,
      width: 72,
      render: (_, r) => (
        <Tag color={STATUS_COLORS[r.status]} data-testid={`status-${r.id}`}>
          {FREE_BET_STATUSES[r.status]}
        </Tag>
      ),
    },
    {
      title: '关联注单',
      dataIndex: 'order_no',
      search: false,
      width: 164,
      render: (_, r) =>
        r.order_no ? (
          <Typography.Text
            copyable
            style={{ whiteSpace: 'nowrap', fontSize: 12 }}
            data-testid={`order-${r.id}`}
          >
            {r.order_no}
          </Typography.Text>
        ) : (
          '-'
        ),
    },
    {
      title: '中奖实得',
      dataIndex: 'winnings',
      search: false,
      align: 'right',
      width: 76,
      render: (_, r) => <Money value={r.winnings} />,
    },
    {
      title: '发放时间',
      dataIndex: 'created_at',
      search: false,
      width: 96,
      render: (_, r) => <Stamp iso={r.created_at} />,
    },
    {
      title: '操作',
      valueType: 'option',
      fixed: 'right',
      width: 56,
      render: (_, r) => (revocable(r) ? <RevokeFreeBet row={r} onDone={reload} /> : null),
    },
  ];

  return (
    <PageContainer
      title="免费投注券"
      subTitle="发放给指定会员、会员标签或VIP等级；合计金额超出单人审批额度需复核"
      tabActiveKey={status ?? 'all'}
      onTabChange={(key) => setStatus(statusOf(key))}
      tabList={TABS}
    >
      <ServerTable
        path="/admin/v1/free-bets"
        exportPath="/admin/v1/free-bets/export"
        exportName="免费投注券"
        rowKey="id"
        columns={columns}
        actionRef={ref}
        params={status ? { status } : {}}
        scrollX={1104}
        toolBar={[
          <FreeBetGrantForm
            key="grant"
            onDone={reload}
            trigger={
              <Button type="primary" icon={<GiftOutlined />} data-testid="grant">
                发放免费投注券
              </Button>
            }
          />,
        ]}
      />
    </PageContainer>
  );
}
