import {
  PICK_RESULT_TEXT,
  type ExpertArticleSummary,
  type ExpertStats,
  type ExpertView,
  type LotteryArticleSummary,
} from '@app/shared';
import { EyeOutline, LikeOutline } from 'antd-mobile-icons';
import { useNavigate } from 'react-router';
import { formatDateTime } from '@/ui/format.ts';

/** Recent settled picks as red (won) / black (lost) dots, newest first. */
export function RecentPicks({ recent }: { recent: ExpertStats['recent'] }) {
  if (recent.length === 0) return <span className="expert-recent-empty">暂无已结算推荐</span>;
  return (
    <span className="expert-recent" aria-label="近期战绩">
      {recent.map((r, i) => (
        <span key={i} className={`pick-dot ${r}`}>
          {PICK_RESULT_TEXT[r]}
        </span>
      ))}
    </span>
  );
}

export function ExpertCard({ expert, promo }: { expert: ExpertView; promo?: boolean }) {
  const navigate = useNavigate();
  const { stats } = expert;
  return (
    <button
      type="button"
      className="expert-card"
      data-testid="expert-card"
      onClick={() => void navigate(`/expertPages/ExpertDetail?id=${expert.id}${promo ? '&promo=1' : ''}`)}
    >
      <img className="expert-avatar" src={expert.avatar} alt="" />
      <div className="expert-card-body">
        <div className="expert-card-head">
          <strong className="expert-name">{expert.name}</strong>
          {stats.current_streak >= 2 ? (
            <span className="expert-streak">{stats.current_streak}连红</span>
          ) : null}
        </div>
        <div className="expert-title">{expert.title}</div>
        <RecentPicks recent={stats.recent.slice(0, 6)} />
      </div>
      <div className="expert-rate">
        <strong>{stats.win_rate}%</strong>
        <span>胜率</span>
      </div>
    </button>
  );
}

/** A pick: the match (or, in a card whose title names it already, just 推荐), selection, odds, result. */
export function PickLine({
  pick,
  compact,
}: {
  pick: NonNullable<ExpertArticleSummary['pick']>;
  compact?: boolean;
}) {
  return (
    <div className="pick-line">
      <span className="pick-match">{compact ? '推荐' : pick.match}</span>
      <span className="pick-selection">
        {pick.selection} @{pick.odds}
      </span>
      <span className={`pick-result ${pick.result}`}>{PICK_RESULT_TEXT[pick.result]}</span>
    </div>
  );
}

export function ExpertArticleCard({ article, promo }: { article: ExpertArticleSummary; promo?: boolean }) {
  const navigate = useNavigate();
  return (
    <button
      type="button"
      className="article-card"
      data-testid="expert-article-card"
      onClick={() => void navigate(`/expertPages/NewExpertDetail?id=${article.id}${promo ? '&promo=1' : ''}`)}
    >
      <div className="article-card-main">
        <div className="article-author">
          <img src={article.expert_avatar} alt="" />
          <span>{article.expert_name}</span>
          {article.is_hot ? <span className="article-flag hot">热</span> : null}
          {article.is_recommended ? <span className="article-flag">荐</span> : null}
        </div>
        <h4 className="article-title">{article.title}</h4>
        {article.pick ? (
          <PickLine pick={article.pick} compact />
        ) : (
          <p className="article-summary">{article.summary}</p>
        )}
        <div className="article-meta">
          <span>{formatDateTime(article.published_at)}</span>
          <span>
            <EyeOutline /> {article.views}
          </span>
          <span>
            <LikeOutline /> {article.like_count}
          </span>
        </div>
      </div>
      {article.cover ? <img className="article-cover" src={article.cover} alt="" /> : null}
    </button>
  );
}

export function LotteryArticleCard({ article, promo }: { article: LotteryArticleSummary; promo?: boolean }) {
  const navigate = useNavigate();
  return (
    <button
      type="button"
      className="article-card"
      data-testid="lottery-article-card"
      onClick={() =>
        void navigate(
          promo
            ? `/expertPages/NewLotteryArticleDetail?id=${article.id}`
            : `/expertPages/LotteryArticleDetail?id=${article.id}`,
        )
      }
    >
      <div className="article-card-main">
        <div className="article-author">
          <span className="article-category">{article.category_name}</span>
          {article.is_hot ? <span className="article-flag hot">热</span> : null}
        </div>
        <h4 className="article-title">{article.title}</h4>
        <p className="article-summary">{article.summary}</p>
        <div className="article-meta">
          <span>{article.author}</span>
          <span>{formatDateTime(article.published_at)}</span>
          <span>
            <EyeOutline /> {article.views}
          </span>
        </div>
      </div>
      {article.cover ? <img className="article-cover" src={article.cover} alt="" /> : null}
    </button>
  );
}

/** Win rate, streaks and record of an expert, all computed by the server from their picks. */
export function ExpertStatsPanel({ stats }: { stats: ExpertStats }) {
  const items = [
    { label: '胜率', value: `${stats.win_rate}%` },
    { label: '当前连红', value: String(stats.current_streak) },
    { label: '最长连红', value: String(stats.best_streak) },
    { label: '战绩', value: `${stats.won}红${stats.lost}黑` },
  ];
  return (
    <div className="expert-stats" data-testid="expert-stats">
      <div className="expert-stats-grid">
        {items.map((i) => (
          <div key={i.label} className="expert-stat">
            <strong>{i.value}</strong>
            <span>{i.label}</span>
          </div>
        ))}
      </div>
      <div className="expert-stats-recent">
        <span className="muted">近{stats.recent.length}场</span>
        <RecentPicks recent={stats.recent} />
        {stats.pending > 0 ? <span className="muted">待开奖 {stats.pending}</span> : null}
      </div>
    </div>
  );
}
