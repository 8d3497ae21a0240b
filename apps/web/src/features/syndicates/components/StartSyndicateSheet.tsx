import {
  boostRateText,
  formatFen,
  SYNDICATE_MAX_COMMISSION_BP,
  SYNDICATE_VISIBILITY,
  SYNDICATE_VISIBILITY_KEYS,
  sharePrice,
  type OrderSubmitBody,
  type SyndicateVisibility,
} from '@app/shared';
import type { ApiBody } from '@app/shared/api';
import { Button, Popup, TextArea } from 'antd-mobile';
import { useState } from 'react';
import { CountInput } from '@/ui/AmountInput.tsx';
import { ChoiceChips } from '@/ui/ChoiceChips.tsx';
import { yuan } from '@/ui/Money.tsx';
import { useStartSyndicate } from '../queries.ts';
import '../syndicates.css';

const RATES = Array.from({ length: SYNDICATE_MAX_COMMISSION_BP / 100 + 1 }, (_, i) => i * 100);

/** What a plan buys: a 竞彩 slip, or lottery lines on one period. */
export type SyndicateSubject =
  | { slip: Omit<OrderSubmitBody, 'free_bet_id'> }
  | { lottery: NonNullable<ApiBody<'POST', '/v1/syndicates'>['lottery']> };

/**
 * 发起合买 from a slip (竞彩 or lottery): its stake split into shares (每份至少1元), the initiator's
 * own shares, 保底, commission and who sees the selections. Everything the member buys and
 * guarantees is frozen now; the plan is placed when full or at its deadline.
 */
export function StartSyndicateSheet({
  open,
  onClose,
  subject,
  totalFen,
  onStarted,
}: {
  open: boolean;
  onClose: () => void;
  subject: SyndicateSubject;
  /** The slip's stake (what the shares split). */
  totalFen: bigint;
  onStarted: (planId: number) => void;
}) {
  const wholeYuan = Number(totalFen / 100n);
  const [shares, setShares] = useState(Math.max(1, wholeYuan));
  const [buy, setBuy] = useState(Math.max(1, Math.ceil(wholeYuan / 20)));
  const [guarantee, setGuarantee] = useState(0);
  const [rate, setRate] = useState(0);
  const [visibility, setVisibility] = useState<SyndicateVisibility>('public');
  const [title, setTitle] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const start = useStartSyndicate();
  const price = sharePrice(totalFen, shares);
  const priceFen = price.ok ? price.priceFen : 0n;
  const frozenFen = priceFen * BigInt(buy + guarantee);
  const why =
    problem ??
    (!price.ok
      ? price.message
      : buy > shares
        ? '认购份数不能超过总份数'
        : guarantee > shares - buy
          ? `保底份数不能超过剩余的${shares - buy}份`
          : null);

  const submit = async () => {
    try {
      const { plan } = await start.mutateAsync({
        ...subject,
        shares,
        buy_shares: buy,
        guarantee_shares: guarantee,
        commission_bp: rate,
        visibility,
        title,
      });
      onStarted(plan.id);
    } catch {
      // The submission toasts the failure.
    }
  };

  return (
    <Popup visible={open} onMaskClick={onClose} onClose={onClose} destroyOnClose>
      <div className="sy-start" data-testid="syndicate-start">
        <h3>发起合买 · 方案金额 {yuan(totalFen)} 元</h3>
        <div className="sy-row">
          <span>总份数</span>
          <CountInput
            testId="syndicate-total-shares"
            label="总份数"
            min={1}
            max={Math.max(1, wholeYuan)}
            value={shares}
            onChange={setShares}
            onProblem={setProblem}
          />
        </div>
        <div className="sy-row">
          <span>每份金额</span>
          <b data-testid="syndicate-share-price">{price.ok ? `${yuan(priceFen)} 元` : '--'}</b>
        </div>
        <div className="sy-row">
          <span>我认购</span>
          <CountInput
            testId="syndicate-buy-shares"
            label="认购份数"
            min={1}
            max={shares}
            value={buy}
            onChange={setBuy}
            onProblem={setProblem}
          />
        </div>
        <div className="sy-row">
          <span>保底</span>
          <CountInput
            testId="syndicate-guarantee"
            label="保底份数"
            min={0}
            max={Math.max(0, shares - buy)}
            value={guarantee}
            onChange={setGuarantee}
            onProblem={setProblem}
          />
        </div>
        <div className="sy-row">
          <span>佣金</span>
          <ChoiceChips
            label="佣金比例"
            options={RATES.map((r) => ({ key: r, text: boostRateText(r) }))}
            value={rate}
            onChange={setRate}
          />
        </div>
        <div className="sy-row">
          <span>保密</span>
          <ChoiceChips
            label="方案保密"
            options={SYNDICATE_VISIBILITY_KEYS.map((v) => ({ key: v, text: SYNDICATE_VISIBILITY[v] }))}
            value={visibility}
            onChange={setVisibility}
          />
        </div>
        <TextArea
          placeholder="方案宣言（选填，200字以内）"
          maxLength={200}
          rows={2}
          value={title}
          onChange={setTitle}
        />
        {why ? (
          <p className="sy-problem" data-testid="syndicate-start-problem">
            {why}
          </p>
        ) : null}
        <p className="sy-summary" data-testid="syndicate-start-summary">
          现在冻结 <b>{yuan(formatFen(frozenFen))}</b> 元（认购 {buy} 份
          {guarantee > 0 ? ` + 保底 ${guarantee} 份` : ''}
          ）。满员即出票，截止时未满由保底补足，仍不足则流产并全额退回；中奖后发起人从盈利中提取
          {boostRateText(rate)}佣金，其余按份数分配。
        </p>
        <Button
          color="primary"
          block
          data-testid="syndicate-start-submit"
          disabled={why !== null || start.isPending}
          loading={start.isPending}
          onClick={() => void submit()}
        >
          确认发起
        </Button>
      </div>
    </Popup>
  );
}
