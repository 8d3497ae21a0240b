import type { ProColumns } from '@ant-design/pro-components';
import { RED_PACKET_KINDS } from '@app/shared';
import { Descriptions, Drawer, Typography } from 'antd';
import { Link } from 'react-router';
import { beijing, count } from '@/lib/format.ts';
import { Money } from '@/ui/Money.tsx';
import { ServerTable } from '@/ui/ServerTable.tsx';
import type { RedPacket, RedPacketClaim } from './model.ts';

const columns: ProColumns<RedPacketClaim>[] = [
  { title: '序号', dataIndex: 'index', search: false, width: 70, render: (_, r) => `#${r.index + 1}` },
  {
    title: '会员',
    dataIndex: 'username',
    search: false,
    render: (_, r) => <Link to={`/members/${r.member_id}`}>{r.username}</Link>,
  },
  {
    title: '金额',
    dataIndex: 'amount',
    search: false,
    align: 'right',
    render: (_, r) => <Money value={r.amount} />,
  },
  {
    title: '打码量',
    dataIndex: 'turnover',
    search: false,
    align: 'right',
    render: (_, r) => <Money value={r.turnover} />,
  },
  { title: '领取时间', dataIndex: 'claimed_at', search: false, render: (_, r) => beijing(r.claimed_at) },
];

/** One red packet's claims, under its commitment and (once over) its seed: anyone may check the amounts. */
export function ClaimsDrawer({ row, onClose }: { row: RedPacket; onClose: () => void }) {
  return (
    <Drawer
      open
      width={820}
      onClose={onClose}
      destroyOnHidden
      title={`领取记录：${row.name}（${RED_PACKET_KINDS[row.kind]}）`}
    >
      <div data-testid="red-packet-proof">
        <Typography.Paragraph type="secondary">
          红包金额在开始前由承诺值锁定，结束后公布种子，任何人可验证。
        </Typography.Paragraph>
        <Descriptions size="small" column={1} bordered style={{ marginBottom: 16 }}>
          <Descriptions.Item label="承诺值">
            <Typography.Text code copyable style={{ wordBreak: 'break-all' }}>
              {row.commitment}
            </Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label="种子">
            {row.seed ? (
              <Typography.Text code copyable style={{ wordBreak: 'break-all' }} data-testid="red-packet-seed">
                {row.seed}
              </Typography.Text>
            ) : (
              <Typography.Text type="secondary">结束后公布</Typography.Text>
            )}
          </Descriptions.Item>
          <Descriptions.Item label="已领取">
            {count(row.claimed)} / {count(row.count)} 个，共 <Money value={row.claimed_amount} /> 元（预算{' '}
            <Money value={row.budget} /> 元）
          </Descriptions.Item>
        </Descriptions>
      </div>
      <ServerTable
        path="/admin/v1/red-packets/:id/claims"
        params={{ id: row.id }}
        rowKey="index"
        columns={columns}
        search={false}
        syncToUrl={false}
      />
    </Drawer>
  );
}
