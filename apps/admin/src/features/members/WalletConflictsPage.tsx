import { PageContainer, type ProColumns } from '@ant-design/pro-components';
import type { BackofficeRow } from '@app/shared/backoffice-api';
import { Tag } from 'antd';
import { Link } from 'react-router';
import { beijing } from '@/lib/format.ts';
import { ServerTable } from '@/ui/ServerTable.tsx';

type ConflictRow = BackofficeRow<'/admin/v1/risk/wallet-conflicts'>;

const columns: ProColumns<ConflictRow>[] = [
  {
    title: '时间',
    dataIndex: 'created_at',
    search: false,
    width: 170,
    render: (_, r) => beijing(r.created_at),
  },
  {
    title: '关键词',
    dataIndex: 'keyword',
    hideInTable: true,
    tooltip: '会员名或账号',
  },
  {
    title: '尝试绑定的会员',
    dataIndex: 'username',
    search: false,
    render: (_, r) => <Link to={`/members/${r.member_id}`}>{r.username}</Link>,
  },
  {
    title: '已绑定该账户的会员',
    dataIndex: 'owner_username',
    search: false,
    render: (_, r) => <Link to={`/members/${r.owner_id}`}>{r.owner_username}</Link>,
  },
  { title: '类型', dataIndex: 'type_name', search: false, render: (_, r) => <Tag>{r.type_name}</Tag> },
  { title: '账号', dataIndex: 'account', search: false },
];

/**
 * Withdrawal accounts a member tried to bind while another member holds them: each binding was
 * refused; two accounts sharing a card is a risk signal worth a look.
 */
export default function WalletConflictsPage() {
  return (
    <PageContainer title="绑定冲突" subTitle="一张银行卡或一个地址只能绑定一个会员；以下为被拒绝的绑定尝试">
      <ServerTable path="/admin/v1/risk/wallet-conflicts" rowKey="id" columns={columns} />
    </PageContainer>
  );
}
