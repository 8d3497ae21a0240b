import { useEffect, useRef, useState } from 'react';
import { oddsDirection } from '../slip/odds-changes.ts';
import { hasOdds } from '../model.ts';

/** How long a moved price keeps its arrow (红涨绿跌) on the board. */
export const ODDS_TREND_MS = 4_000;

/** 'up' / 'down' for a while after the odds move (not on the first render), else null. */
function useOddsTrend(odds: string): 'up' | 'down' | null {
  const [trend, setTrend] = useState<'up' | 'down' | null>(null);
  const last = useRef(odds);
  useEffect(() => {
    if (odds === last.current) return;
    const moved = oddsDirection(last.current, odds);
    last.current = odds;
    if (!moved) return;
    setTrend(moved);
    const timer = setTimeout(() => setTrend(null), ODDS_TREND_MS);
    return () => clearTimeout(timer);
  }, [odds]);
  return trend;
}

interface OddsButtonProps {
  name: string;
  odds: string;
  selected?: boolean;
  /** Read-only odds (in play, after kick-off): shown, not tappable. */
  readOnly?: boolean;
  /** Closed by an operator, or in play after a goal: shown greyed out with 暂停, not tappable. */
  suspended?: boolean;
  /** The match stopped selling (已停售): odds shown greyed out, not tappable. */
  closed?: boolean;
  onTap?: () => void;
  testId?: string;
}

/** One option with its odds: tap to toggle it in the slip. */
export function OddsButton({
  name,
  odds,
  selected,
  readOnly,
  suspended,
  closed,
  onTap,
  testId,
}: OddsButtonProps) {
  const priced = hasOdds(odds);
  const trend = useOddsTrend(odds);
  const showTrend = trend !== null && priced && !suspended;
  const content = (
    <>
      <span className="odds-name">{name}</span>
      <span className={showTrend ? `odds-value trend-${trend}` : 'odds-value'}>
        {suspended ? '暂停' : priced ? odds : '--'}
        {showTrend ? (
          <i className={`odds-trend ${trend}`} aria-label={trend === 'up' ? '赔率上升' : '赔率下降'} />
        ) : null}
      </span>
    </>
  );
  if (readOnly) {
    return (
      <div className="odds-button read-only" data-testid={testId}>
        {content}
      </div>
    );
  }
  return (
    <button
      type="button"
      className={`odds-button${selected ? ' selected' : ''}${suspended ? ' suspended' : ''}${closed ? ' closed' : ''}`}
      data-trend={showTrend ? trend : undefined}
      aria-pressed={Boolean(selected)}
      disabled={!priced || suspended || closed}
      onClick={onTap}
      data-testid={testId}
    >
      {content}
    </button>
  );
}
