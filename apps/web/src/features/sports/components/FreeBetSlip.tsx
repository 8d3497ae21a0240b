import { freeBetWinnings, parseYuan, type ValidSlip } from '@app/shared';
import { Button, Popup } from 'antd-mobile';
import { CouponOutline, RightOutline } from 'antd-mobile-icons';
import { yuan } from '@/ui/Money.tsx';
import { FreeBetCard } from '../../free-bets/components/FreeBetCard.tsx';
import type { FreeBet } from '../../free-bets/queries.ts';
import type { FreeBetChoice } from '../slip/free-bet.ts';

/**
 * The slip's 免费投注券 line (members with tickets): how many fit the slip as it stands, or the one
 * in use with 不使用 beside it. Tapping it opens the picker.
 */
export function FreeBetLine({
  chosen,
  usable,
  total,
  onOpen,
  onStop,
}: {
  chosen: FreeBet | null;
  usable: number;
  total: number;
  onOpen: () => void;
  onStop: () => void;
}) {
  return (
    <div className={chosen ? 'slip-free-bet on' : 'slip-free-bet'} data-testid="slip-free-bet">
      <button type="button" className="slip-free-bet-open" onClick={onOpen}>
        <CouponOutline className="slip-free-bet-icon" />
        <span className="slip-free-bet-title">免费投注券</span>
        <span className="slip-free-bet-state" data-testid="slip-free-bet-state">
          {chosen ? (
            <>
              已使用 <b>{yuan(chosen.value)}元</b>
            </>
          ) : usable > 0 ? (
            <>
              <b>{usable}</b>张可用
            </>
          ) : (
            `${total}张，当前投注单不可用`
          )}
        </span>
        <RightOutline className="slip-free-bet-arrow" />
      </button>
      {chosen ? (
        <button
          type="button"
          className="slip-free-bet-stop"
          data-testid="slip-free-bet-stop"
          onClick={onStop}
        >
          不使用
        </button>
      ) : null}
    </div>
  );
}

/**
 * The member's tickets for the slip: the usable ones first, each saying at which multiple it
 * stakes the slip; the others greyed out with the reason. Choosing one closes the picker.
 */
export function FreeBetPicker({
  open,
  onClose,
  choices,
  chosenId,
  onChoose,
  onStop,
}: {
  open: boolean;
  onClose: () => void;
  choices: readonly FreeBetChoice[];
  chosenId: number | null;
  onChoose: (ticket: FreeBet, multiple: number) => void;
  onStop: () => void;
}) {
  const usable = choices.filter((c) => c.fit.ok).length;
  return (
    <Popup
      visible={open}
      onMaskClick={onClose}
      onClose={onClose}
      bodyClassName="free-bet-sheet"
      destroyOnClose
    >
      <div className="slip-sheet-head">
        <strong>免费投注券</strong>
        <span className="slip-mode">{usable}张可用于当前投注单</span>
        <button type="button" className="slip-clear-text" onClick={onClose}>
          返回
        </button>
      </div>
      <p className="free-bet-rules">
        券面金额即本单投注金额，倍数按券面自动设定，实付0元；中奖返还不含本金；不可用于滚球和奖金优化。
      </p>
      <div className="free-bet-options" data-testid="free-bet-picker">
        {choices.map(({ ticket, fit }) => (
          <button
            key={ticket.id}
            type="button"
            className="free-bet-option"
            data-testid="free-bet-option"
            data-usable={fit.ok}
            aria-pressed={chosenId === ticket.id}
            disabled={!fit.ok}
            onClick={() => {
              if (fit.ok) onChoose(ticket, fit.multiple);
            }}
          >
            <FreeBetCard ticket={ticket} muted={!fit.ok}>
              <span className="fb-foot">
                {fit.ok ? (
                  <span className="fb-use">
                    {chosenId === ticket.id ? '使用中' : '使用'} · {fit.valid.betCount}注 × {fit.multiple}倍
                  </span>
                ) : (
                  <span className="fb-reason" data-testid="free-bet-reason">
                    {fit.reason}
                  </span>
                )}
              </span>
            </FreeBetCard>
          </button>
        ))}
      </div>
      {chosenId !== null ? (
        <div className="slip-sheet-foot">
          <Button block onClick={onStop}>
            不使用免费投注券
          </Button>
        </div>
      ) : null}
    </Popup>
  );
}

/**
 * What the member pays with a ticket (nothing: the ticket is the stake) and what a win would pay
 * them: the prize less the ticket's value (中奖返还不含本金).
 */
export function FreeBetPay({ ticket, valid }: { ticket: FreeBet; valid: ValidSlip }) {
  const parsed = parseYuan(ticket.value);
  const valueFen = parsed.ok ? parsed.fen : 0n;
  const pay = valid.totalStake > valueFen ? valid.totalStake - valueFen : 0n;
  return (
    <div className="slip-free-bet-pay" data-testid="slip-free-bet-pay">
      <div className="slip-free-bet-sums">
        <span>
          券抵扣 <b data-testid="slip-free-bet-deduct">-{yuan(valueFen)}</b>元
        </span>
        <span>
          实付 <b data-testid="slip-pay">{yuan(pay)}</b>元
        </span>
      </div>
      <p>
        中奖返还不含本金，最高实得{' '}
        <b className="prize" data-testid="slip-free-bet-net">
          {yuan(freeBetWinnings(valid.maxPrize, valueFen))}
        </b>
        元（奖金 − 券面{yuan(valueFen)}元）
      </p>
    </div>
  );
}
