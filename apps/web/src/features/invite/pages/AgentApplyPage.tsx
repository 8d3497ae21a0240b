import type { AgentApplication } from '@app/shared';
import { Button, Dialog, DotLoading, Tag } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { formatDateTime } from '@/ui/format.ts';
import { Page, Section } from '@/ui/Page.tsx';
import { PagedList } from '@/ui/PagedList.tsx';
import { AgentApplyForm } from '../components/AgentApplyForm.tsx';
import {
  inviteKeys,
  useAgentStatusQuery,
  useApplicationHistoryQuery,
  useApplicationStatsQuery,
  useCancelApplicationMutation,
} from '../queries.ts';
import { useSessionStore } from '../../session/store.ts';
import '../invite.css';

const STATUS_COLORS: Record<AgentApplication['status'], 'warning' | 'success' | 'danger' | 'default'> = {
  pending: 'warning',
  approved: 'success',
  rejected: 'danger',
  cancelled: 'default',
};

function ApplicationCard({
  item,
  onCancel,
}: {
  item: AgentApplication;
  onCancel: (a: AgentApplication) => void;
}) {
  return (
    <div className="card iv-row" data-testid="application-item">
      <div className="iv-row-head">
        <Tag color={STATUS_COLORS[item.status]}>{item.status_text}</Tag>
        <span className="muted">
          {item.real_name} · {item.channel_text}
        </span>
        <span className="hint iv-row-time">{formatDateTime(item.created_at)}</span>
      </div>
      {item.reason ? <p className="iv-reason">审核意见：{item.reason}</p> : null}
      {item.status === 'pending' ? (
        <div className="iv-row-actions">
          <Button size="mini" fill="outline" onClick={() => onCancel(item)}>
            撤销申请
          </Button>
        </div>
      ) : null}
    </div>
  );
}

/** minePages/agent-apply: apply to become an agent, follow the review, see past applications. */
export default function AgentApplyPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const status = useAgentStatusQuery();
  const stats = useApplicationStatsQuery();
  const history = useApplicationHistoryQuery();
  const cancel = useCancelApplicationMutation();
  // An approval arrives as a user-info push (is_agent): show the new status at once.
  const isAgent = useSessionStore((st) => st.userinfo?.is_agent);
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: inviteKeys.all });
  }, [isAgent, queryClient]);

  const confirmCancel = async (item: AgentApplication) => {
    const ok = await Dialog.confirm({
      title: '撤销申请',
      content: '确定撤销这次代理申请吗？',
      confirmText: '确定撤销',
    });
    if (ok) cancel.mutate(item.id);
  };

  const s = status.data;
  const latest = s?.latest_application;
  let banner;
  if (!s) {
    banner = <DotLoading color="primary" />;
  } else if (s.is_agent) {
    banner = (
      <>
        <strong className="gold-text">您已是平台代理</strong>
        <span className="muted">代理码 {s.agent_code}</span>
        <Button size="small" color="primary" onClick={() => void navigate('/agentPages/agent')}>
          进入代理中心
        </Button>
      </>
    );
  } else if (latest?.status === 'pending') {
    banner = (
      <>
        <strong className="gold-text">申请审核中</strong>
        <span className="muted">提交于 {formatDateTime(latest.created_at)}，审核结果将通过站内信通知您</span>
      </>
    );
  } else if (latest?.status === 'rejected') {
    banner = (
      <>
        <strong>上次申请未通过</strong>
        <span className="muted">原因：{latest.reason}。完善资料后可重新申请。</span>
      </>
    );
  } else {
    banner = (
      <>
        <strong className="gold-text">成为代理，收益翻倍</strong>
        <span className="muted">专属代理码与推广链接，会员管理与资金报表一目了然</span>
      </>
    );
  }

  return (
    <Page title="申请代理">
      <PagedList
        query={history}
        keyOf={(a) => a.id}
        renderItem={(a) => <ApplicationCard item={a} onCancel={(x) => void confirmCancel(x)} />}
        emptyTitle="暂无申请记录"
        onRefresh={() => queryClient.refetchQueries({ queryKey: inviteKeys.all, type: 'active' })}
        testId="application-list"
        header={
          <>
            <div className="card card-gold iv-agent-banner" data-testid="agent-status">
              {banner}
            </div>
            {s?.can_apply ? (
              <Section title="填写申请">
                <AgentApplyForm />
              </Section>
            ) : null}
            <Section
              title="申请记录"
              extra={
                stats.data
                  ? `共${stats.data.total}次 · 通过${stats.data.approved} · 拒绝${stats.data.rejected}`
                  : null
              }
            >
              {null}
            </Section>
          </>
        }
      />
    </Page>
  );
}
