import { PAYMENT_METHODS, PAYMENT_ORDER_STATUSES, WITHDRAW_STATUSES } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { Card, Descriptions, Empty, List, Spin, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { get } from '@/lib/api.ts';
import { beijing, yuan } from '@/lib/format.ts';

const label = <T extends Record<string, string>>(table: T, key: string) =>
  Object.prototype.hasOwnProperty.call(table, key) ? table[key as keyof T] : key;

/** The member beside the chat: who they are, money waiting for a decision, their latest orders. */
export function MemberPanel({ conversationId }: { conversationId: number }) {
  const panel = useQuery({
    queryKey: ['support', 'member', conversationId],
    queryFn: () => get('/admin/v1/support/conversations/:id/member', { id: conversationId }),
  });
  if (panel.isPending) return <Spin style={{ display: 'block', marginTop: 40 }} />;
  if (!panel.data) return <Empty description="会员资料加载失败" />;
  const { member, pending_deposits, pending_withdrawals, recent_orders, past_conversations } = panel.data;
  return (
    <div className="desk-member" data-testid="desk-member">
      <Card size="small" title="会员资料" extra={<Link to={`/members/${member.id}`}>详情</Link>}>
        <Descriptions size="small" column={1} colon={false}>
          <Descriptions.Item label="用户名">
            {member.username} {member.online ? <Tag color="green">在线</Tag> : <Tag>离线</Tag>}
          </Descriptions.Item>
          <Descriptions.Item label="昵称">{member.nickname}</Descriptions.Item>
          <Descriptions.Item label="VIP">VIP{member.vip_level}</Descriptions.Item>
          <Descriptions.Item label="主钱包">{yuan(member.balance)} 元</Descriptions.Item>
          <Descriptions.Item label="冻结">{yuan(member.frozen)} 元</Descriptions.Item>
          <Descriptions.Item label="累计充值">{yuan(member.paysum)} 元</Descriptions.Item>
          <Descriptions.Item label="注册时间">{beijing(member.created_at)}</Descriptions.Item>
          <Descriptions.Item label="历史会话">{past_conversations} 次</Descriptions.Item>
          {member.tags.length ? (
            <Descriptions.Item label="标签">
              {member.tags.map((t) => (
                <Tag key={t}>{t}</Tag>
              ))}
            </Descriptions.Item>
          ) : null}
        </Descriptions>
      </Card>
      <Card size="small" title={`待处理充值（${pending_deposits.length}）`}>
        <List
          size="small"
          dataSource={pending_deposits}
          locale={{ emptyText: '无' }}
          renderItem={(d) => (
            <List.Item>
              <Typography.Text>
                {d.order_no} ·{' '}
                {d.method in PAYMENT_METHODS
                  ? PAYMENT_METHODS[d.method as keyof typeof PAYMENT_METHODS].name
                  : d.method}{' '}
                · {yuan(d.amount)} 元
              </Typography.Text>
              <Tag color="gold">{label(PAYMENT_ORDER_STATUSES, d.status)}</Tag>
            </List.Item>
          )}
        />
      </Card>
      <Card size="small" title={`待处理提现（${pending_withdrawals.length}）`}>
        <List
          size="small"
          dataSource={pending_withdrawals}
          locale={{ emptyText: '无' }}
          renderItem={(w) => (
            <List.Item>
              <Typography.Text>
                {w.order_no} · {yuan(w.amount)} 元
              </Typography.Text>
              <Tag color="gold">{label(WITHDRAW_STATUSES, w.status)}</Tag>
            </List.Item>
          )}
        />
      </Card>
      <Card size="small" title="最近注单">
        <List
          size="small"
          dataSource={recent_orders}
          locale={{ emptyText: '无' }}
          renderItem={(o) => (
            <List.Item>
              <Typography.Text>
                {o.order_no} · {yuan(o.amount)} 元
              </Typography.Text>
              <Typography.Text type="secondary">{beijing(o.created_at)}</Typography.Text>
            </List.Item>
          )}
        />
      </Card>
    </div>
  );
}
