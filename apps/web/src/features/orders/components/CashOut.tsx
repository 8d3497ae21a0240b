import { TOAST_MS } from '@app/shared';
import { Button, Dialog, Stepper } from 'antd-mobile';
import { useState } from 'react';
import { errorMessage } from '@/lib/api/errors.ts';
import { toast } from '@/lib/toast.tsx';
import { Money, yuan } from '@/ui/Money.tsx';
import { shanghaiParts } from '@/ui/format.ts';
import { AFTER_BALANCE_PUSH_MS, changedOffer } from '../cash-out.ts';
import { useCashOutQuery, useCashOutSubmission } from '../queries.ts';

interface Terms {
  amount: string;
  changed: boolean;
  /** Shares taken of the order's shares (all: the whole order). */
  shares: number;
  total: number;
  /** In play: the bet delay the request waits through, in seconds (0 before kick-off). */
  delay: number;
}

/** What the confirmation says: the amount, what is closed and what stays, and any wait. */
function ConfirmContent({ amount, changed, shares, total, delay }: Terms) {
  const partial = shares < total;
  return (
    <div className="cash-out-confirm" data-testid="cash-out-confirm">
      {changed ? (
        <p className="cash-out-changed" data-testid="cash-out-changed">
          提前结算金额已变为 {yuan(amount)} 元
        </p>
      ) : null}
      <p>
        {partial ? `部分提前结算 ${shares}/${total} 份，金额 ` : '提前结算金额 '}
        <b data-testid="cash-out-confirm-amount">{yuan(amount)}</b> 元，
        {delay > 0 ? '确认后存入账户余额。' : '将立即存入账户余额。'}
      </p>
      {delay > 0 ? (
        <p className="cash-out-delay" data-testid="cash-out-delay">
          比赛进行中：须经 {delay} 秒投注延迟确认，期间盘口暂停或金额变化按您的赔率变化设置处理。
        </p>
      ) : null}
      <p className="muted">
        {partial ? `其余 ${total - shares} 份照常结算派奖。` : '结算后本注单即告结束，中奖与否都不再派奖。'}
      </p>
    </div>
  );
}

/**
 * 提前结算 on a pending order: the offer now (re-asked every few seconds) for the whole order or,
 * with a stepper, some of its shares (部分提前结算), beside the stake still in play and what
 * earlier shares paid; or why there is none. Taking it asks once, and again with the new amount
 * when the offer moved before the server took it. In play the request waits through the bet
 * delay: the card says until when, and `cash_out.decided` (pushes.ts) tells the outcome.
 */
export function CashOut({ orderNo }: { orderNo: string }) {
  const [wanted, setWanted] = useState<number | null>(null);
  const quote = useCashOutQuery(orderNo, true, wanted ?? undefined);
  const submission = useCashOutSubmission();
  const data = quote.data;
  const total = data?.shares_total ?? 1;
  const shares = Math.min(wanted ?? total, total);
  const offer = data?.available ? data.offer : null;
  const delay = data?.in_play ? data.delay_seconds : 0;

  const take = async (shown: string) => {
    let amount = shown;
    let changed = false;
    // Each round is one answer from the member; a moved offer asks again with the new amount.
    for (;;) {
      const confirmed = await Dialog.confirm({
        title: shares < total ? '确认部分提前结算' : '确认提前结算',
        content: (
          <ConfirmContent amount={amount} changed={changed} shares={shares} total={total} delay={delay} />
        ),
        confirmText: '确认结算',
        cancelText: '取消',
      });
      if (!confirmed) return;
      try {
        const result = await submission.mutateAsync({
          orderNo,
          offer: amount,
          shares: shares < total ? shares : undefined,
        });
        if (result.amount === null) {
          toast.info('滚球提前结算已提交，投注延迟结束后确认');
          return;
        }
        const said =
          result.status === 'pending'
            ? `已部分提前结算，${yuan(result.amount)}元已到账`
            : `已提前结算，${yuan(result.amount)}元已到账`;
        setWanted(null);
        setTimeout(() => toast.success(said, TOAST_MS.balance), AFTER_BALANCE_PUSH_MS);
        return;
      } catch (error) {
        const next = changedOffer(error);
        if (next === null) {
          toast.error(errorMessage(error));
          return;
        }
        amount = next;
        changed = true;
      }
    }
  };

  return (
    <section className="card cash-out" data-testid="cash-out">
      <div className="cash-out-head">
        <strong>提前结算</strong>
        {data ? (
          <span className="muted">
            投注 <Money value={data.stake} /> · 最高奖金 <Money value={data.max_prize} />
          </span>
        ) : null}
      </div>
      {data && data.cashed_out !== '0.00' ? (
        <p className="cash-out-done" data-testid="cash-out-done">
          已部分提前结算 <Money value={data.cashed_out} /> 元，余下投注照常结算
        </p>
      ) : null}
      {data && total > 1 && !data.waiting ? (
        <div className="cash-out-shares" data-testid="cash-out-shares">
          <span>
            结算份数{' '}
            <b data-testid="cash-out-share-count">{shares === total ? '全部' : `${shares}/${total}`}</b>
          </span>
          <Stepper
            min={1}
            max={total}
            digits={0}
            value={shares}
            onChange={(value) => setWanted(value === total ? null : value)}
          />
        </div>
      ) : null}
      {!data ? (
        <p className="cash-out-reason muted">{quote.isError ? '暂时无法获取提前结算金额' : '正在计算…'}</p>
      ) : data.waiting ? (
        <p className="cash-out-waiting" data-testid="cash-out-waiting">
          提前结算确认中：{yuan(data.waiting.accepted)} 元，
          {shanghaiParts(data.waiting.decide_at)?.timeWithSeconds ?? '--'} 前确认
        </p>
      ) : offer !== null ? (
        <div className="cash-out-main">
          <span className="cash-out-offer">
            {shares < total ? `${shares}/${total} 份可结算 ` : '当前可提前结算 '}
            <b data-testid="cash-out-offer">{yuan(offer)}</b> 元
            {delay > 0 ? <em className="cash-out-live">滚球 · {delay} 秒确认</em> : null}
          </span>
          <Button
            color="primary"
            size="small"
            shape="rounded"
            data-testid="cash-out-button"
            disabled={submission.isPending}
            onClick={() => void take(offer)}
          >
            提前结算
          </Button>
        </div>
      ) : (
        <p className="cash-out-reason muted" data-testid="cash-out-reason">
          {data.reason ?? '暂不能提前结算'}
        </p>
      )}
    </section>
  );
}
