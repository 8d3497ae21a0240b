import { useNavigate } from 'react-router';
import { hasRoute } from '@/app/registry.ts';
import { HotMatchCard } from '../../sports/components/HotMatchCard.tsx';
import { LiveSourceBadge } from '../../sports/components/LiveSourceBadge.tsx';
import { LiveMatchRow } from '../../sports/components/MatchRows.tsx';
import { useLiveMatchUpdates } from '../../sports/live-updates.ts';
import { useHotMatchesQuery, useLiveQuery } from '../../sports/queries.ts';
import { useAppConfigQuery } from '../../site/queries.ts';
import '../../sports/sports.css';

const LIVE_TAB = '/pages/gameplay/gameplay?tab=live';
const GAMEPLAY = '/pages/gameplay/gameplay';

/** 热门赛事: the next football and basketball matches with their main odds (nav_sports_enabled). */
export function HotMatches() {
  const navigate = useNavigate();
  const { data: config } = useAppConfigQuery();
  const enabled = config?.nav_sports_enabled !== false && hasRoute('/betPages/football/index');
  const football = useHotMatchesQuery('football', 2, { enabled });
  const basketball = useHotMatchesQuery('basketball', 1, { enabled });
  if (!enabled) return null;
  const matches = [...(football.data?.list ?? []), ...(basketball.data?.list ?? [])];
  if (matches.length === 0) return null;
  return (
    <section className="section" data-testid="home-hot-matches">
      <div className="section-head">
        <h3 className="section-title">热门赛事</h3>
        {hasRoute(GAMEPLAY) ? (
          <button type="button" className="nav-link" onClick={() => void navigate(GAMEPLAY)}>
            更多赛事
          </button>
        ) : null}
      </div>
      <div className="stack">
        {matches.map((m) => (
          <HotMatchCard key={m.id} match={m} />
        ))}
      </div>
    </section>
  );
}

/** 比分直播: matches in play with scores updating in place (nav_live_ball_enabled). */
export function LiveScores() {
  const navigate = useNavigate();
  const { data: config } = useAppConfigQuery();
  const enabled = config?.nav_live_ball_enabled !== false && hasRoute('/pages/live-match/detail');
  const live = useLiveQuery('all', { enabled });
  useLiveMatchUpdates();
  if (!enabled) return null;
  const matches = (live.data?.list ?? []).slice(0, 4);
  return (
    <section className="section" data-testid="home-live-scores">
      <div className="section-head">
        <h3 className="section-title">比分直播</h3>
        <span className="home-live-extra">
          <LiveSourceBadge />
          {hasRoute(GAMEPLAY) ? (
            <button type="button" className="nav-link" onClick={() => void navigate(LIVE_TAB)}>
              全部{live.data ? `(${live.data.total})` : ''}
            </button>
          ) : null}
        </span>
      </div>
      {matches.length === 0 ? (
        <div className="card home-live-empty">
          {live.isPending ? '加载中…' : '暂无进行中的比赛，开赛后比分实时更新'}
        </div>
      ) : (
        <div className="stack">
          {matches.map((m) => (
            <LiveMatchRow key={m.id} match={m} />
          ))}
        </div>
      )}
    </section>
  );
}
