import type { LotteryPeriodView } from '@app/shared';
import { useServerNow } from '../clock.ts';
import { formatCountdown } from '../model.ts';

/** What a period is waiting for at `now`, with the time left. */
export function phaseOf(period: LotteryPeriodView | null | undefined, now: number) {
  if (!period) return { phase: 'none' as const, label: '暂无期号', left: 0 };
  const close = Date.parse(period.close_at);
  const draw = Date.parse(period.draw_at);
  const open = Date.parse(period.open_at);
  if (period.status === 'drawn') return { phase: 'drawn' as const, label: '已开奖', left: 0 };
  if (period.status === 'cancelled') return { phase: 'cancelled' as const, label: '已取消', left: 0 };
  if (now < open) return { phase: 'pending' as const, label: '距开盘', left: open - now };
  if (now < close && period.status !== 'closed')
    return { phase: 'open' as const, label: '距封盘', left: close - now };
  if (now < draw) return { phase: 'closed' as const, label: '已封盘 距开奖', left: draw - now };
  return { phase: 'drawing' as const, label: '开奖中', left: 0 };
}

/** The countdown to 封盘, then to the draw, then 开奖中 until the result arrives. */
export function Countdown({
  period,
  now,
  compact = false,
}: {
  period: LotteryPeriodView | null | undefined;
  now: number;
  compact?: boolean;
}) {
  const { phase, label, left } = phaseOf(period, now);
  return (
    <span
      className={`lt-countdown lt-phase-${phase}${compact ? ' compact' : ''}`}
      data-testid="countdown"
      data-phase={phase}
    >
      <span className="lt-countdown-label">{label}</span>
      {left > 0 ? <strong className="lt-countdown-time">{formatCountdown(left)}</strong> : null}
      {phase === 'drawing' ? <span className="lt-dots" aria-hidden="true" /> : null}
    </span>
  );
}

/**
 * The countdown on the server clock, ticking by itself: the one component that re-renders each
 * second, so the page around it does not.
 */
export function LiveCountdown({
  period,
  compact = false,
}: {
  period: LotteryPeriodView | null | undefined;
  compact?: boolean;
}) {
  const now = useServerNow();
  return <Countdown period={period} now={now} compact={compact} />;
}
