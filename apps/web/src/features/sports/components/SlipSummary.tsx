import { formatFen, type SlipValidation } from '@app/shared';

/** 注数 / 金额 / 最高奖金 from the engine, or the engine's message. */
export function SlipSummary({ preview, multiple }: { preview: SlipValidation; multiple: number }) {
  if (!preview.ok) {
    return (
      <p className="slip-message" role="alert" data-testid="slip-message">
        {preview.message}
      </p>
    );
  }
  return (
    <dl className="slip-summary" data-testid="slip-summary">
      <div>
        <dt>注数</dt>
        <dd data-testid="slip-bet-count">{preview.betCount}</dd>
      </div>
      <div>
        <dt>倍数</dt>
        <dd>{multiple}</dd>
      </div>
      <div>
        <dt>投注金额</dt>
        <dd>
          <strong data-testid="slip-stake">{formatFen(preview.totalStake)}</strong>元
        </dd>
      </div>
      <div>
        <dt>最高奖金</dt>
        <dd>
          <strong className="prize" data-testid="slip-max-prize">
            {formatFen(preview.maxPrize)}
          </strong>
          元
        </dd>
      </div>
    </dl>
  );
}
