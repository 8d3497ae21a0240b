import { CHASE_MAX_PERIODS, formatFen } from '@app/shared';
import { Button, Checkbox, Popup } from 'antd-mobile';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '@/lib/toast.tsx';
import { CountInput } from '@/ui/AmountInput.tsx';
import { yuan } from '@/ui/Money.tsx';
import type { SlipLine } from '../model.ts';
import {
  DEFAULT_CHASE,
  periodNumbersFrom,
  planFor,
  slipLeastWinFen,
  slipStakeFen,
  type ChaseMode,
  type ChaseSettings,
} from './model.ts';
import { useCreateChase } from './queries.ts';
import { chaseDetailPath } from './paths.ts';

const MODES: ReadonlyArray<{ mode: ChaseMode; label: string }> = [
  { mode: 'same', label: '同倍追号' },
  { mode: 'profit', label: '翻倍追号（利润率）' },
];

/**
 * 追号 from the slip: how many periods, 同倍 or 翻倍 by a minimum profit rate, the first multiple
 * and 中奖后停止; the plan period by period (期号, 倍数, 金额, 累计投入, 中奖盈利) by the shared engine;
 * confirming freezes the total and places the first period now.
 */
export function ChaseSheet({
  visible,
  code,
  firstExpect,
  lines,
  onClose,
  onPlaced,
}: {
  visible: boolean;
  code: string;
  /** The period the chase starts with (the current one, open). */
  firstExpect: string;
  lines: SlipLine[];
  onClose: () => void;
  onPlaced: () => void;
}) {
  const navigate = useNavigate();
  const create = useCreateChase();
  const [settings, setSettings] = useState<ChaseSettings>(DEFAULT_CHASE);
  const [problems, setProblems] = useState<Record<string, string | null>>({});
  const set = (patch: Partial<ChaseSettings>) => setSettings((s) => ({ ...s, ...patch }));
  const problemOf = (field: string) => (message: string | null) =>
    setProblems((p) => ({ ...p, [field]: message }));
  const held = Object.values(problems).some((p) => p !== null);

  const stake = slipStakeFen(lines);
  const prize = useMemo(() => slipLeastWinFen(code, lines, Date.now()), [code, lines]);
  const result = planFor(settings, stake, prize);
  const numbers = useMemo(
    () => periodNumbersFrom(code, firstExpect, settings.periods),
    [code, firstExpect, settings.periods],
  );
  const plan = result.ok ? result.plan : [];
  const total = plan.at(-1)?.spentFen ?? 0n;

  const confirm = async () => {
    if (!result.ok || lines.length === 0) return;
    try {
      const created = await create.mutateAsync({
        lottery_code: code,
        start_expect: firstExpect,
        bets: lines.map((l) => ({
          play_code: l.playCode,
          bet_codes: l.codes,
          multiple: l.multiple,
          unit: l.unit,
        })),
        multiples: plan.map((p) => p.multiple),
        stop: settings.stopOnWin ? 'any_win' : 'none',
        total_amount: formatFen(total),
      });
      toast.success(`追号成功，共${created.chase.periods}期，已冻结${yuan(created.chase.total_amount)}元`);
      onPlaced();
      void navigate(chaseDetailPath(created.chase.chase_no));
    } catch {
      // The submission toasts the failure.
    }
  };

  return (
    <Popup visible={visible} onMaskClick={onClose} bodyClassName="lt-chase-popup" destroyOnClose>
      <div className="lt-slip-head">
        <strong>追号</strong>
        <span className="muted">从第{firstExpect}期起</span>
      </div>
      <div className="lt-chase-form" data-testid="chase-form">
        <div className="lt-chase-modes" role="radiogroup" aria-label="追号方式">
          {MODES.map((m) => (
            <button
              key={m.mode}
              type="button"
              role="radio"
              aria-checked={settings.mode === m.mode}
              className={settings.mode === m.mode ? 'on' : undefined}
              onClick={() => set({ mode: m.mode })}
            >
              {m.label}
            </button>
          ))}
        </div>
        <label className="lt-chase-field">
          <span>追号期数</span>
          <CountInput
            testId="chase-periods"
            label="追号期数"
            min={1}
            max={CHASE_MAX_PERIODS}
            value={settings.periods}
            onChange={(periods) => set({ periods })}
            onProblem={problemOf('periods')}
          />
          <span className="muted">期</span>
        </label>
        <label className="lt-chase-field">
          <span>起始倍数</span>
          <CountInput
            testId="chase-start-multiple"
            min={1}
            max={9999}
            value={settings.startMultiple}
            onChange={(startMultiple) => set({ startMultiple })}
            onProblem={problemOf('start')}
          />
          <span className="muted">倍</span>
        </label>
        {settings.mode === 'profit' ? (
          <label className="lt-chase-field">
            <span>最低利润率</span>
            <CountInput
              testId="chase-rate"
              label="利润率"
              min={0}
              max={1000}
              value={settings.minProfitPct}
              onChange={(minProfitPct) => set({ minProfitPct })}
              onProblem={problemOf('rate')}
            />
            <span className="muted">%</span>
          </label>
        ) : null}
        <Checkbox
          checked={settings.stopOnWin}
          onChange={(stopOnWin) => set({ stopOnWin })}
          data-testid="chase-stop-on-win"
        >
          中奖后停止追号
        </Checkbox>
      </div>
      {result.ok ? (
        <div className="lt-chase-plan" data-testid="chase-plan">
          <div className="lt-chase-row head">
            <span>期号</span>
            <span>倍数</span>
            <span>金额</span>
            <span>累计投入</span>
            <span>中奖盈利</span>
          </div>
          {plan.map((p, i) => (
            <div key={p.index} className="lt-chase-row" data-testid="chase-plan-row">
              <span className="mono">{numbers[i]?.slice(-4) ?? p.index}</span>
              <span>{p.multiple}</span>
              <span>{yuan(p.amountFen)}</span>
              <span>{yuan(p.spentFen)}</span>
              <span className={p.profitFen >= 0n ? 'up' : 'down'}>{yuan(p.profitFen)}</span>
            </div>
          ))}
        </div>
      ) : (
        <p className="lt-chase-problem" data-testid="chase-problem">
          {result.message}
        </p>
      )}
      <div className="lt-slip-foot">
        <span data-testid="chase-total">
          共 {plan.length} 期 合计 <strong className="gold-text">{yuan(total)}</strong> 元
        </span>
        <Button
          color="primary"
          data-testid="chase-confirm"
          onClick={() => void confirm()}
          disabled={!result.ok || held || create.isPending || lines.length === 0}
        >
          确认追号
        </Button>
      </div>
    </Popup>
  );
}
