import { PageContainer, type ProColumns } from '@ant-design/pro-components';
import { MEMBER_FLAGS } from '@app/shared/backoffice';
import type { BackofficeRow } from '@app/shared/backoffice-api';
import { Space, Tag } from 'antd';
import { Link } from 'react-router';
import { beijing } from '@/lib/format.ts';
import { Money } from '@/ui/Money.tsx';
import { dateRangeColumn, ServerTable } from '@/ui/ServerTable.tsx';
import { tagOptions, useMemberTags } from './tags.ts';

type Row = BackofficeRow<'/admin/v1/members'>;

export function FlagTags({ flags }: { flags: Row['flags'] }) {
  return (
    <Space size={2} wrap>
      {flags.enabled === 0 && <Tag color="red">已停用</Tag>}
      {flags.is_black === 1 && <Tag color="black">黑名单</Tag>}
      {flags.disable_withdraw === 1 && <Tag color="orange">禁止提现</Tag>}
      {flags.disable_game === 1 && <Tag color="orange">禁止游戏</Tag>}
      {flags.disable_nggame === 1 && <Tag color="orange">禁电子</Tag>}
      {flags.is_agent === 1 && <Tag color="gold">代理</Tag>}
      {flags.is_mock === 1 && <Tag>测试</Tag>}
    </Space>
  );
}

const flagEnum = Object.fromEntries(
  Object.entries(MEMBER_FLAGS).map(([k, v]) => [k, { text: k === 'enabled' ? '已停用' : v }]),
);

const columns: ProColumns<Row>[] = [
  { title: '账号/ID/手机', dataIndex: 'keyword', hideInTable: true },
  { title: 'ID', dataIndex: 'id', search: false, width: 80 },
  {
    title: '账号',
    dataIndex: 'username',
    search: false,
    render: (_, r) => (
      <Link to={`/members/${r.id}`} data-testid="member-link">
        {r.username}
      </Link>
    ),
  },
  { title: '昵称', dataIndex: 'nickname', search: false },
  { title: '手机号', dataIndex: 'mobile', search: false },
  { title: 'VIP', dataIndex: 'vip_level', valueType: 'digit', width: 60 },
  {
    title: '主钱包',
    dataIndex: 'balance',
    search: false,
    align: 'right',
    render: (_, r) => <Money value={r.balance} />,
  },
  {
    title: '彩票钱包',
    dataIndex: 'lottery_balance',
    search: false,
    align: 'right',
    render: (_, r) => <Money value={r.lottery_balance} />,
  },
  {
    title: '冻结',
    dataIndex: 'frozen',
    search: false,
    align: 'right',
    render: (_, r) => <Money value={r.frozen} />,
  },
  { title: '代理', dataIndex: 'agent', render: (_, r) => r.agent_username ?? '-' },
  { title: '标记', dataIndex: 'flag', valueEnum: flagEnum, render: (_, r) => <FlagTags flags={r.flags} /> },
  {
    title: '标签',
    dataIndex: 'tag',
    render: (_, r) =>
      r.tags.length ? (
        <Space size={2} wrap>
          {r.tags.map((t) => (
            <Tag key={t} color="blue">
              {t}
            </Tag>
          ))}
        </Space>
      ) : (
        '-'
      ),
  },
  { title: '注册时间', dataIndex: 'created_at', search: false, render: (_, r) => beijing(r.created_at) },
  {
    title: '最后登录',
    dataIndex: 'last_login_at',
    search: false,
    render: (_, r) => `${beijing(r.last_login_at)} ${r.last_login_ip ?? ''}`,
  },
  dateRangeColumn<Row>('注册日期'),
];

export default function MembersPage() {
  const tags = useMemberTags();
  const withTags = columns.map((c) =>
    c.dataIndex === 'tag'
      ? { ...c, valueType: 'select' as const, fieldProps: { options: tagOptions(tags.data) } }
      : c,
  );
  return (
    <PageContainer title="会员列表">
      <ServerTable
        path="/admin/v1/members"
        exportPath="/admin/v1/members/export"
        exportName="会员列表"
        rowKey="id"
        columns={withTags}
      />
    </PageContainer>
  );
}
