import { boostRateText, type FollowPost } from '@app/shared';
import { Money } from '@/ui/Money.tsx';
import { formatDateTime } from '@/ui/format.ts';
import '../follow.css';

/** The publisher's 30-day 命中率, or 暂无 with nothing decided. */
export function hitRate(post: FollowPost): string {
  return post.record.hit_rate_30d === null ? '暂无' : `${post.record.hit_rate_30d}%`;
}

/** A 晒单's selections: match, teams, play, option and the odds the publisher got. */
export function PostLegs({ legs }: { legs: FollowPost['legs'] }) {
  return (
    <>
      {legs.map((l) => (
        <div key={l.id} className="fl-leg" data-testid="follow-leg">
          <span className="muted">{l.match.match_no}</span>
          <span>
            {l.match.home_team} vs {l.match.away_team}
          </span>
          <span className="fl-pick">
            {l.play_name} {l.option_name} <b>@{l.odds}</b>
          </span>
        </div>
      ))}
    </>
  );
}

/** One 晒单 in the hall: who, their record, the selections, stake and most prize, copies. */
export function PostCard({ post, onOpen }: { post: FollowPost; onOpen: () => void }) {
  return (
    <button
      type="button"
      className="card fl-card"
      data-testid="follow-post"
      data-id={post.id}
      onClick={onOpen}
    >
      <div className="fl-card-head">
        <strong>{post.publisher}</strong>
        <span className="fl-rate" data-testid="follow-hit-rate">
          近30天命中 {hitRate(post)}
        </span>
        <span className={post.open ? 'fl-state open' : 'fl-state'}>{post.open ? '可跟单' : '已截止'}</span>
      </div>
      {post.comment ? <p className="fl-comment">{post.comment}</p> : null}
      <div className="fl-legs">
        <PostLegs legs={post.legs} />
      </div>
      <div className="fl-card-foot">
        <span>
          {post.pass_type_name} · 自购 <Money value={post.total_amount} />
        </span>
        <span>
          最高 <Money value={post.max_prize} />
        </span>
        <span data-testid="follow-copies">跟单 {post.copies} 人</span>
      </div>
      <div className="fl-card-meta muted">
        <span>佣金 {boostRateText(post.commission_bp)}</span>
        <span>截止 {formatDateTime(post.closes_at)}</span>
      </div>
    </button>
  );
}
