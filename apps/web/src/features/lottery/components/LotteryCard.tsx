import type { LotteryView } from '@app/shared';
import { RightOutline } from 'antd-mobile-icons';
import { LiveCountdown } from './Countdown.tsx';
import { OpenCode } from './OpenCode.tsx';

/** Short family names for the round badges. */
export const FAMILY_MARK: Record<LotteryView['type'], string> = {
  k3: '快3',
  pk10: '赛车',
  ssc: '时时',
  '11x5': '11选5',
  lhc: '六合',
};

/** A lottery in the hall: name, schedule, countdown of the current period and the latest draw. */
export function LotteryCard({ lottery, onOpen }: { lottery: LotteryView; onOpen: () => void }) {
  return (
    <button
      type="button"
      className="lt-card"
      onClick={onOpen}
      data-testid="lottery-card"
      data-code={lottery.code}
    >
      <span className={`lt-card-mark lt-mark-${lottery.type}`}>{FAMILY_MARK[lottery.type]}</span>
      <span className="lt-card-main">
        <span className="lt-card-title">
          <strong>{lottery.name}</strong>
          <span className="lt-card-schedule">{lottery.schedule_text}</span>
        </span>
        <span className="lt-card-period">
          {lottery.current ? (
            <>
              <span className="muted mono">{lottery.current.expect}期</span>
              <LiveCountdown period={lottery.current} compact />
            </>
          ) : (
            <span className="muted">等待开盘</span>
          )}
        </span>
        <span className="lt-card-latest">
          {lottery.latest ? (
            <>
              <span className="muted mono">{lottery.latest.expect}</span>
              <OpenCode family={lottery.type} code={lottery.latest.open_code} size="sm" />
            </>
          ) : (
            <span className="muted">暂无开奖</span>
          )}
        </span>
      </span>
      <RightOutline className="lt-card-arrow" />
    </button>
  );
}
