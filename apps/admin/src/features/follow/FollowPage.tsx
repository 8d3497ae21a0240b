import { PageContainer, type ProColumns } from '@ant-design/pro-components';
import { boostRateText } from '@app/shared';
import type { BackofficeRow } from '@app/shared/backoffice-api';
import { Tabs, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { beijing } from '@/lib/format.ts';
import { Money } from '@/ui/Money.tsx';
import { ServerTable } from '@/ui/ServerTable.tsx';

type Post = BackofficeRow<'/admin/v1/follow/posts'>;

const columns: ProColumns<Post>[] = [
  { title: 'ID', dataIndex: 'id', search: false, width: 70 },
  {
    title: '发单人',
    dataIndex: 'username',
    render: (_, r) => <Link to={`/members/${r.member_id}`}>{r.username}</Link>,
  },
  { title: '注单号', dataIndex: 'order_no', search: false, copyable: true },
  { title: '过关', dataIndex: 'pass_type', search: false },
  {
    title: '自购',
    dataIndex: 'total_amount',
    search: false,
    align: 'right',
    render: (_, r) => <Money value={r.total_amount} />,
  },
  {
    title: '推荐理由',
    dataIndex: 'comment',
    search: false,
    render: (_, r) => (
      <Typography.Text ellipsis style={{ maxWidth: 200 }} title={r.comment}>
        {r.comment || '-'}
      </Typography.Text>
    ),
  },
  {
    title: '佣金',
    dataIndex: 'commission_bp',
    search: false,
    align: 'right',
    render: (_, r) => boostRateText(r.commission_bp),
  },
  { title: '跟单人数', dataIndex: 'copies', search: false, align: 'right' },
  {
    title: '跟单金额',
    dataIndex: 'copied_amount',
    search: false,
    align: 'right',
    render: (_, r) => <Money value={r.copied_amount} />,
  },
  {
    title: '已付佣金',
    dataIndex: 'commission_paid',
    search: false,
    align: 'right',
    render: (_, r) => <Money value={r.commission_paid} />,
  },
  {
    title: '状态',
    dataIndex: 'state',
    valueEnum: { open: { text: '可跟单' }, closed: { text: '已截止' } },
    render: (_, r) => (r.open ? <Tag color="gold">可跟单</Tag> : <Tag>已截止</Tag>),
  },
  { title: '截止', dataIndex: 'closes_at', search: false, render: (_, r) => beijing(r.closes_at) },
  { title: '发单时间', dataIndex: 'created_at', search: false, render: (_, r) => beijing(r.created_at) },
];

type Subscription = BackofficeRow<'/admin/v1/follow/subscriptions'>;

const subscriptionColumns: ProColumns<Subscription>[] = [
  { title: 'ID', dataIndex: 'id', search: false, width: 70 },
  {
    title: '会员',
    dataIndex: 'member',
    search: false,
    render: (_, r) => <Link to={`/members/${r.member_id}`}>{r.member}</Link>,
  },
  {
    title: '发单人',
    dataIndex: 'publisher',
    search: false,
    render: (_, r) => <Link to={`/members/${r.publisher_id}`}>{r.publisher}</Link>,
  },
  { title: '方式', dataIndex: 'mode_text', search: false },
  {
    title: '每日上限',
    dataIndex: 'daily_cap',
    search: false,
    align: 'right',
    render: (_, r) => <Money value={r.daily_cap} />,
  },
  {
    title: '止损',
    dataIndex: 'stop_loss',
    search: false,
    align: 'right',
    render: (_, r) => (r.stop_loss === null ? '-' : <Money value={r.stop_loss} />),
  },
  {
    title: '状态',
    dataIndex: 'status_text',
    search: false,
    render: (_, r) => (
      <>
        <Tag color={r.status_text === '跟单中' ? 'gold' : undefined}>{r.status_text}</Tag>
        {r.end_reason ? <Typography.Text type="secondary">{r.end_reason}</Typography.Text> : null}
      </>
    ),
  },
  { title: '自动跟单', dataIndex: 'copies', search: false, align: 'right' },
  {
    title: '跟单金额',
    dataIndex: 'staked',
    search: false,
    align: 'right',
    render: (_, r) => <Money value={r.staked} />,
  },
  {
    title: '盈亏',
    dataIndex: 'net',
    search: false,
    align: 'right',
    render: (_, r) => <Money value={r.net} />,
  },
  { title: '定制时间', dataIndex: 'created_at', search: false, render: (_, r) => beijing(r.created_at) },
];

/** 跟单: every 晒单 with its copies and the commission paid; every 定制跟单 with its copies' money. */
export function FollowPage() {
  return (
    <PageContainer title="晒单跟单">
      <Tabs
        items={[
          {
            key: 'posts',
            label: '晒单',
            children: (
              <ServerTable
                path="/admin/v1/follow/posts"
                exportPath="/admin/v1/follow/posts/export"
                exportName="晒单跟单"
                rowKey="id"
                columns={columns}
                headerTitle="跟单按当前赔率下单；跟单注单中奖且盈利时，按晒单佣金比例从其派奖中支付给发单人"
              />
            ),
          },
          {
            key: 'subscriptions',
            label: '定制跟单',
            children: (
              <ServerTable
                path="/admin/v1/follow/subscriptions"
                exportPath="/admin/v1/follow/subscriptions/export"
                exportName="定制跟单"
                rowKey="id"
                columns={subscriptionColumns}
                headerTitle="发单人的每张新晒单按会员设置自动跟单（每日上限、止损），每单与手动跟单同样校验"
              />
            ),
          },
        ]}
      />
    </PageContainer>
  );
}
