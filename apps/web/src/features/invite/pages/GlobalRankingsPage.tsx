import { useQueryClient } from '@tanstack/react-query';
import { PullToRefresh, Tabs } from 'antd-mobile';
import { useState } from 'react';
import { Page } from '@/ui/Page.tsx';
import { RankingBoard } from '../components/RankingBoard.tsx';
import { useRankingQuery, type RankingBy } from '../queries.ts';
import '../invite.css';

const BOARDS: Array<{ key: RankingBy; title: string }> = [
  { key: 'count', title: '邀请达人' },
  { key: 'reward', title: '奖励富豪' },
];

/** minePages/globalrankings: the site's top inviters (names masked); visitors can look too. */
export default function GlobalRankingsPage() {
  const queryClient = useQueryClient();
  const [by, setBy] = useState<RankingBy>('count');
  const ranking = useRankingQuery('all', by, 50);
  return (
    <Page title="全站排行">
      <div className="iv-hero iv-hero-small">
        <h2>全站邀请排行榜</h2>
        <p>邀请越多，奖励越多，快来登上榜单</p>
      </div>
      <Tabs className="sticky" activeKey={by} onChange={(key) => setBy(key as RankingBy)}>
        {BOARDS.map((b) => (
          <Tabs.Tab key={b.key} title={b.title} />
        ))}
      </Tabs>
      <PullToRefresh
        onRefresh={() => queryClient.refetchQueries({ queryKey: ['invite-ranking'], type: 'active' })}
      >
        <div className="iv-board-wrap">
          <RankingBoard list={ranking.data?.list} loading={ranking.isPending} error={ranking.error} />
        </div>
      </PullToRefresh>
    </Page>
  );
}
