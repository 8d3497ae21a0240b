import {
  formatFen,
  PRIZE_OPTIMISE_LABELS,
  PRIZE_OPTIMISE_METHODS,
  SPORTS_MAX_MULTIPLE,
  SPORTS_MAX_STAKE_FEN,
  SPORTS_MIN_MULTIPLE,
  optionName,
  playTypeOf,
  type PrizeOptimiseMethod,
} from '@app/shared';
import { Button, Popup } from 'antd-mobile';
import { useMemo, useState } from 'react';
import { AmountInput, CountInput } from '@/ui/AmountInput.tsx';
import { checkAmount } from '@/ui/amount.ts';
import { yuan } from '@/ui/Money.tsx';
import {
  combinedOdds,
  defaultPlanTotal,
  planFor,
  planReturns,
  type PlanBet,
  type PlanSlip,
} from '../slip/optimise.ts';
import { previewSlip, type SlipChoices } from '../slip/preview.ts';
import type { SlipMatchInfo } from '../slip/store.ts';

const HINTS: Record<PrizeOptimiseMethod, string> = {
  average: '各注奖金尽量接近，任一注中奖回报相近',
  hot: '每注至少保本，余额加到最可能中的一注',
  cold: '每注至少保本，余额加到赔率最高的一注',
};

function betLabel(bet: PlanBet, matches: Record<string, SlipMatchInfo | undefined>): string {
  return bet.legs
    .map((l) => {
      const def = playTypeOf(l.sport, l.betType);
      return `${matches[l.matchId]?.matchNo ?? l.matchId} ${def ? optionName(def.id, l.option) : l.option}`;
    })
    .join(' × ');
}

interface Props {
  open: boolean;
  onClose: () => void;
  choices: SlipChoices & { matches: Record<string, SlipMatchInfo | undefined> };
  plan: Extract<PlanSlip, { ok: true }>;
  submitting: boolean;
  onSubmit: (multiples: number[]) => void;
}

/**
 * 奖金优化: the member names a total and a method; the engine spreads the total over the slip's
 * bets in whole 2元 units, shown bet by bet with its return. Each multiple can be changed before
 * submitting (the total follows); the plan goes to the server, which decides it again.
 */
export function PrizeOptimiseSheet({ open, onClose, choices, plan, submitting, onSubmit }: Props) {
  const { bets, valid } = plan;
  const [method, setMethod] = useState<PrizeOptimiseMethod>('average');
  const [totalText, setTotalText] = useState(() =>
    formatFen(defaultPlanTotal(valid.betCount, choices.multiple)).replace(/\.00$/, ''),
  );
  // The member's own edits, by bet, over the engine's plan; cleared when the plan is asked again.
  const [edits, setEdits] = useState<Record<number, number>>({});
  const [problems, setProblems] = useState<Record<number, string | null>>({});
  const rule = {
    kind: 'money' as const,
    min: BigInt(valid.betCount) * 200n,
    max: SPORTS_MAX_STAKE_FEN,
    label: '优化金额',
  };
  const total = checkAmount(totalText, rule);
  const totalFen = total.state === 'ok' ? total.value : null;
  const planned = useMemo(
    () => (totalFen === null ? null : planFor(bets, totalFen, method)),
    [bets, totalFen, method],
  );
  const multiples = planned?.ok ? planned.multiples.map((m, i) => edits[i] ?? m) : null;
  const returns = multiples ? planReturns(bets, multiples) : null;
  const checked = multiples ? previewSlip(choices, multiples) : null;
  const editing = Object.values(problems).some((p) => p);
  const replan = (next: () => void) => {
    next();
    setEdits({});
  };

  return (
    <Popup
      visible={open}
      onMaskClick={onClose}
      onClose={onClose}
      bodyClassName="optimise-sheet"
      destroyOnClose
    >
      <div className="slip-sheet-head">
        <strong>奖金优化</strong>
        <span className="slip-mode">
          {valid.passType.name} · {valid.betCount}注
        </span>
        <button type="button" className="slip-clear-text" onClick={onClose}>
          返回
        </button>
      </div>
      <div className="optimise-body" data-testid="optimise-sheet">
        <div className="optimise-total">
          <label htmlFor="optimise-total">计划购买</label>
          <AmountInput
            id="optimise-total"
            value={totalText}
            onChange={(text) => replan(() => setTotalText(text))}
            rule={rule}
            label="计划购买金额"
            testId="optimise-total"
          />
          <span>元</span>
        </div>
        <div className="pass-types optimise-methods" role="radiogroup" aria-label="优化方式">
          {PRIZE_OPTIMISE_METHODS.map((m) => (
            <button
              key={m}
              type="button"
              role="radio"
              aria-checked={method === m}
              className={method === m ? 'pass-type active' : 'pass-type'}
              onClick={() => replan(() => setMethod(m))}
            >
              {PRIZE_OPTIMISE_LABELS[m]}
            </button>
          ))}
        </div>
        <p className="hint">{HINTS[method]}</p>
        {planned && !planned.ok ? (
          <p className="slip-message" role="alert" data-testid="optimise-message">
            {planned.message}
          </p>
        ) : null}
        {planned?.ok && planned.fellBack ? (
          <p className="slip-message" role="status" data-testid="optimise-fell-back">
            金额不足以让每注保本，已按平均优化分配
          </p>
        ) : null}
        {multiples && returns ? (
          <table className="optimise-table" data-testid="optimise-table">
            <thead>
              <tr>
                <th>组合</th>
                <th>赔率</th>
                <th>倍数</th>
                <th>预计奖金</th>
              </tr>
            </thead>
            <tbody>
              {bets.map((bet, i) => (
                <tr key={bet.legs.map((l) => `${l.matchId}${l.option}`).join('|')} data-testid="optimise-row">
                  <td className="optimise-legs">{betLabel(bet, choices.matches)}</td>
                  <td>{combinedOdds(bet)}</td>
                  <td>
                    <CountInput
                      min={SPORTS_MIN_MULTIPLE}
                      max={SPORTS_MAX_MULTIPLE}
                      value={multiples[i] ?? 1}
                      onChange={(n) => setEdits((e) => ({ ...e, [i]: n }))}
                      onProblem={(p) => setProblems((all) => (all[i] === p ? all : { ...all, [i]: p }))}
                      label={`第${i + 1}注倍数`}
                    />
                  </td>
                  <td className="prize" data-testid="optimise-return">
                    {yuan(returns[i] ?? 0n)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
      </div>
      <div className="slip-sheet-foot">
        {checked ? (
          checked.ok ? (
            <dl className="slip-summary optimise-summary" data-testid="optimise-summary">
              <div>
                <dt>注数</dt>
                <dd>{checked.betCount}</dd>
              </div>
              <div>
                <dt>投注金额</dt>
                <dd>
                  <strong data-testid="optimise-stake">
                    {editing ? '—' : formatFen(checked.totalStake)}
                  </strong>
                  元
                </dd>
              </div>
              <div>
                <dt>最高奖金</dt>
                <dd>
                  <strong className="prize" data-testid="optimise-max-prize">
                    {editing ? '—' : yuan(checked.maxPrize)}
                  </strong>
                  元
                </dd>
              </div>
            </dl>
          ) : (
            <p className="slip-message" role="alert">
              {checked.message}
            </p>
          )
        ) : null}
        <Button
          color="primary"
          block
          loading={submitting}
          disabled={!multiples || !checked?.ok || editing}
          onClick={() => {
            if (multiples) onSubmit(multiples);
          }}
        >
          确认投注
        </Button>
      </div>
    </Popup>
  );
}
