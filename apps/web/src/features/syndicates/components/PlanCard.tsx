import type { SyndicateView } from '@app/shared';
import { ProgressBar } from 'antd-mobile';
import { Money } from '@/ui/Money.tsx';
import { formatDateTime } from '@/ui/format.ts';

/** 竞彩足球, 竞彩篮球, or the lottery's name. */
export function planGameName(plan: SyndicateView): string {
  if (plan.lottery) return plan.lottery.lottery_name;
  return plan.sport_type === 2 ? '竞彩篮球' : '竞彩足球';
}

/** A lottery plan's lines: play, codes, 注数 × multiple, amount, and each bet's result once drawn. */
export function PlanLines({ lines }: { lines: NonNullable<SyndicateView['lottery']>['lines'] }) {
  return (
    <>
      {lines.map((l, i) => (
        <div key={`${i}-${l.bet_codes}`} className="fl-leg" data-testid="syndicate-line">
          <span className="muted">{l.play_name}</span>
          <span>{l.bet_codes}</span>
          <span className="fl-pick">
            {l.item_count}注×{l.multiple}倍 <b>{l.amount}</b>
            {l.status === 'won' ? ` 中 ${l.payout}` : l.status === 'lost' ? ' 未中' : ''}
          </span>
        </div>
      ))}
    </>
  );
}

/** The initiator's 30-day 命中率, or 暂无 with nothing decided. */
export function planHitRate(plan: SyndicateView): string {
  return plan.record.hit_rate_30d === null ? '暂无' : `${plan.record.hit_rate_30d}%`;
}

export function PlanState({ plan }: { plan: SyndicateView }) {
  const tone = plan.status === 'open' ? 'open' : plan.status === 'won' ? 'won' : '';
  return (
    <span className={`sy-state ${tone}`} data-testid="syndicate-state">
      {plan.status_text}
    </span>
  );
}

/** How far the plan is sold: the bar, the percent and the shares. */
export function PlanProgress({ plan }: { plan: SyndicateView }) {
  return (
    <div className="sy-progress" data-testid="syndicate-progress">
      <ProgressBar percent={plan.progress} />
      <b>{plan.progress}%</b>
      <span className="muted">
        {plan.sold_shares}/{plan.shares}份
        {plan.guarantee_shares > 0 ? ` · 保底${plan.guarantee_shares}份` : ''}
      </span>
    </div>
  );
}

/** One plan in the hall: who started it, their record, the plan, its progress and deadline. */
export function PlanCard({ plan, onOpen }: { plan: SyndicateView; onOpen: () => void }) {
  return (
    <button
      type="button"
      className="card sy-card"
      data-testid="syndicate-card"
      data-id={plan.id}
      onClick={onOpen}
    >
      <div className="sy-head">
        <strong>{plan.initiator}</strong>
        <span className="sy-rate">近30天命中 {planHitRate(plan)}</span>
        <PlanState plan={plan} />
      </div>
      {plan.title ? <p className="sy-title">{plan.title}</p> : null}
      <dl className="sy-figures">
        <div>
          <dt>方案金额</dt>
          <dd>
            <Money value={plan.total_amount} />
          </dd>
        </div>
        <div>
          <dt>每份</dt>
          <dd>
            <Money value={plan.share_price} />
          </dd>
        </div>
        <div>
          <dt>{planGameName(plan)}</dt>
          <dd>{plan.lottery ? `第${plan.lottery.expect}期` : plan.pass_type_name}</dd>
        </div>
      </dl>
      <PlanProgress plan={plan} />
      <div className="sy-meta muted">
        <span>{plan.participants}人参与</span>
        <span>截止 {formatDateTime(plan.deadline_at)}</span>
      </div>
    </button>
  );
}
