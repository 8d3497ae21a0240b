import { useQueryClient } from '@tanstack/react-query';
import { PullToRefresh, Tabs } from 'antd-mobile';
import { useState } from 'react';
import { Money } from '@/ui/Money.tsx';
import { Page } from '@/ui/Page.tsx';
import { RankingBoard } from '../components/RankingBoard.tsx';
import { useRankingQuery, type RankingPeriod } from '../queries.ts';
import '../invite.css';

const PERIODS: Array<{ key: RankingPeriod; title: string }> = [
  { key: 'week', title: '本周' },
  { key: 'month', title: '本月' },
  { key: 'all', title: '总榜' },
];

/** minePages/ranking: my place among inviters, by invites, for the week, the month or all time. */
export default function RankingPage() {
  const queryClient = useQueryClient();
  const [period, setPeriod] = useState<RankingPeriod>('week');
  const ranking = useRankingQuery(period, 'count', 50);
  const mine = ranking.data?.mine;
  return (
    <Page title="我的排名">
      <Tabs className="sticky" activeKey={period} onChange={(key) => setPeriod(key as RankingPeriod)}>
        {PERIODS.map((p) => (
          <Tabs.Tab key={p.key} title={p.title} />
        ))}
      </Tabs>
      <PullToRefresh
        onRefresh={() => queryClient.refetchQueries({ queryKey: ['invite-ranking'], type: 'active' })}
      >
        <div className="card card-gold iv-mine" data-testid="my-ranking">
          <div>
            <span className="muted">我的排名</span>
            <strong className="iv-mine-rank">{mine ? (mine.rank ?? '未上榜') : '--'}</strong>
          </div>
          <div>
            <span className="muted">邀请人数</span>
            <strong>{mine?.invite_count ?? '--'}</strong>
          </div>
          <div>
            <span className="muted">累计奖励</span>
            <Money value={mine?.reward_total} />
          </div>
        </div>
        <div className="iv-board-wrap">
          <RankingBoard list={ranking.data?.list} loading={ranking.isPending} error={ranking.error} />
        </div>
      </PullToRefresh>
    </Page>
  );
}
