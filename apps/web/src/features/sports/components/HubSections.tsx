import type { Sport } from '@app/shared';
import { Button, InfiniteScroll } from 'antd-mobile';
import { RightOutline } from 'antd-mobile-icons';
import { useNavigate } from 'react-router';
import { hasRoute } from '@/app/registry.ts';
import { OrderCard } from '../../orders/components/OrderCard.tsx';
import { useOrderHistoryQuery } from '../../orders/queries.ts';
import { betTypesOf, SPORT_NAMES } from '../model.ts';
import {
  useHotMatchesQuery,
  useLiveQuery,
  useOpenStatsQuery,
  useResultsQuery,
  useTodayQuery,
} from '../queries.ts';
import { betPagePath, HotMatchCard } from './HotMatchCard.tsx';
import { ListState } from './ListStates.tsx';
import { ResultRow, ScheduleRow } from './MatchRows.tsx';
import { LiveBetCard } from './LiveBetCard.tsx';
import { LiveSourceBadge } from './LiveSourceBadge.tsx';
import { useLiveBetting } from '../live-betting.ts';
import { useSportsPreferencesQuery } from '../preferences.ts';
import { BasketballIcon, FootballIcon } from '../../home/components/sport-icons.tsx';

/** 竞彩投注 entry: open matches, each bet type as a shortcut, the next matches with odds. */
export function BettingEntry({ sport }: { sport: Sport }) {
  const navigate = useNavigate();
  const stats = useOpenStatsQuery(sport);
  const hot = useHotMatchesQuery(sport, 4);
  return (
    <>
      <section className="section">
        <button
          type="button"
          className="card card-gold entry-card"
          data-testid="betting-entry"
          onClick={() => void navigate(betPagePath(sport))}
        >
          <span className="entry-icon">{sport === 'football' ? <FootballIcon /> : <BasketballIcon />}</span>
          <span className="entry-text">
            <strong>竞彩{SPORT_NAMES[sport]}</strong>
            <span>
              在售 <b>{stats.data?.total ?? '--'}</b> 场 · {stats.data?.by_league.length ?? '--'} 个联赛
            </span>
          </span>
          <span className="entry-go">
            立即投注
            <RightOutline />
          </span>
        </button>
        <div className="play-grid">
          {betTypesOf(sport).map((p) => (
            <button
              key={p.betType}
              type="button"
              className="play-tile"
              onClick={() => void navigate(betPagePath(sport, p.betType))}
            >
              <strong>{p.name}</strong>
              <small>过关最多{p.maxPasses}关</small>
            </button>
          ))}
        </div>
      </section>
      <section className="section">
        <div className="section-head">
          <h3 className="section-title">即将开赛</h3>
          <button type="button" className="nav-link" onClick={() => void navigate(betPagePath(sport))}>
            全部赛事
          </button>
        </div>
        <ListState
          loading={hot.isPending}
          error={hot.isError}
          empty={(hot.data?.list.length ?? 0) === 0}
          emptyTitle="暂无在售赛事"
          onRetry={() => void hot.refetch()}
        >
          <div className="stack">
            {hot.data?.list.map((m) => (
              <HotMatchCard key={m.id} match={m} />
            ))}
          </div>
        </ListState>
      </section>
    </>
  );
}

const NO_MATCHES: never[] = [];

/** What the board says about in-play bets: they are confirmed after the sport's bet delay. */
function InPlayHint({ sport }: { sport: Sport }) {
  const prefs = useSportsPreferencesQuery();
  const seconds = prefs.data?.bet_delay_seconds[sport];
  const delay = seconds ? `约${seconds}秒` : '数秒';
  return (
    <p className="hint center inplay-hint" data-testid="inplay-hint">
      滚球注单提交后需{delay}确认，确认期间如遇{sport === 'football' ? '进球、红牌' : '节末'}
      等盘口暂停或赔率变化超出您的设置，注单将被拒并全额退回
    </p>
  );
}

/**
 * 滚球 / 进行中: matches in play, updated in place by pushes (and every 15 s), with their in-play
 * markets to bet on (the same slip as the betting pages).
 */
export function LiveSection({ sport }: { sport: Sport }) {
  const live = useLiveQuery(sport);
  const list = live.data?.list ?? NO_MATCHES;
  const { selected, onTap } = useLiveBetting(list);
  return (
    <section className="section">
      <div className="section-head">
        <h3 className="section-title">
          进行中 <small className="count">{live.data ? list.length : ''}</small>
        </h3>
        <LiveSourceBadge />
      </div>
      <ListState
        loading={live.isPending}
        error={live.isError}
        empty={list.length === 0}
        emptyTitle="暂无进行中的比赛"
        emptyText="比赛开始后比分会在这里实时更新"
        onRetry={() => void live.refetch()}
      >
        <div className="stack" data-testid="live-list">
          {list.map((m) => (
            <LiveBetCard key={m.id} match={m} selected={selected.get(String(m.id))} onTap={onTap} />
          ))}
        </div>
      </ListState>
      <InPlayHint sport={sport} />
      <UpcomingToday sport={sport} />
    </section>
  );
}

/** The next kick-offs of the day, so an empty live list still says when play resumes. */
function UpcomingToday({ sport }: { sport: Sport }) {
  const today = useTodayQuery(sport);
  const next = (today.data?.list ?? []).filter((m) => m.status === 'scheduled').slice(0, 5);
  if (next.length === 0) return null;
  return (
    <>
      <div className="section-head upcoming-head">
        <h3 className="section-title">即将开赛</h3>
      </div>
      <div className="schedule-list">
        {next.map((m) => (
          <ScheduleRow key={m.id} match={m} />
        ))}
      </div>
    </>
  );
}

/** Today's schedule (Beijing day): live first, then upcoming, then finished. */
export function TodaySection({ sport }: { sport: Sport }) {
  const today = useTodayQuery(sport);
  const list = today.data?.list ?? [];
  return (
    <section className="section">
      <div className="section-head">
        <h3 className="section-title">今日赛程</h3>
        <span className="section-extra">{today.data ? `共${today.data.total}场` : ''}</span>
      </div>
      <ListState
        loading={today.isPending}
        error={today.isError}
        empty={list.length === 0}
        emptyTitle="今天没有比赛"
        onRetry={() => void today.refetch()}
      >
        <div className="schedule-list" data-testid="today-list">
          {list.map((m) => (
            <ScheduleRow key={m.id} match={m} />
          ))}
        </div>
      </ListState>
    </section>
  );
}

/** 赛果: finished and called-off matches, newest first, page by page. */
export function ResultsSection({ sport }: { sport: Sport }) {
  const results = useResultsQuery(sport);
  const list = results.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <section className="section">
      <div className="section-head">
        <h3 className="section-title">赛果</h3>
      </div>
      <ListState
        loading={results.isPending}
        error={results.isError}
        empty={list.length === 0}
        emptyTitle="暂无赛果"
        onRetry={() => void results.refetch()}
      >
        <div className="schedule-list" data-testid="results-list">
          {list.map((m) => (
            <ResultRow key={m.id} match={m} />
          ))}
        </div>
        <InfiniteScroll
          loadMore={async () => {
            await results.fetchNextPage();
          }}
          hasMore={results.hasNextPage}
        >
          {results.hasNextPage ? null : <span className="list-end">没有更多了</span>}
        </InfiniteScroll>
      </ListState>
    </section>
  );
}

/** 我的注单: the member's latest orders of this sport. */
export function MyOrdersSection({ sport }: { sport: Sport }) {
  const navigate = useNavigate();
  const orders = useOrderHistoryQuery('all', sport === 'football' ? 1 : 2, 10);
  const list = orders.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <section className="section">
      <div className="section-head">
        <h3 className="section-title">我的注单</h3>
        {hasRoute('/betPages/order/list') ? (
          <button type="button" className="nav-link" onClick={() => void navigate('/betPages/order/list')}>
            全部注单
          </button>
        ) : null}
      </div>
      <ListState
        loading={orders.isPending}
        error={orders.isError}
        empty={list.length === 0}
        emptyTitle="还没有注单"
        emptyText="去挑选比赛，投注后可在这里查看"
        onRetry={() => void orders.refetch()}
      >
        <div className="stack" data-testid="my-orders">
          {list.map((o) => (
            <OrderCard key={o.id} order={o} />
          ))}
        </div>
      </ListState>
      {list.length === 0 && !orders.isPending ? (
        <div className="center-button">
          <Button color="primary" size="small" onClick={() => void navigate(betPagePath(sport))}>
            去投注
          </Button>
        </div>
      ) : null}
    </section>
  );
}
