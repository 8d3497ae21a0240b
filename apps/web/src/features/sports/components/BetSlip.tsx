import {
  countMatches,
  formatFen,
  optionName,
  playTypeOf,
  SPORTS_MAX_MULTIPLE,
  SPORTS_MIN_MULTIPLE,
  type BetSelection,
} from '@app/shared';
import { Button, Popup } from 'antd-mobile';
import { CloseCircleFill, DeleteOutline, UpOutline } from 'antd-mobile-icons';
import { useMemo, useState } from 'react';
import { CountInput } from '@/ui/AmountInput.tsx';
import { Money } from '@/ui/Money.tsx';
import type { SubmitResult } from '../../orders/model.ts';
import { groupByMatch, effectivePassType, offeredPassTypes, previewSlip } from '../slip/preview.ts';
import {
  chooseMultiple,
  choosePassType,
  clearSlipSelections,
  dismissDroppedLegs,
  removeSlipMatch,
  removeSlipSelection,
  useSlipStore,
  type DroppedLeg,
} from '../slip/store.ts';
import { CLOSED_REASON_TEXT } from '../deadline.ts';
import { useSlipSubmit } from '../slip/use-submit.tsx';
import { beijingDateTime } from '../time.ts';
import { SlipSummary } from './SlipSummary.tsx';

function selectionLabel(s: BetSelection): string {
  const def = playTypeOf(s.sport, s.betType);
  if (!def) return s.option;
  const line = s.line ? `(${s.line})` : '';
  return `${optionName(def.id, s.option)}${line}`;
}

/** Legs the slip dropped (deadline passed, market suspended), each with its reason. */
function DroppedLegs({ dropped }: { dropped: readonly DroppedLeg[] }) {
  return (
    <div className="slip-dropped" data-testid="slip-dropped" role="status">
      <div className="slip-dropped-head">
        <span>以下选项已无法投注，已移出投注单</span>
        <button type="button" className="slip-dropped-ok" onClick={dismissDroppedLegs}>
          知道了
        </button>
      </div>
      {dropped.map((d) => (
        <div
          key={`${d.selection.matchId}|${d.selection.betType}|${d.selection.option}`}
          className="slip-dropped-leg"
          data-testid="slip-dropped-leg"
          data-reason={d.reason}
        >
          <span className="match-no">{d.match?.matchNo}</span>
          <span className="slip-dropped-what">
            {d.match ? `${d.match.home} VS ${d.match.away} · ` : ''}
            {selectionLabel(d.selection)} @{d.selection.odds}
          </span>
          <span className={`sale-tag ${d.reason}`} data-testid="slip-dropped-reason">
            {CLOSED_REASON_TEXT[d.reason]}
          </span>
        </div>
      ))}
    </div>
  );
}

interface BetSlipProps {
  /** Balance to show (members), null for visitors. */
  balance: string | null;
  onPlaced: (result: SubmitResult) => void;
}

/** The slip: a bar at the bottom of the betting page and the sheet it opens. */
export function BetSlip({ balance, onPlaced }: BetSlipProps) {
  const [open, setOpen] = useState(false);
  const [multipleProblem, setMultipleProblem] = useState<string | null>(null);
  const choices = useSlipStore();
  const { slip, multiple, matches, dropped } = choices;
  const preview = useMemo(() => previewSlip(choices), [choices]);
  const offered = useMemo(() => offeredPassTypes(slip), [slip]);
  const pass = effectivePassType(choices);
  const groups = groupByMatch(slip.selectedBets);
  const matchCount = countMatches(slip.selectedBets);
  const { submit, submitting } = useSlipSubmit((result) => {
    setOpen(false);
    onPlaced(result);
  });
  const empty = slip.selectedBets.length === 0;

  return (
    <>
      <div className="slip-bar" data-testid="slip-bar">
        <button
          type="button"
          className="slip-bar-clear"
          aria-label="清空投注单"
          disabled={empty}
          onClick={clearSlipSelections}
        >
          <DeleteOutline />
        </button>
        <button
          type="button"
          className="slip-bar-info"
          onClick={() => setOpen(true)}
          disabled={empty && dropped.length === 0}
        >
          {empty && dropped.length > 0 ? (
            <span className="slip-bar-dropped" data-testid="slip-bar-dropped">
              {dropped.length}个选项已停止投注，已移出
            </span>
          ) : empty ? (
            <span className="muted">请选择投注选项</span>
          ) : (
            <>
              <span>
                已选 <strong data-testid="slip-match-count">{matchCount}</strong> 场
                {slip.betMode === 'mixed' && pass ? ` · ${pass.name}` : ''}
              </span>
              <span className="slip-bar-sub">
                {preview.ok ? (
                  <>
                    {preview.betCount}注 · 共<em>{formatFen(preview.totalStake)}</em>元
                  </>
                ) : (
                  preview.message
                )}
              </span>
            </>
          )}
          {empty ? null : <UpOutline className="slip-bar-arrow" />}
        </button>
        <Button color="primary" className="slip-bar-go" disabled={empty} onClick={() => setOpen(true)}>
          投注单
        </Button>
      </div>

      <Popup
        visible={open}
        onMaskClick={() => setOpen(false)}
        onClose={() => setOpen(false)}
        bodyClassName="slip-sheet"
        destroyOnClose
      >
        <div className="slip-sheet-head">
          <strong>投注单</strong>
          <span className="slip-mode">
            {slip.betMode === 'single' ? '单关' : '混合过关'} ·{' '}
            {playTypeOf(slip.currentSport, slip.currentBetType)?.name}
          </span>
          <button type="button" className="slip-clear-text" onClick={clearSlipSelections} disabled={empty}>
            清空
          </button>
        </div>
        <div className="slip-sheet-body">
          {dropped.length > 0 ? <DroppedLegs dropped={dropped} /> : null}
          {groups.length === 0 ? <p className="slip-empty">投注单是空的，请先选择投注选项</p> : null}
          {groups.map((group) => {
            const info = matches[group.matchId];
            return (
              <div key={group.matchId} className="slip-match" data-testid="slip-match">
                <div className="slip-match-head">
                  <span className="match-no">{info?.matchNo}</span>
                  <span className="slip-match-teams">
                    {info?.home} <i>VS</i> {info?.away}
                  </span>
                  <button
                    type="button"
                    className="slip-remove"
                    aria-label="移除该场"
                    onClick={() => removeSlipMatch(group.matchId)}
                  >
                    <CloseCircleFill />
                  </button>
                </div>
                <div className="slip-match-meta">
                  {info?.league} · {info ? beijingDateTime(info.kickoffAt) : ''} 截止
                </div>
                <div className="slip-picks">
                  {group.selections.map((s) => (
                    <button
                      key={s.option}
                      type="button"
                      className="slip-pick"
                      onClick={() => removeSlipSelection(s)}
                      aria-label={`移除 ${selectionLabel(s)}`}
                    >
                      {selectionLabel(s)} <b>@{s.odds}</b>
                      <CloseCircleFill className="slip-pick-x" />
                    </button>
                  ))}
                </div>
              </div>
            );
          })}

          {slip.betMode === 'mixed' && offered.length > 0 ? (
            <div className="slip-block">
              <div className="slip-block-title">过关方式</div>
              <div className="pass-types" role="radiogroup" aria-label="过关方式">
                {offered.map((t) => (
                  <button
                    key={t.code}
                    type="button"
                    role="radio"
                    aria-checked={pass?.code === t.code}
                    className={pass?.code === t.code ? 'pass-type active' : 'pass-type'}
                    onClick={() => choosePassType(t.code)}
                  >
                    {t.name}
                  </button>
                ))}
              </div>
            </div>
          ) : null}

          <div className="slip-block slip-multiple">
            <div className="slip-block-title">倍数</div>
            <div data-testid="slip-multiple">
              <CountInput
                min={SPORTS_MIN_MULTIPLE}
                max={SPORTS_MAX_MULTIPLE}
                value={multiple}
                onChange={chooseMultiple}
                onProblem={setMultipleProblem}
              />
            </div>
            <span className="hint">每注2元，1-99倍</span>
          </div>

          <SlipSummary preview={preview} multiple={multiple} />
        </div>
        <div className="slip-sheet-foot">
          <div className="slip-balance">
            可用余额{' '}
            {balance === null ? <span className="muted">登录后查看</span> : <Money value={balance} />}
          </div>
          <Button
            color="primary"
            block
            loading={submitting}
            disabled={empty || multipleProblem !== null}
            onClick={() => void submit()}
          >
            确认投注
          </Button>
        </div>
      </Popup>
    </>
  );
}
