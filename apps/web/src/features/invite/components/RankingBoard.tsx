import type { RankingEntry } from '@app/shared';
import { DotLoading, ErrorBlock } from 'antd-mobile';
import { Money } from '@/ui/Money.tsx';

/** The inviters' board: rank, masked name, invites, rewards; the member's own row marked. */
export function RankingBoard({
  list,
  loading,
  error,
}: {
  list: RankingEntry[] | undefined;
  loading: boolean;
  error: Error | null;
}) {
  if (loading && !list)
    return (
      <div className="page-loading">
        <DotLoading color="primary" />
      </div>
    );
  if (error && !list)
    return <ErrorBlock status="disconnected" title={error.message} description="下拉可重新加载" />;
  if (!list || list.length === 0)
    return <ErrorBlock status="empty" title="暂无排行数据" description="快去邀请好友上榜吧" />;
  return (
    <div className="iv-board card" data-testid="ranking-board">
      <div className="iv-board-row iv-board-head">
        <span>排名</span>
        <span>会员</span>
        <span>邀请人数</span>
        <span>累计奖励</span>
      </div>
      {list.map((e) => (
        <div
          key={e.rank}
          className={e.is_me ? 'iv-board-row is-me' : 'iv-board-row'}
          data-testid="ranking-row"
        >
          <span className={e.rank <= 3 ? `iv-rank iv-rank-${e.rank}` : 'iv-rank'}>{e.rank}</span>
          <span>
            {e.username}
            {e.is_me ? <em className="iv-me">我</em> : null}
          </span>
          <span>{e.invite_count}</span>
          <Money value={e.reward_total} />
        </div>
      ))}
    </div>
  );
}
