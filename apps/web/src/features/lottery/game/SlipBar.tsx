import { Button, Popup } from 'antd-mobile';
import { DeleteOutline } from 'antd-mobile-icons';
import { useState, type Dispatch } from 'react';
import { CountInput } from '@/ui/AmountInput.tsx';
import { codesText, UNIT_SUFFIX, UNITS, type SlipLine } from '../model.ts';
import type { SlipAction, SlipState } from './slip-state.ts';
import type { PeriodPhase } from './use-period-phase.ts';
import { yuan } from '@/ui/Money.tsx';

interface SlipBarProps {
  state: SlipState;
  /** The saved lines plus the current picks (when they make a bet). */
  lines: SlipLine[];
  /** 注数 of the current picks alone (0 when they are not a bet yet). */
  items: number;
  phase: PeriodPhase;
  placing: boolean;
  canPick: boolean;
  dispatch: Dispatch<SlipAction>;
  onMachinePick: () => void;
  onAdd: () => void;
  /** Confirms and places the bet; true once it went through. */
  onSubmit: () => Promise<boolean>;
  /** Opens 追号 for the slip (the sheet closes first). */
  onChase: () => void;
  /** Opens 发起合买 for the slip (the sheet closes first). */
  onSyndicate: () => void;
}

/** The footer: 机选, 清空, the multiple and unit, the slip's total, 加入注单 and 立即投注; and the slip sheet. */
export function SlipBar({
  state,
  lines,
  items,
  phase,
  placing,
  canPick,
  dispatch,
  onMachinePick,
  onAdd,
  onSubmit,
  onChase,
  onSyndicate,
}: SlipBarProps) {
  const [open, setOpen] = useState(false);
  const [multipleProblem, setMultipleProblem] = useState<string | null>(null);
  const totalFen = lines.reduce((sum, l) => sum + l.amountFen, 0n);
  const totalItems = lines.reduce((sum, l) => sum + l.items, 0);
  const submit = () => {
    void onSubmit().then((placed) => {
      if (placed) setOpen(false);
    });
  };
  return (
    <>
      <div className="lt-slipbar">
        <div className="lt-slipbar-row">
          <button type="button" className="lt-chip-button" onClick={onMachinePick} disabled={!canPick}>
            机选
          </button>
          <button
            type="button"
            className="lt-chip-button"
            onClick={() => dispatch({ type: 'picks', picks: {} })}
          >
            清空
          </button>
          <CountInput
            testId="lottery-multiple"
            min={1}
            max={9999}
            value={state.multiple}
            onChange={(value) => dispatch({ type: 'multiple', value })}
            onProblem={setMultipleProblem}
          />
          <span className="muted lt-times">倍</span>
          <span className="lt-units" role="radiogroup" aria-label="投注单位">
            {UNITS.map((u) => (
              <button
                key={u.mode}
                type="button"
                role="radio"
                aria-checked={state.unit === u.mode}
                className={state.unit === u.mode ? 'on' : undefined}
                onClick={() => dispatch({ type: 'unit', unit: u.mode })}
              >
                {u.label}
              </button>
            ))}
          </span>
        </div>
        <div className="lt-slipbar-row">
          <button type="button" className="lt-slip-summary" onClick={() => setOpen(true)}>
            <span data-testid="slip-items">
              共 <strong>{totalItems}</strong> 注
            </span>
            <span data-testid="slip-amount">
              <strong className="gold-text">{yuan(totalFen)}</strong> 元
            </span>
            {state.lines.length > 0 ? <span className="lt-slip-count">注单 {state.lines.length}</span> : null}
          </button>
          <Button
            size="small"
            fill="outline"
            className="gold"
            onClick={onAdd}
            disabled={items === 0 || multipleProblem !== null}
          >
            加入注单
          </Button>
          <Button
            size="small"
            color="primary"
            onClick={submit}
            disabled={phase !== 'open' || totalItems === 0 || placing || multipleProblem !== null}
          >
            {phase === 'pending' ? '未开盘' : phase === 'open' || phase === 'none' ? '立即投注' : '已封盘'}
          </Button>
        </div>
      </div>

      <Popup visible={open} onMaskClick={() => setOpen(false)} bodyClassName="lt-slip-popup">
        <div className="lt-slip-head">
          <strong>投注单</strong>
          <button type="button" className="lt-link" onClick={() => dispatch({ type: 'clear-lines' })}>
            清空注单
          </button>
        </div>
        <div className="lt-slip-lines">
          {lines.length === 0 ? <div className="lt-empty-hint">注单为空，请先选号</div> : null}
          {lines.map((l) => (
            <div key={l.id} className="lt-slip-line">
              <div>
                <div>{l.playName}</div>
                <div className="lt-slip-codes">{codesText(l.playCode, l.codes)}</div>
              </div>
              <div className="lt-slip-line-amount">
                <span>
                  {l.items}注 × {l.multiple}倍{UNIT_SUFFIX[l.unit]}
                </span>
                <strong>{yuan(l.amountFen)}元</strong>
              </div>
              {state.lines.some((s) => s.id === l.id) ? (
                <button
                  type="button"
                  aria-label="删除"
                  className="lt-icon-button"
                  onClick={() => dispatch({ type: 'remove', id: l.id })}
                >
                  <DeleteOutline />
                </button>
              ) : (
                <span className="lt-slip-current">当前</span>
              )}
            </div>
          ))}
        </div>
        <div className="lt-slip-foot">
          <span>
            合计 <strong className="gold-text">{yuan(totalFen)}</strong> 元
          </span>
          <span className="lt-slip-actions">
            <Button
              fill="outline"
              className="gold"
              data-testid="slip-chase"
              onClick={() => {
                setOpen(false);
                onChase();
              }}
              disabled={phase !== 'open' || totalItems === 0 || multipleProblem !== null}
            >
              追号
            </Button>
            <Button
              fill="outline"
              className="gold"
              data-testid="slip-syndicate"
              onClick={() => {
                setOpen(false);
                onSyndicate();
              }}
              disabled={phase !== 'open' || totalItems === 0 || multipleProblem !== null}
            >
              合买
            </Button>
            <Button color="primary" onClick={submit} disabled={phase !== 'open' || totalItems === 0}>
              确认投注
            </Button>
          </span>
        </div>
      </Popup>
    </>
  );
}
