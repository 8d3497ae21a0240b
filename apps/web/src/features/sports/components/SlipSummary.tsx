import { formatFen, type SlipValidation } from '@app/shared';
import { yuan } from '@/ui/Money.tsx';

/**
 * The slip's figures, or why there are none. While the multiple being typed is refused (its input
 * says why), the stake and prize are dashes: the last valid multiple's figures would be another slip.
 */
export function SlipSummary({
  preview,
  multiple,
  multipleProblem = null,
}: {
  preview: SlipValidation;
  multiple: number;
  multipleProblem?: string | null;
}) {
  if (!preview.ok) {
    return (
      <p className="slip-message" role="alert" data-testid="slip-message">
        {preview.message}
      </p>
    );
  }
  const pending = multipleProblem !== null;
  return (
    <dl className="slip-summary" data-testid="slip-summary">
      <div>
        <dt>注数</dt>
        <dd data-testid="slip-bet-count">{preview.betCount}</dd>
      </div>
      <div>
        <dt>倍数</dt>
        <dd data-testid="slip-multiple-shown">{pending ? '—' : multiple}</dd>
      </div>
      <div>
        <dt>投注金额</dt>
        <dd>
          <strong data-testid="slip-stake">{pending ? '—' : formatFen(preview.totalStake)}</strong>
          {pending ? null : '元'}
        </dd>
      </div>
      <div>
        <dt>最高奖金</dt>
        <dd>
          <strong className="prize" data-testid="slip-max-prize">
            {pending ? '—' : yuan(preview.maxPrize)}
          </strong>
          {pending ? null : '元'}
        </dd>
      </div>
    </dl>
  );
}
