import { TOAST_MS } from '@app/shared';
import { Button, Dialog } from 'antd-mobile';
import { errorMessage } from '@/lib/api/errors.ts';
import { toast } from '@/lib/toast.tsx';
import { Money, yuan } from '@/ui/Money.tsx';
import { AFTER_BALANCE_PUSH_MS, changedOffer } from '../cash-out.ts';
import { useCashOutQuery, useCashOutSubmission } from '../queries.ts';

/** What the confirmation says: the amount, and that the order closes whatever its matches do. */
function ConfirmContent({ amount, changed }: { amount: string; changed: boolean }) {
  return (
    <div className="cash-out-confirm" data-testid="cash-out-confirm">
      {changed ? (
        <p className="cash-out-changed" data-testid="cash-out-changed">
          提前结算金额已变为 {yuan(amount)} 元
        </p>
      ) : null}
      <p>
        提前结算金额 <b data-testid="cash-out-confirm-amount">{yuan(amount)}</b> 元，将立即存入账户余额。
      </p>
      <p className="muted">结算后本注单即告结束，中奖与否都不再派奖。</p>
    </div>
  );
}

/**
 * 提前结算 on a pending order: the offer now (re-asked every few seconds) beside the stake and
 * the most it may pay, or why there is none; taking it asks once, and again with the new amount
 * when the offer moved before the server took it.
 */
export function CashOut({ orderNo }: { orderNo: string }) {
  const quote = useCashOutQuery(orderNo, true);
  const submission = useCashOutSubmission();
  const data = quote.data;
  const offer = data?.available ? data.offer : null;

  const take = async (shown: string) => {
    let amount = shown;
    let changed = false;
    // Each round is one answer from the member; a moved offer asks again with the new amount.
    for (;;) {
      const confirmed = await Dialog.confirm({
        title: '确认提前结算',
        content: <ConfirmContent amount={amount} changed={changed} />,
        confirmText: '确认结算',
        cancelText: '取消',
      });
      if (!confirmed) return;
      try {
        const result = await submission.mutateAsync({ orderNo, offer: amount });
        const said = `已提前结算，${yuan(result.amount)}元已到账`;
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
      {!data ? (
        <p className="cash-out-reason muted">{quote.isError ? '暂时无法获取提前结算金额' : '正在计算…'}</p>
      ) : offer !== null ? (
        <div className="cash-out-main">
          <span className="cash-out-offer">
            当前可提前结算 <b data-testid="cash-out-offer">{yuan(offer)}</b> 元
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
