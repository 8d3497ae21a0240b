import {
  PLAY_LIMIT_KIND_COUNTS,
  PLAY_LIMIT_KIND_NAMES,
  PLAY_LIMIT_PERIOD_NAMES,
  PLAY_LIMIT_PERIODS,
  fenFromDecimal,
  type PlayLimitKind,
} from '@app/shared';
import { Button, ProgressBar } from 'antd-mobile';
import { formatDateTime } from '@/ui/format.ts';
import { Money } from '@/ui/Money.tsx';
import { Section } from '@/ui/Page.tsx';
import { pendingWords, type PlayLimit } from '../model.ts';

/** How much of the limit this period has used, 0–100. */
function usedPercent(limit: PlayLimit): number {
  if (limit.amount === null) return 0;
  const amount = fenFromDecimal(limit.amount);
  if (amount <= 0n) return 100;
  const used = fenFromDecimal(limit.used);
  return used >= amount ? 100 : Number((used * 100n) / amount);
}

/** One kind (存款限额 …) with its daily, weekly and monthly limits. */
export function LimitGroup({
  kind,
  limits,
  onEdit,
}: {
  kind: PlayLimitKind;
  limits: PlayLimit[];
  onEdit: (limit: PlayLimit) => void;
}) {
  return (
    <Section title={PLAY_LIMIT_KIND_NAMES[kind]}>
      <div className="card rp-limits" data-testid={`rp-limits-${kind}`}>
        <div className="rp-limit-counts muted" data-testid="rp-limit-counts">
          {PLAY_LIMIT_KIND_COUNTS[kind]}
        </div>
        {PLAY_LIMIT_PERIODS.map((period) => {
          const limit = limits.find((l) => l.kind === kind && l.period === period);
          return limit ? <LimitRow key={period} limit={limit} onEdit={() => onEdit(limit)} /> : null;
        })}
      </div>
    </Section>
  );
}

function LimitRow({ limit, onEdit }: { limit: PlayLimit; onEdit: () => void }) {
  const full = limit.remaining === '0.00';
  return (
    <div className="rp-limit" data-testid={`rp-limit-${limit.kind}-${limit.period}`}>
      <div className="rp-limit-head">
        <span className="rp-limit-period">{PLAY_LIMIT_PERIOD_NAMES[limit.period]}</span>
        <span className="rp-limit-amount" data-testid="rp-limit-amount">
          {limit.amount === null ? (
            <span className="muted">未设置</span>
          ) : (
            <>
              <Money value={limit.amount} /> <small>元</small>
            </>
          )}
        </span>
        <Button size="mini" fill="outline" className="gold" onClick={onEdit}>
          {limit.amount === null && !limit.pending ? '设置' : '修改'}
        </Button>
      </div>
      {limit.amount !== null ? (
        <ProgressBar
          className={full ? 'rp-progress rp-progress-full' : 'rp-progress'}
          percent={usedPercent(limit)}
        />
      ) : null}
      <div className="rp-limit-meta">
        <span>
          本期已用 <Money value={limit.used} />
        </span>
        {limit.remaining !== null ? (
          <span className={full ? 'rp-loss' : undefined}>
            剩余 <Money value={limit.remaining} />
          </span>
        ) : null}
      </div>
      <div className="rp-limit-meta">
        <span>{formatDateTime(limit.resets_at)} 重置</span>
      </div>
      {limit.pending ? (
        <div className="rp-limit-pending" data-testid="rp-limit-pending">
          <span className="rp-tag">待生效</span>
          {pendingWords(limit.pending)}，{formatDateTime(limit.pending.effective_at)} 生效
        </div>
      ) : null}
    </div>
  );
}
