import { Button, DotLoading, ErrorBlock, List, PullToRefresh } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { formatDateTime } from '@/ui/format.ts';
import { useUrlParam } from '@/ui/hooks.ts';
import { Money } from '@/ui/Money.tsx';
import { Page, Section } from '@/ui/Page.tsx';
import { Refused } from '../components/NotAgent.tsx';
import { NO_SUCH_MEMBER, refusal, useAgentMemberQuery } from '../queries.ts';
import '../agent.css';

const REGISTER_TYPES: Record<string, string> = {
  plain: '普通注册',
  invite: '邀请码注册',
  agent: '代理码注册',
  domain: '代理域名注册',
  smart: '一键注册',
  seed: '系统创建',
};

/** agentPages/memberDetail?id=: one of the agent's members. */
export default function MemberDetailPage() {
  const navigate = useNavigate();
  const id = Number(useUrlParam('id'));
  const valid = Number.isInteger(id) && id > 0;
  const member = useAgentMemberQuery(valid ? id : 0);
  const refused = valid ? refusal(member.error) : NO_SUCH_MEMBER;
  const m = member.data;
  return (
    <Page title="会员详情">
      {refused ? (
        <Refused message={refused.message} notAgent={refused.notAgent} />
      ) : !m ? (
        member.error ? (
          <ErrorBlock status="disconnected" title={member.error.message} />
        ) : (
          <div className="page-loading">
            <DotLoading color="primary" />
          </div>
        )
      ) : (
        <PullToRefresh onRefresh={() => member.refetch()}>
          <div className="card card-gold ag-detail-head" data-testid="agent-member-detail">
            <strong>{m.username}</strong>
            <span className="muted">
              {[
                m.nickname === m.username ? null : m.nickname,
                `VIP${m.vip_level}`,
                REGISTER_TYPES[m.register_type],
              ]
                .filter(Boolean)
                .join(' · ')}
            </span>
            <div className="ag-member-figures">
              <div>
                <span className="muted">主钱包</span>
                <Money value={m.balance} />
              </div>
              <div>
                <span className="muted">彩票钱包</span>
                <Money value={m.lottery_balance} />
              </div>
              <div>
                <span className="muted">冻结</span>
                <Money value={m.frozen_balance} />
              </div>
              <div>
                <span className="muted">打码量</span>
                <Money value={m.codingvolume} />
              </div>
            </div>
          </div>
          <Section title="资金统计">
            <List className="ag-list">
              <List.Item extra={<Money value={m.deposit_total} />}>累计充值</List.Item>
              <List.Item extra={<Money value={m.withdraw_total} />}>累计提现</List.Item>
              <List.Item extra={<Money value={m.bet_total} />}>累计投注</List.Item>
              <List.Item extra={<Money value={m.payout_total} />}>累计派奖</List.Item>
              <List.Item extra={<Money value={m.bonus_total} />}>彩金/返水</List.Item>
              <List.Item extra={`${m.order_count} 单 / ${m.lottery_bet_count} 注`}>
                体育注单 / 彩票注单
              </List.Item>
            </List>
          </Section>
          <Section title="账户信息">
            <List className="ag-list">
              <List.Item extra={formatDateTime(m.registered_at)}>注册时间</List.Item>
              <List.Item extra={formatDateTime(m.last_login_at)}>最近登录</List.Item>
              <List.Item extra={m.inviter ?? '--'}>邀请人</List.Item>
              <List.Item extra={m.enabled ? '正常' : '已停用'}>账户状态</List.Item>
            </List>
          </Section>
          <div className="ag-actions">
            <Button
              block
              color="primary"
              onClick={() => void navigate(`/agentPages/memberRecords?id=${m.id}`)}
            >
              查看资金与注单记录
            </Button>
          </div>
        </PullToRefresh>
      )}
    </Page>
  );
}
