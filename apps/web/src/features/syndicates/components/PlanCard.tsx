import type { SyndicateView } from '@app/shared';
import { ProgressBar } from 'antd-mobile';
import { Money } from '@/ui/Money.tsx';
import { formatDateTime } from '@/ui/format.ts';

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
          <dt>{plan.sport_type === 2 ? '竞彩篮球' : '竞彩足球'}</dt>
          <dd>{plan.pass_type_name}</dd>
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
