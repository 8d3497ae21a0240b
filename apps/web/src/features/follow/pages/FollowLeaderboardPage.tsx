import { DotLoading, ErrorBlock, Tabs } from 'antd-mobile';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '@/lib/api/client.ts';
import { Page } from '@/ui/Page.tsx';
import { followKeys } from '../queries.ts';
import '../follow.css';

type Sort = 'hit_rate' | 'return' | 'streak' | 'copiers';
const SORTS: Array<{ key: Sort; title: string }> = [
  { key: 'hit_rate', title: '命中率' },
  { key: 'return', title: '盈利率' },
  { key: 'streak', title: '连红' },
  { key: 'copiers', title: '人气' },
];

const percent = (v: number | null) => (v === null ? '--' : `${v}%`);

/** 战绩榜: publishers of the last 7 or 30 days by hit rate, return, 连红 or copiers. */
export default function FollowLeaderboardPage() {
  const [sort, setSort] = useState<Sort>('hit_rate');
  const [days, setDays] = useState<7 | 30>(30);
  const board = useQuery({
    queryKey: [...followKeys.all, 'leaderboard', days, sort],
    queryFn: ({ signal }) =>
      api.get('/v1/follow/leaderboard', { days, sort }, { toast: false, light: true, signal }),
  });
  const list = board.data?.list ?? [];
  return (
    <Page
      title="战绩榜"
      right={
        <span className="fl-days" role="radiogroup" aria-label="统计周期">
          {([7, 30] as const).map((d) => (
            <button
              key={d}
              type="button"
              role="radio"
              aria-checked={days === d}
              className={days === d ? 'on' : undefined}
              onClick={() => setDays(d)}
            >
              {d}天
            </button>
          ))}
        </span>
      }
    >
      <Tabs className="fl-tabs" activeKey={sort} onChange={(key) => setSort(key as Sort)}>
        {SORTS.map((s) => (
          <Tabs.Tab key={s.key} title={s.title} />
        ))}
      </Tabs>
      <div className="fl-list" data-testid="follow-leaderboard">
        {board.isPending ? (
          <div className="page-loading">
            <DotLoading color="primary" />
          </div>
        ) : board.error ? (
          <ErrorBlock status="disconnected" title={board.error.message} description="请稍后重试" />
        ) : list.length === 0 ? (
          <ErrorBlock
            status="empty"
            title="暂无上榜的发单人"
            description={`近${days}天有已开奖的晒单即可上榜`}
          />
        ) : (
          <div className="card fl-board">
            <div className="fl-board-row head">
              <span>#</span>
              <span>发单人</span>
              <span>命中</span>
              <span>命中率</span>
              <span>盈利率</span>
              <span>连红</span>
              <span>跟单</span>
            </div>
            {list.map((r) => (
              <div key={r.rank} className="fl-board-row" data-testid="follow-board-row">
                <span className={r.rank <= 3 ? 'fl-rank top' : 'fl-rank'}>{r.rank}</span>
                <span>{r.publisher}</span>
                <span>
                  {r.won}/{r.decided}
                </span>
                <span>{percent(r.hit_rate)}</span>
                <span className={(r.return_rate ?? 0) >= 0 ? 'fl-up' : 'fl-down'}>
                  {percent(r.return_rate)}
                </span>
                <span>{r.streak}</span>
                <span>{r.copiers}</span>
              </div>
            ))}
          </div>
        )}
      </div>
    </Page>
  );
}
