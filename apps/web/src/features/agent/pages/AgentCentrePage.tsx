import type { AgentPeriodTotals } from '@app/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Button, DotLoading, ErrorBlock, PullToRefresh, Tabs } from 'antd-mobile';
import { RightOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { copyText } from '@/lib/clipboard.ts';
import { toast } from '@/lib/toast.tsx';
import { Money } from '@/ui/Money.tsx';
import { Page, Section } from '@/ui/Page.tsx';
import { SiteQrCode } from '../../download/components/SiteQrCode.tsx';
import { Refused } from '../components/NotAgent.tsx';
import { agentKeys, refusal, useAgentOverviewQuery } from '../queries.ts';
import '../../download/download.css';
import '../agent.css';

type Span = 'today' | 'month' | 'total';
const SPANS: Array<{ key: Span; title: string }> = [
  { key: 'today', title: '今日' },
  { key: 'month', title: '本月' },
  { key: 'total', title: '累计' },
];
const FIGURES: Array<{ key: keyof AgentPeriodTotals; label: string }> = [
  { key: 'deposit', label: '充值' },
  { key: 'withdraw', label: '提现' },
  { key: 'bet', label: '投注' },
  { key: 'payout', label: '派奖' },
  { key: 'bonus', label: '彩金/返水' },
  { key: 'profit', label: '会员输赢' },
];

/** agentPages/agent: the agent's code and link, its members at a glance, money by period. */
export default function AgentCentrePage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const overview = useAgentOverviewQuery();
  const [span, setSpan] = useState<Span>('today');
  const refused = refusal(overview.error);

  const copy = async (text: string, what: string) => {
    if (await copyText(text)) toast.success(`${what}已复制`);
    else toast.error('复制失败，请长按手动复制');
  };

  if (refused) {
    return (
      <Page title="代理中心">
        <Refused message={refused.message} notAgent={refused.notAgent} />
      </Page>
    );
  }
  const o = overview.data;
  return (
    <Page title="代理中心">
      <PullToRefresh
        onRefresh={() => queryClient.refetchQueries({ queryKey: agentKeys.all, type: 'active' })}
      >
        {!o ? (
          overview.error ? (
            <ErrorBlock status="disconnected" title={overview.error.message} description="下拉可重新加载" />
          ) : (
            <div className="page-loading">
              <DotLoading color="primary" />
            </div>
          )
        ) : (
          <>
            <div className="card card-gold ag-head" data-testid="agent-overview">
              <div className="ag-head-code">
                <span className="muted">我的代理码</span>
                <strong data-testid="agent-code">{o.agent_code}</strong>
                <Button size="mini" fill="outline" onClick={() => void copy(o.agent_code, '代理码')}>
                  复制
                </Button>
              </div>
              <div className="ag-head-counts">
                <div>
                  <strong data-testid="agent-member-count">{o.member_count}</strong>
                  <span className="muted">会员总数</span>
                </div>
                <div>
                  <strong>{o.today_members}</strong>
                  <span className="muted">今日新增</span>
                </div>
                <div>
                  <strong>{o.active_members}</strong>
                  <span className="muted">30日活跃</span>
                </div>
                <div>
                  <Money value={o.balance_total} />
                  <span className="muted">会员余额</span>
                </div>
              </div>
            </div>

            <Section title="推广链接">
              <div className="card ag-share">
                <SiteQrCode value={o.agent_url} size={132} />
                <div className="ag-share-side">
                  <p className="hint">会员通过此链接注册即成为您的下级会员</p>
                  <p className="ag-share-url mono">{o.agent_url}</p>
                  <Button size="small" color="primary" onClick={() => void copy(o.agent_url, '推广链接')}>
                    复制推广链接
                  </Button>
                </div>
              </div>
            </Section>

            <Section title="团队报表">
              <div className="card ag-report">
                <Tabs activeKey={span} onChange={(key) => setSpan(key as Span)}>
                  {SPANS.map((s) => (
                    <Tabs.Tab key={s.key} title={s.title} />
                  ))}
                </Tabs>
                <div className="ag-figures" data-testid="agent-figures">
                  {FIGURES.map((f) => (
                    <div key={f.key}>
                      <Money value={o[span][f.key]} />
                      <span className="muted">{f.label}</span>
                    </div>
                  ))}
                </div>
              </div>
            </Section>

            <Section title="管理">
              <div className="card ag-links">
                <button type="button" onClick={() => void navigate('/agentPages/members')}>
                  <span>会员管理</span>
                  <RightOutline />
                </button>
                <button type="button" onClick={() => void navigate('/agentPages/records')}>
                  <span>资金记录</span>
                  <RightOutline />
                </button>
              </div>
            </Section>
          </>
        )}
      </PullToRefresh>
    </Page>
  );
}
