import type { FamilyCode, LotteryBetView } from '@app/shared';
import { Button, Checkbox } from 'antd-mobile';
import { formatDateTime } from '@/ui/format.ts';
import { codesText, playTitle, UNIT_SUFFIX } from '../model.ts';
import { OpenCode } from './OpenCode.tsx';
import { yuan } from '@/ui/Money.tsx';
import { VoidTraceLine } from '@/ui/VoidTrace.tsx';

/** One lottery bet: play, codes, stake, status, the draw and what it paid; cancel while open. */
export function BetCard({
  bet,
  family,
  compact = false,
  onCancel,
  selected,
  onSelect,
}: {
  bet: LotteryBetView;
  family: FamilyCode;
  compact?: boolean;
  onCancel?: (bet: LotteryBetView) => void;
  selected?: boolean;
  onSelect?: (bet: LotteryBetView, on: boolean) => void;
}) {
  return (
    <article
      className={`lt-bet lt-bet-${bet.status}`}
      data-testid="lottery-bet"
      data-status={bet.status}
      data-bet-no={bet.bet_no}
    >
      <header className="lt-bet-head">
        {onSelect && bet.cancellable ? (
          <Checkbox checked={selected} onChange={(on) => onSelect(bet, on)} aria-label="选择注单" />
        ) : null}
        <span className="lt-bet-title">
          {compact ? null : <strong>{bet.lottery_name}</strong>}
          <span>第{bet.expect}期</span>
        </span>
        <span className={`lt-status lt-status-${bet.status}`}>{bet.status_text}</span>
      </header>
      <div className="lt-bet-body">
        <div className="lt-bet-play">
          <span>{playTitle(bet.play_group, bet.play_name)}</span>
          <span className="lt-bet-codes">{codesText(bet.play_code, bet.bet_codes)}</span>
        </div>
        <div className="lt-bet-figures">
          <span>
            {bet.item_count}注 × {bet.multiple}倍{UNIT_SUFFIX[bet.unit]}
          </span>
          <span>
            投注 <strong>{yuan(bet.amount)}</strong>
          </span>
          {bet.status === 'won' ? (
            <span className="lt-bet-payout" data-testid="bet-payout">
              派奖 <strong>{yuan(bet.payout)}</strong>
            </span>
          ) : null}
        </div>
        {bet.open_code ? (
          <div className="lt-bet-draw">
            <span className="muted">开奖</span>
            <OpenCode family={family} code={bet.open_code} size="sm" />
          </div>
        ) : null}
        <VoidTraceLine
          className="hint"
          action={bet.status === 'cancelled' ? '撤单' : '退款'}
          by={bet.void_by}
          reason={bet.cancel_reason}
          at={bet.voided_at}
        />
      </div>
      {compact ? null : (
        <footer className="lt-bet-foot">
          <span className="hint">
            {bet.bet_no} · {formatDateTime(bet.created_at, true)}
          </span>
          {onCancel && bet.cancellable ? (
            <Button size="mini" fill="outline" className="gold" onClick={() => onCancel(bet)}>
              撤单
            </Button>
          ) : null}
        </footer>
      )}
    </article>
  );
}
